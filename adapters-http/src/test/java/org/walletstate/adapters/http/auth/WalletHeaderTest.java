package org.walletstate.adapters.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.WalletSignInUseCase;
import org.walletstate.domain.address.EvmAddress;

/** The HTTP adapter words the refusals that name an endpoint, as they were always answered. */
class WalletHeaderTest {

  @Test
  void aSignerWithoutAKey_isToldWhereToBuyOne() {
    EvmAddress wallet = EvmAddress.of("0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6");

    assertThat(
            WalletHeader.refused(WalletHeader.noKey(new WalletSignInUseCase.Outcome.NoKey(wallet))))
        .hasMessage(
            "Wallet sign-in refused: no key is registered to wallet "
                + wallet.checksummed()
                + "; buy one with POST /v1/keys/buy. Nothing was charged.");
  }
}
