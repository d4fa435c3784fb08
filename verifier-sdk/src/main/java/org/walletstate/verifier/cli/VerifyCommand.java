package org.walletstate.verifier.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.verifier.AttestationRejectedException;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.KeySetResolver;
import org.walletstate.verifier.Mode;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;
import org.walletstate.verifier.StatementReport;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Command-line verification of a saved response against a key set.
 *
 * <pre>
 * [verify] --keys &lt;jwks.json | https://.../jwks.json&gt; [--namespace WORD] [--trust | --discount | --pass]
 *        [--at ISO-INSTANT] [--max-age SECONDS] [--pq-required-from ISO-INSTANT] [--evidence]
 *        [--proof (--state-root 0x… | --header header.json --block-hash 0x…) [--chain-id N]
 *                 [--wallet 0x…] [--decimals CHAIN:0xTOKEN=N]…]
 *        &lt;response.json | -&gt;
 * </pre>
 *
 * Built as one runnable jar ({@code java -jar verifier-sdk-<version>-cli.jar verify ...}); the word
 * {@code verify} is optional. {@code --at} verifies as of a given instant instead of now (an audit
 * of a saved answer). Prints every verdict; exits 0 when valid, 1 when not, 2 on a usage or input
 * error. With {@code --proof} it also checks each result's Merkle proof against the trusted state
 * root (given, or taken from a header that must hash to the given block hash) and prints one line
 * per result; a rejected proof, or one with no trusted root, makes the answer invalid, a declined
 * one does not. With {@code --pass} the input is an in-store pass: its issued {@code data} object,
 * or the text of its QR code ({@code P1.…}).
 */
public final class VerifyCommand {

  static final int VALID = 0;
  static final int INVALID = 1;
  static final int USAGE = 2;

  private static final String USAGE_TEXT =
      "usage: verify [verify] --keys <jwks.json|https-url> [--namespace WORD]"
          + " [--trust | --discount | --pass] [--at ISO-INSTANT] [--max-age SECONDS] [--pq-required-from ISO-INSTANT] [--evidence]"
          + " [--proof (--state-root 0x... | --header header.json --block-hash 0x...)"
          + " [--chain-id N] [--wallet 0x...] [--decimals CHAIN:0xTOKEN=N]...]"
          + " <response.json|->";

  private VerifyCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    String keys = null;
    String input = null;
    Namespace namespace = Namespace.SERVICE;
    boolean trust = false;
    boolean discount = false;
    boolean pass = false;
    List<String> positional = new ArrayList<>();
    AttestationVerifier.Builder settings;
    Duration maxAge = null;
    Instant pqRequiredFrom = null;
    Instant at = null;
    Mode mode = Mode.ACCESS;
    boolean proof = false;
    String stateRoot = null;
    String header = null;
    String blockHash = null;
    Long chainId = null;
    String wallet = null;
    List<String> decimals = new ArrayList<>();
    ProofVerifier proofs = null;
    try {
      // `java -jar verifier-sdk-<version>-cli.jar verify ...`: the command word is optional
      for (int i = args.length > 0 && args[0].equals("verify") ? 1 : 0; i < args.length; i++) {
        switch (args[i]) {
          case "--keys" -> keys = value(args, ++i);
          case "--namespace" -> namespace = Namespace.of(value(args, ++i));
          case "--trust" -> trust = true;
          case "--discount" -> discount = true;
          case "--pass" -> pass = true;
          case "--max-age" -> maxAge = Duration.ofSeconds(Long.parseLong(value(args, ++i)));
          case "--pq-required-from" -> pqRequiredFrom = Instant.parse(value(args, ++i));
          case "--evidence" -> mode = Mode.EVIDENCE;
          case "--at" -> at = Instant.parse(value(args, ++i));
          case "--proof" -> proof = true;
          case "--state-root" -> stateRoot = value(args, ++i);
          case "--header" -> header = value(args, ++i);
          case "--block-hash" -> blockHash = value(args, ++i);
          case "--chain-id" -> chainId = Long.parseLong(value(args, ++i));
          case "--wallet" -> wallet = value(args, ++i);
          case "--decimals" -> decimals.add(value(args, ++i));
          case "-h", "--help" -> {
            out.println(USAGE_TEXT);
            return VALID;
          }
          default -> positional.add(args[i]);
        }
      }
      if (keys == null || positional.size() != 1) {
        err.println(USAGE_TEXT);
        return USAGE;
      }
      if ((trust ? 1 : 0) + (discount ? 1 : 0) + (pass ? 1 : 0) > 1) {
        throw new IllegalArgumentException("--trust, --discount and --pass exclude each other");
      }
      input = positional.get(0);
      settings = AttestationVerifier.builder(loadKeys(keys)).namespace(namespace).mode(mode);
      if (maxAge != null) {
        settings.maxAge(maxAge);
      }
      if (pqRequiredFrom != null) {
        settings.pqRequiredFrom(pqRequiredFrom);
      }
      if (at != null) {
        settings.clock(Clock.fixed(at, ZoneOffset.UTC)); // an audit of a saved answer, as of then
      }
      if (proof) {
        proofs = proofVerifier(stateRoot, header, blockHash, chainId, wallet, decimals);
      } else if (stateRoot != null || header != null || blockHash != null) {
        throw new IllegalArgumentException(
            "--state-root, --header and --block-hash go with --proof");
      }
    } catch (IllegalArgumentException | DateTimeParseException | IOException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE_TEXT);
      return USAGE;
    }
    String response;
    try {
      response =
          input.equals("-")
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(input), StandardCharsets.UTF_8);
    } catch (IOException e) {
      err.println("error: cannot read " + input + ": " + e.getMessage());
      return USAGE;
    }
    AttestationVerifier verifier = settings.build();
    if (trust || discount || pass) {
      StatementReport report =
          trust
              ? verifier.reportTrustProfile(response)
              : discount ? verifier.reportDiscount(response) : verifier.reportPass(response);
      if (pass && !report.structure().passed()) {
        line(out, "structure", false, report.structure().reason().orElse(""));
      }
      line(out, "signature", report.signature().passed(), report.signature().reason().orElse(""));
      line(out, "freshness", report.freshness().passed(), report.freshness().reason().orElse(""));
      line(out, "expiry", report.expiry().passed(), report.expiry().reason().orElse(""));
      line(
          out,
          "pq",
          report.pq().passed(),
          report.pq().status().wireName() + " " + report.pq().reason().orElse(""));
      line(out, "valid", report.valid(), "");
      return report.valid() ? VALID : INVALID;
    }
    VerifiedAttestation attestation = null;
    VerificationReport report;
    try {
      attestation = verifier.verify(response);
      report = attestation.report();
    } catch (AttestationRejectedException e) {
      report = e.report();
    }
    attestationLines(out, report);
    boolean valid = report.valid();
    if (proofs != null) {
      valid &= proofLines(out, proofs, attestation);
    }
    line(out, "valid", valid, "");
    return valid ? VALID : INVALID;
  }

  private static void attestationLines(PrintStream out, VerificationReport report) {
    if (!report.structure().passed()) {
      line(out, "structure", false, report.structure().reason().orElse(""));
    }
    line(out, "signature", report.signature().passed(), report.signature().reason().orElse(""));
    line(
        out,
        "conditionHashes",
        report.conditionHashes().passed(),
        report.conditionHashes().reason().orElse(""));
    line(out, "freshness", report.freshness().passed(), report.freshness().reason().orElse(""));
    line(out, "expiry", report.expiry().passed(), report.expiry().reason().orElse(""));
    line(
        out,
        "pq",
        report.pq().passed(),
        report.pq().status().wireName() + " " + report.pq().reason().orElse(""));
    report.jwt().ifPresent(jwt -> line(out, "jwt", jwt.passed(), jwt.reason().orElse("")));
  }

  /** One line per result's proof; false when a proof was rejected or could not be checked. */
  private static boolean proofLines(
      PrintStream out, ProofVerifier proofs, VerifiedAttestation attestation) {
    if (attestation == null) {
      line(out, "proofs", false, "not checked: the attestation itself does not verify");
      return false;
    }
    boolean allGood = true;
    for (ProofVerdict verdict : proofs.verify(attestation)) {
      boolean good =
          verdict.status() != ProofVerdict.Status.REJECTED
              && verdict.status() != ProofVerdict.Status.NO_TRUSTED_ROOT;
      allGood &= good;
      StringBuilder detail = new StringBuilder(verdict.status().name());
      verdict.failedStep().ifPresent(step -> detail.append(" at ").append(step.name()));
      verdict.subject().ifPresent(subject -> detail.append(' ').append(subject));
      detail.append(": ").append(verdict.detail());
      verdict.limitation().ifPresent(l -> detail.append(" (limitation: ").append(l).append(')'));
      line(out, "proof[" + verdict.index() + "]", good, detail.toString());
    }
    return allGood;
  }

  private static ProofVerifier proofVerifier(
      String stateRoot,
      String header,
      String blockHash,
      Long chainId,
      String wallet,
      List<String> decimals)
      throws IOException {
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

  private static void line(PrintStream out, String check, boolean passed, String detail) {
    out.printf("%-16s %-4s %s%n", check, passed ? "ok" : "FAIL", detail.strip());
  }
}
