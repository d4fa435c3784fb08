package org.walletstate.domain.payment.payer;

import org.walletstate.domain.ValidationException;

/**
 * A purchase's {@code paymentIntent}: the intent's id and the secret handed to whoever opened it.
 * Read from a purchase body by the application's {@code payment.port.in.PurchaseClaims}.
 *
 * @param id {@code pi_} and 32 hex digits
 * @param secret 64 hex digits
 */
public record IntentRef(String id, String secret) {

  public static final String FIELD = "paymentIntent";

  /**
   * @throws ValidationException naming {@code paymentIntent.id} or {@code paymentIntent.secret}
   *     when it is not in the form it was issued in
   */
  public IntentRef {
    if (id == null || !id.matches("pi_[0-9a-f]{32}")) {
      throw new ValidationException(
          FIELD + ".id must be pi_ and 32 lower-case hex digits, as it was issued");
    }
    if (secret == null || !secret.matches("[0-9a-f]{64}")) {
      throw new ValidationException(
          FIELD + ".secret must be 64 lower-case hex digits, as it was issued");
    }
  }
}
