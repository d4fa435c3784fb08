package org.walletstate.verifier.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.KeySetResolver;
import org.walletstate.verifier.Mode;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.TrustProfileReport;
import org.walletstate.verifier.VerificationReport;

/**
 * Command-line verification of a saved response against a key set.
 *
 * <pre>
 * verify --keys &lt;jwks.json | https://.../jwks.json&gt; [--namespace WORD] [--trust]
 *        [--max-age SECONDS] [--pq-required-from ISO-INSTANT] [--evidence] &lt;response.json | -&gt;
 * </pre>
 *
 * Prints every verdict; exits 0 when valid, 1 when not, 2 on a usage or input error.
 */
public final class VerifyCommand {

  static final int VALID = 0;
  static final int INVALID = 1;
  static final int USAGE = 2;

  private static final String USAGE_TEXT =
      "usage: verify --keys <jwks.json|https-url> [--namespace WORD] [--trust]"
          + " [--max-age SECONDS] [--pq-required-from ISO-INSTANT] [--evidence]"
          + " <response.json|->";

  private VerifyCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    String keys = null;
    String input = null;
    Namespace namespace = Namespace.SERVICE;
    boolean trust = false;
    List<String> positional = new ArrayList<>();
    AttestationVerifier.Builder settings;
    Duration maxAge = null;
    Instant pqRequiredFrom = null;
    Mode mode = Mode.ACCESS;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--keys" -> keys = value(args, ++i);
          case "--namespace" -> namespace = Namespace.of(value(args, ++i));
          case "--trust" -> trust = true;
          case "--max-age" -> maxAge = Duration.ofSeconds(Long.parseLong(value(args, ++i)));
          case "--pq-required-from" -> pqRequiredFrom = Instant.parse(value(args, ++i));
          case "--evidence" -> mode = Mode.EVIDENCE;
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
      input = positional.get(0);
      settings = AttestationVerifier.builder(loadKeys(keys)).namespace(namespace).mode(mode);
      if (maxAge != null) {
        settings.maxAge(maxAge);
      }
      if (pqRequiredFrom != null) {
        settings.pqRequiredFrom(pqRequiredFrom);
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
    if (trust) {
      TrustProfileReport report = verifier.reportTrustProfile(response);
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
    VerificationReport report = verifier.report(response);
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
    line(out, "valid", report.valid(), "");
    return report.valid() ? VALID : INVALID;
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
