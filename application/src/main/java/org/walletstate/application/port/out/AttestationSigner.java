package org.walletstate.application.port.out;

import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Turns an attestation into the signed {@code data} object of a response: condition hashes, the
 * P-256 signature under the key id the key version selects, the ML-DSA-65 companion and, on
 * request, the JWT pair.
 */
public interface AttestationSigner {

  SignedAttestation sign(SigningRequest request);

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
