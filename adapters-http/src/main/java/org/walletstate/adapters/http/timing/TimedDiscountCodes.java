package org.walletstate.adapters.http.timing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * The discount-code store, its {@link #issue} timed into the request's {@link ServerTimings} as
 * {@code ledger}: that one transaction is where a discount answer takes the owner's credit (the
 * code is stored in it too). The reads and uses of a code are passed through untimed.
 */
public final class TimedDiscountCodes implements DiscountCodes {

  private final DiscountCodes codes;

  public TimedDiscountCodes(DiscountCodes codes) {
    this.codes = codes;
  }

  @Override
  public Uni<Issue> issue(NewCode code) {
    return ServerTimings.timed(codes.issue(code), "ledger", null);
  }

  @Override
  public Uni<Optional<IssuedCode>> find(DiscountCode code) {
    return codes.find(code);
  }

  @Override
  public Uni<Optional<Bound>> bound(DiscountCode code) {
    return codes.bound(code);
  }

  @Override
  public Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant confirmableUntil) {
    return codes.use(code, payment, now, confirmableUntil);
  }
}
