package org.walletstate.crypto;

/**
 * A signature made where the private key is held, outside this process (a KMS): the message in, the
 * signature out in the form the key's scheme publishes ({@code r||s} for ES256, the raw FIPS 204
 * encoding for ML-DSA-65). The key that uses it checks every signature against its public key.
 */
@FunctionalInterface
public interface RemoteSignature {

  /**
   * Signs {@code message}.
   *
   * @throws IllegalStateException when the signer cannot be reached or refuses
   */
  byte[] sign(byte[] message);
}
