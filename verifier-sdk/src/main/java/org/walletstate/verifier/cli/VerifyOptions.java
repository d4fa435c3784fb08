package org.walletstate.verifier.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.KeySetResolver;
import org.walletstate.verifier.Mode;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.ProofVerifier;

/**
 * The command line of {@link VerifyCommand}, parsed: which statement type, the key set and
 * verification settings, and the trusted roots and pins of {@code --proof}. A malformed option is
 * an {@link IllegalArgumentException} (or a {@link java.time.format.DateTimeParseException}).
 */
final class VerifyOptions {

  private String keys;
  private Namespace namespace = Namespace.SERVICE;
  private boolean trust;
  private boolean discount;
  private boolean pass;
  private final List<String> positional = new ArrayList<>();
  private Duration maxAge;
  private Instant pqRequiredFrom;
  private Instant at;
  private Mode mode = Mode.ACCESS;
  private boolean proof;
  private String stateRoot;
  private String header;
  private String blockHash;
  private Long chainId;
  private String wallet;
  private final List<String> decimals = new ArrayList<>();
  private boolean help;

  private VerifyOptions() {}

  /** Parses {@code args}; parsing stops at {@code -h} or {@code --help}. */
  static VerifyOptions parse(String[] args) {
    VerifyOptions o = new VerifyOptions();
    // `java -jar verifier-sdk-<version>-cli.jar verify ...`: the command word is optional
    for (int i = args.length > 0 && args[0].equals("verify") ? 1 : 0; i < args.length; i++) {
      switch (args[i]) {
        case "--keys" -> o.keys = value(args, ++i);
        case "--namespace" -> o.namespace = Namespace.of(value(args, ++i));
        case "--trust" -> o.trust = true;
        case "--discount" -> o.discount = true;
        case "--pass" -> o.pass = true;
        case "--max-age" -> o.maxAge = Duration.ofSeconds(Long.parseLong(value(args, ++i)));
        case "--pq-required-from" -> o.pqRequiredFrom = Instant.parse(value(args, ++i));
        case "--evidence" -> o.mode = Mode.EVIDENCE;
        case "--at" -> o.at = Instant.parse(value(args, ++i));
        case "--proof" -> o.proof = true;
        case "--state-root" -> o.stateRoot = value(args, ++i);
        case "--header" -> o.header = value(args, ++i);
        case "--block-hash" -> o.blockHash = value(args, ++i);
        case "--chain-id" -> o.chainId = Long.parseLong(value(args, ++i));
        case "--wallet" -> o.wallet = value(args, ++i);
        case "--decimals" -> o.decimals.add(value(args, ++i));
        case "-h", "--help" -> {
          o.help = true;
          return o;
        }
        default -> o.positional.add(args[i]);
      }
    }
    return o;
  }

  boolean help() {
    return help;
  }

  /** Whether the keys and exactly one input are given. */
  boolean complete() {
    return keys != null && positional.size() == 1;
  }

  /** The input file, or {@code -} for standard input. */
  String input() {
    return positional.get(0);
  }

  // Plain accessors, as StatementType's package-private ones, by design: one per option.
  boolean trust() {
    return trust;
  }

  boolean discount() {
    return discount;
  }

  boolean pass() {
    return pass;
  }

  /** The verifier's settings: the key set (read here), namespace, mode, and the given bounds. */
  AttestationVerifier.Builder settings() throws IOException {
    if ((trust ? 1 : 0) + (discount ? 1 : 0) + (pass ? 1 : 0) > 1) {
      throw new IllegalArgumentException("--trust, --discount and --pass exclude each other");
    }
    AttestationVerifier.Builder settings =
        AttestationVerifier.builder(loadKeys(keys)).namespace(namespace).mode(mode);
    if (maxAge != null) {
      settings.maxAge(maxAge);
    }
    if (pqRequiredFrom != null) {
      settings.pqRequiredFrom(pqRequiredFrom);
    }
    if (at != null) {
      settings.clock(Clock.fixed(at, ZoneOffset.UTC)); // an audit of a saved answer, as of then
    }
    return settings;
  }

  /** The proof verifier of {@code --proof}, or null without it. */
  ProofVerifier proofVerifier() throws IOException {
    if (!proof) {
      if (stateRoot != null || header != null || blockHash != null) {
        throw new IllegalArgumentException(
            "--state-root, --header and --block-hash go with --proof");
      }
      return null;
    }
    ProofVerifier.Builder builder = ProofVerifier.builder();
    if ((stateRoot == null) == (header == null)) {
      throw new IllegalArgumentException("--proof needs either --state-root or --header");
    }
    if (stateRoot != null) {
      if (chainId != null) {
        throw new IllegalArgumentException(
            "--chain-id goes with --header (a bare state root is trusted for every result)");
      }
      builder.trustStateRoot(stateRoot);
    } else {
      if (blockHash == null) {
        throw new IllegalArgumentException("--header needs --block-hash, the hash you trust");
      }
      JsonNode json =
          new ObjectMapper().readTree(Files.readString(Path.of(header), StandardCharsets.UTF_8));
      // a saved JSON-RPC answer or the bare block object
      builder.trustHeader(chainId, json.has("result") ? json.get("result") : json, blockHash);
    }
    if (wallet != null) {
      builder.wallet(wallet);
    }
    for (String d : decimals) {
      int colon = d.indexOf(':');
      int equals = d.indexOf('=');
      if (colon < 0 || equals < colon) {
        throw new IllegalArgumentException("--decimals is CHAIN:0xTOKEN=N, got " + d);
      }
      builder.tokenDecimals(
          Long.parseLong(d.substring(0, colon)),
          d.substring(colon + 1, equals),
          Integer.parseInt(d.substring(equals + 1)));
    }
    return builder.build();
  }

  private static KeySet loadKeys(String location) throws IOException {
    if (location.startsWith("https://") || location.startsWith("http://")) {
      return KeySetResolver.https(Duration.ofSeconds(10)).resolve(URI.create(location));
    }
    return KeySet.parse(Files.readString(Path.of(location), StandardCharsets.UTF_8), location);
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }
}
