package org.walletstate.application.port.out;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Turns an attestation into the signed {@code data} object of a response: condition hashes, the
 * P-256 signature under the key id the key version selects, the ML-DSA-65 companion and, on
 * request, the JWT pair.
 */
public interface AttestationSigner {

  /** Signs and appends the attestation to the transparency log; returns once it is logged. */
  SignedAttestation sign(SigningRequest request);

  /**
   * Signs without appending yet: the statement's append is left to {@link #logged}, which the
   * caller may run beside other work of the call (its debit). A signer without a log of its own
   * finishes the text here.
   */
  default Pending signUnlogged(SigningRequest request) {
    return new Ready(sign(request));
  }

  /**
   * Hands an attestation signed by {@link #signUnlogged} to the transparency log, without waiting:
   * the stage gives its {@code data} text, with the leaf index, once the entry is durable. No
   * thread waits for the append meanwhile (the signing thread that calls this is free once the
   * entry is handed over); the text is finished on {@code finishing} (it is work in the statement's
   * size, kept off the thread that completes the append, which may be an event loop), within the
   * append's bounded wait.
   *
   * <p>It fails with {@link StatementLog.Unavailable} when the log's store did not commit the entry
   * in time, and with another exception when the entry could not be made durable (the attestation
   * is then not issued).
   */
  default CompletionStage<SignedAttestation> logged(Pending pending, Executor finishing) {
    return CompletableFuture.completedFuture(((Ready) pending).signed());
  }

  /**
   * The text of an attestation signed by {@link #signUnlogged} whose {@link Pending#entry} the
   * caller made durable in the log's store itself (with the call's debit, {@link
   * CreditLedger#debit}): no leaf index, which the log's batch gives it later. A signer without a
   * log of its own gives the finished text.
   */
  default SignedAttestation written(Pending pending) {
    return ((Ready) pending).signed();
  }

  /**
   * An attestation signed by {@link #signUnlogged}, to be handed to {@link #logged}, or logged by
   * the caller ({@link #written}).
   */
  interface Pending {
    /** What was signed. */
    Attestation attestation();

    /** Its transparency log entries: one, or none when the signer keeps no log. */
    default List<LoggedStatement> entries() {
      return List.of();
    }
  }

  /** An attestation whose text is final (no log entry is added by {@link #logged}). */
  record Ready(SignedAttestation signed) implements Pending {
    @Override
    public Attestation attestation() {
      return signed.attestation();
    }
  }

  /**
   * What to sign.
   *
   * @param attestation the statement
   * @param keyVersion the caller key's era, which selects the key id and preimage
   * @param jwt whether to add the ES256 {@code jwt} and ML-DSA-65 {@code pqJwt}
   * @param subject the wallet named as the JWT subject (required when {@code jwt})
   */
  record SigningRequest(
      Attestation attestation, KeyVersion keyVersion, boolean jwt, String subject) {
    public SigningRequest {
      if (attestation == null || keyVersion == null) {
        throw new IllegalArgumentException("attestation and key version are required");
      }
      if (jwt && (subject == null || subject.isBlank())) {
        throw new IllegalArgumentException("a JWT needs a subject");
      }
    }
  }

  /**
   * A signed attestation.
   *
   * @param attestation what was signed
   * @param dataJson the response's {@code data} object exactly as issued, ready to embed
   */
  record SignedAttestation(Attestation attestation, String dataJson) {}
}
