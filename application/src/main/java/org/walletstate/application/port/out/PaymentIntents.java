package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Payment intents in storage. An intent's amount is unique on its chain for ever (an insert that
 * would repeat one does nothing), so no two intents ever match the same payment. Its claim is
 * written by {@link Purchases} in the purchase's own transaction.
 */
public interface PaymentIntents {

  /** Stores {@code intent}; false when its amount was handed out before on its chain. */
  Uni<Boolean> open(PaymentIntent intent, Instant at);

  /** The intent with this id, if one was opened. */
  Uni<Optional<PaymentIntent>> find(String id);
}
