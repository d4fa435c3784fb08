package org.walletstate.adapters.http.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.CreateFreeKeyCommands;

/** The HTTP adapter words the refusals that name an endpoint, as they were always answered. */
class KeysResourceWordingTest {

  @Test
  void aPaidTierByEmail_namesWherePaidKeysComeFrom() {
    assertThat(KeysResource.paidTier(new CreateFreeKeyCommands.PaidTier("pro")))
        .isEqualTo(
            "tier \"pro\" cannot be created here: only \"free\" keys are issued by email; paid"
                + " keys come from POST /v1/keys/buy");
    assertThat(KeysResource.paidTier(new CreateFreeKeyCommands.PaidTier("x".repeat(41))))
        .startsWith("tier \"" + "x".repeat(40) + "…\" cannot");
  }
}
