package org.walletstate.domain.payment.payer;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;

/**
 * A purchase's {@code paymentIntent}: the intent's id and the secret handed to whoever opened it.
 *
 * @param id {@code pi_} and 32 hex digits
 * @param secret 64 hex digits
 */
public record IntentRef(String id, String secret) {

  public static final String FIELD = "paymentIntent";

  public IntentRef {
    if (id == null || !id.matches("pi_[0-9a-f]{32}")) {
      throw new IllegalArgumentException("not an intent id");
    }
    if (secret == null || !secret.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("not an intent secret");
    }
  }

  static IntentRef parse(Fields fields) {
    String id = fields.requiredText("id");
    String secret = fields.requiredText("secret");
    if (!id.matches("pi_[0-9a-f]{32}")) {
      throw new ValidationException(
          fields.path("id") + " must be pi_ and 32 lower-case hex digits, as it was issued");
    }
    if (!secret.matches("[0-9a-f]{64}")) {
      throw new ValidationException(
          fields.path("secret") + " must be 64 lower-case hex digits, as it was issued");
    }
    return new IntentRef(id, secret);
  }
}
