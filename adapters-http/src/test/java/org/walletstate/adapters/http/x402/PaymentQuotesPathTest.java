package org.walletstate.adapters.http.x402;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.account.MeteredOperation;

/** Where each metered operation is served is the HTTP adapter's to say. */
class PaymentQuotesPathTest {

  @Test
  void eachMeteredOperation_isQuotedAtItsPath() {
    assertThat(PaymentQuotes.path(MeteredOperation.ATTEST)).isEqualTo("/v1/attest");
    assertThat(PaymentQuotes.path(MeteredOperation.TRUST)).isEqualTo("/v1/trust");
    assertThat(PaymentQuotes.path(MeteredOperation.TRUST_BATCH)).isEqualTo("/v1/trust/batch");
  }
}
