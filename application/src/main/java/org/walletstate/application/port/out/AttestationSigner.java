package org.walletstate.application.port.out;

import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.payload.KeyVersion;

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
   * Appends an attestation signed by {@link #signUnlogged} to the transparency log and gives its
   * {@code data} text, with the leaf index. Blocks for the append's bounded wait (called off the
   * event loop).
   *
   * @throws StatementLog.Unavailable when the log's store did not commit the entry in time
   * @throws RuntimeException when the entry could not be made durable (the attestation is then not
   *     issued)
   */
  default SignedAttestation logged(Pending pending) {
    return ((Ready) pending).signed();
  }

  /** An attestation signed by {@link #signUnlogged}, to be handed to {@link #logged}. */
  interface Pending {
    /** What was signed. */
    Attestation attestation();
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
