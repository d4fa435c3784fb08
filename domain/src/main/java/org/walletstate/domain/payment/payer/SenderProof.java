package org.walletstate.domain.payment.payer;

import java.util.Objects;
import org.walletstate.domain.ValidationException;

/**
 * A purchase's {@code senderProof}: the claim message ({@link ClaimMessage}) and the sending
 * wallet's signature of it, in its chain's message-signing scheme ({@link SenderSignatures}). Read
 * from a purchase body by the application's {@code payment.port.in.PurchaseClaims}.
 *
 * @param message the signed text
 * @param signature EVM and Tron: {@code 0x} and 65 bytes of hex; Solana: base58 of 64 bytes;
 *     Bitcoin: base64 of 65 bytes (BIP-137)
 */
public record SenderProof(String message, String signature) {

  /** Longer than any claim message the service asks for. */
  static final int MAX_MESSAGE = 1024;

  /** Longer than any signature of the four schemes in any of their encodings. */
  static final int MAX_SIGNATURE = 200;

  public static final String FIELD = "senderProof";

  /**
   * @throws ValidationException when the message is longer than {@value #MAX_MESSAGE} characters or
   *     the signature longer than {@value #MAX_SIGNATURE}
   */
  public SenderProof {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(signature, "signature");
    if (message.length() > MAX_MESSAGE) {
      throw new ValidationException(
          FIELD + ".message is longer than " + MAX_MESSAGE + " characters");
    }
    if (signature.length() > MAX_SIGNATURE) {
      throw new ValidationException(
          FIELD + ".signature is longer than " + MAX_SIGNATURE + " characters");
    }
  }
}
