package org.walletstate.domain.payment.payer;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * How a purchase's caller says the payment is theirs: a {@code senderProof} signed by the sending
 * wallet, or a {@code paymentIntent} opened before paying, or neither (then only what needs no
 * proof is done: docs/billing.md, "Who may claim a payment").
 */
public record PayerClaim(Optional<SenderProof> proof, Optional<IntentRef> intent) {

  public static final PayerClaim NONE = new PayerClaim(Optional.empty(), Optional.empty());

  public PayerClaim {
    Objects.requireNonNull(proof, "proof");
    Objects.requireNonNull(intent, "intent");
  }

  /** The body's {@code senderProof} and {@code paymentIntent}; at most one of them. */
  public static PayerClaim parse(Fields body) {
    Optional<SenderProof> proof = SenderProof.parse(body);
    RequestValue raw = body.get(IntentRef.FIELD);
    Optional<IntentRef> intent = Optional.empty();
    if (!raw.isMissing()) {
      if (!(raw instanceof RequestValue.Obj object)) {
        throw new ValidationException(
            body.path(IntentRef.FIELD) + " must be an object {id, secret}, not " + raw.kind());
      }
      intent = Optional.of(IntentRef.parse(Fields.of(object, body.path(IntentRef.FIELD))));
    }
    if (proof.isPresent() && intent.isPresent()) {
      throw new ValidationException(
          "send either senderProof or paymentIntent, not both: a payment is claimed one way");
    }
    return new PayerClaim(proof, intent);
  }
}
