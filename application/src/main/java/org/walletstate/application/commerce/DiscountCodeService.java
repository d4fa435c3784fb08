package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;

/** A discount code read by its text, with its state now. */
public final class DiscountCodeService implements DiscountCodeQuery {

  private final DiscountCodes codes;
  private final Clock clock;

  // Same constructor shape as TokenRegistryService's and Authenticate's by design: each is handed
  // only the ports it uses, and there is no logic to share.
  public DiscountCodeService(DiscountCodes codes, Clock clock) {
    this.codes = codes;
    this.clock = clock;
  }

  @Override
  public Uni<CodeState> code(DiscountCode code) {
    return codes
        .find(code)
        .map(
            found ->
                new CodeState(
                    found,
                    found.map(c -> c.state(clock.instant())).orElse(IssuedCode.State.NOT_FOUND)));
  }
}
