package org.walletstate.application.account.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.fixtures.Json;

class BuyPlanCommandsTest {

  @Test
  void theFreePlanIsNotSold() {
    String body = "{\"txHash\":\"0x%s\",\"chainId\":8453,\"amount\":29,\"plan\":\"%s\"}";
    assertThatThrownBy(
            () ->
                BuyPlanCommands.purchase(Json.object(String.format(body, "ab".repeat(32), "free"))))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("plan must be pro (29 USD a month) or enterprise");
    assertThatThrownBy(
            () ->
                BuyPlanCommands.purchase(Json.object(String.format(body, "ab".repeat(32), "gold"))))
        .hasMessageContaining("not gold");
    assertThat(
            BuyPlanCommands.purchase(
                    Json.object(String.format(body, "ab".repeat(32), "enterprise")))
                .plan())
        .isEqualTo(Plan.ENTERPRISE);
  }
}
