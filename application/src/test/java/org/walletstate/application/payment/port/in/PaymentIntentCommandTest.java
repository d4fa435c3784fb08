package org.walletstate.application.payment.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;

/** A payment intent's command built in Java, without the reader, keeps the reader's rules. */
class PaymentIntentCommandTest {

  private static final Chain BASE = ChainCatalogue.require(ChainId.evm(8453));

  @Test
  void aValidRequestIsBuilt() {
    assertThat(new PaymentIntentCommand(BASE, new BigDecimal("25.50"), "credits/buy").purpose())
        .isEqualTo("credits/buy");
  }

  @Test
  void theReadersRefusalsHoldForValuesBuiltDirectly() {
    assertThatThrownBy(
            () ->
                new PaymentIntentCommand(
                    ChainCatalogue.require(ChainId.evm(88888)), BigDecimal.TEN, "credits/buy"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId 88888 (Chiliz Chain) is not a payment chain");
    assertThatThrownBy(() -> new PaymentIntentCommand(BASE, new BigDecimal("4.99"), "credits/buy"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount must be between 5 and 1000000 USD");
    assertThatThrownBy(
            () -> new PaymentIntentCommand(BASE, new BigDecimal("10.001"), "credits/buy"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("amount has more than 2 decimals");
    assertThatThrownBy(() -> new PaymentIntentCommand(BASE, BigDecimal.TEN, "coffee"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("purpose must be one of keys/buy, credits/buy, merchant-credits, plans/buy");
  }
}
