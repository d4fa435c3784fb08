package org.walletstate.domain.payment.payer;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;

/**
 * How a purchase's caller says the payment is theirs: a {@code senderProof} signed by the sending
 * wallet, or a {@code paymentIntent} opened before paying, or neither (then only what needs no
 * proof is done: docs/billing.md, "Who may claim a payment"). Read from a purchase body by the
 * application's {@code payment.port.in.PurchaseClaims}.
 */
public record PayerClaim(Optional<SenderProof> proof, Optional<IntentRef> intent) {

  public static final PayerClaim NONE = new PayerClaim(Optional.empty(), Optional.empty());

  /**
   * @throws ValidationException when both a proof and an intent are given
   */
  public PayerClaim {
    Objects.requireNonNull(proof, "proof");
    Objects.requireNonNull(intent, "intent");
    if (proof.isPresent() && intent.isPresent()) {
      throw new ValidationException(
          "send either senderProof or paymentIntent, not both: a payment is claimed one way");
    }
  }
}
