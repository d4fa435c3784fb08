package org.walletstate.domain.payment.payer;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A purchase's {@code senderProof}: the claim message ({@link ClaimMessage}) and the sending
 * wallet's signature of it, in its chain's message-signing scheme ({@link SenderSignatures}).
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
   * The body's {@code senderProof}, when sent: an object with {@code message} and {@code
   * signature}.
   */
  public static Optional<SenderProof> parse(Fields body) {
    RequestValue raw = body.get(FIELD);
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (!(raw instanceof RequestValue.Obj object)) {
      throw new ValidationException(
          body.path(FIELD) + " must be an object {message, signature}, not " + raw.kind());
    }
    Fields fields = Fields.of(object, body.path(FIELD));
    String message = fields.requiredText("message");
    String signature = fields.requiredText("signature");
    if (message.length() > MAX_MESSAGE) {
      throw new ValidationException(
          fields.path("message") + " is longer than " + MAX_MESSAGE + " characters");
    }
    if (signature.length() > MAX_SIGNATURE) {
      throw new ValidationException(
          fields.path("signature") + " is longer than " + MAX_SIGNATURE + " characters");
    }
    return Optional.of(new SenderProof(message, signature));
  }
}
