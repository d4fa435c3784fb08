package org.walletstate.verifier.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeParseException;
import org.walletstate.verifier.AttestationRejectedException;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.PqVerdict;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;
import org.walletstate.verifier.StatementReport;
import org.walletstate.verifier.Verdict;
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
          + " <response.json|->\n       verify monitor --log <base-url> --key <note-key> [--state FILE] [--every SECONDS] [--once]"
          + "\n       verify inclusion --log <base-url> --key <note-key> --id <statement id|hash> [--index N]";

  private VerifyCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && args[0].equals("monitor")) {
      return LogMonitor.run(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    if (args.length > 0 && args[0].equals("inclusion")) {
      return LogInclusion.run(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    VerifyOptions options;
    AttestationVerifier.Builder settings;
    ProofVerifier proofs;
    try {
      options = VerifyOptions.parse(args);
      if (options.help()) {
        out.println(USAGE_TEXT);
        return VALID;
      }
      if (!options.complete()) {
        err.println(USAGE_TEXT);
        return USAGE;
      }
      settings = options.settings();
      proofs = options.proofVerifier();
    } catch (IllegalArgumentException | DateTimeParseException | IOException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE_TEXT);
      return USAGE;
    }
    String input = options.input();
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
    if (options.trust() || options.discount() || options.pass()) {
      return statementLines(out, options, verifier, response);
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

  /** The lines of a trust profile, discount verification or pass; returns the exit code. */
  private static int statementLines(
      PrintStream out, VerifyOptions options, AttestationVerifier verifier, String response) {
    StatementReport report =
        options.trust()
            ? verifier.reportTrustProfile(response)
            : options.discount()
                ? verifier.reportDiscount(response)
                : verifier.reportPass(response);
    if (options.pass() && !report.structure().passed()) {
      line(out, "structure", false, report.structure().reason().orElse(""));
    }
    line(out, "signature", report.signature().passed(), report.signature().reason().orElse(""));
    timeLines(out, report.freshness(), report.expiry(), report.pq());
    line(out, "valid", report.valid(), "");
    return report.valid() ? VALID : INVALID;
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
    timeLines(out, report.freshness(), report.expiry(), report.pq());
    report.jwt().ifPresent(jwt -> line(out, "jwt", jwt.passed(), jwt.reason().orElse("")));
  }

  /** The lines every statement type shares after its signature: freshness, expiry, companion. */
  private static void timeLines(PrintStream out, Verdict freshness, Verdict expiry, PqVerdict pq) {
    line(out, "freshness", freshness.passed(), freshness.reason().orElse(""));
    line(out, "expiry", expiry.passed(), expiry.reason().orElse(""));
    line(out, "pq", pq.passed(), pq.status().wireName() + " " + pq.reason().orElse(""));
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

  private static void line(PrintStream out, String check, boolean passed, String detail) {
    out.printf("%-16s %-4s %s%n", check, passed ? "ok" : "FAIL", detail.strip());
  }
}
