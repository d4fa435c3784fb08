package org.walletstate.domain.payment;

/** What a transaction is worth as a payment to the service. */
public sealed interface PaymentVerdict {

  /** A valid payment. */
  record Accepted(Payment payment) implements PaymentVerdict {}

  /** Not a valid payment (or not yet one); {@code reason} is the caller's explanation. */
  record Rejected(String reason) implements PaymentVerdict {}
}
