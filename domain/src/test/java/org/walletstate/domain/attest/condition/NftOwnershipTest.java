package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.AttestScenario;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class NftOwnershipTest {

  private static final EvmAddress BAYC =
      EvmAddress.of("0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D");
  private static final EvmRead.Erc721BalanceOf HELD = new EvmRead.Erc721BalanceOf(BAYC, WALLET);

  private static AttestScenario nft() {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"nft_ownership\","
            + "\"chainId\":1,\"contractAddress\":\""
            + BAYC.lowercase()
            + "\"}]}");
  }

  private static FakeEvm holding(long count) {
    return FakeEvm.chain().answer(HELD, ReadOutcome.data(FakeEvm.word(count)));
  }

  @Test
  void isMetWhenTheWalletHoldsAtLeastOneToken() {
    assertThat(nft().on(1, holding(1)).met()).isTrue();
    assertThat(nft().on(1, holding(7)).met()).isTrue();
  }

  @Test
  void isNotMetWhenTheWalletHoldsNone() {
    assertThat(nft().on(1, holding(0)).met()).isFalse();
  }

  @Test
  void issuesThePresenceShapeOfTheTrustVectorsWithTheChecksummedAddress() {
    assertThat(nft().on(1, holding(1)).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"nft_ownership\",\"chainId\":1,"
                + "\"contractAddress\":\"0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D\","
                + "\"operator\":\"gt\",\"threshold\":0}");
  }

  @Test
  void isUnavailableWhenTheBalanceCannotBeRead() {
    FakeEvm failing = FakeEvm.chain().answer(HELD, ReadOutcome.failed("timeout"));

    assertThat(nft().on(1, failing).failures())
        .containsExactly(
            new FailedCondition(
                0, FailureSource.BALANCE_READ, ChainId.evm(1), "NFT balance could not be read"));
  }

  @Test
  void isUnavailableNotUnmetWhenTheCollectionAnswersNothing() {
    assertThat(nft().on(1, FakeEvm.chain()).failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.BALANCE_READ);
    assertThat(nft().on(1, FakeEvm.chain().answer(HELD, ReadOutcome.reverted())).failures())
        .hasSize(1);
  }

  @Test
  void handlesBalancesOfTheFullUint256Range() {
    FakeEvm many =
        FakeEvm.chain()
            .answer(
                HELD,
                ReadOutcome.data(FakeEvm.word(BigInteger.TWO.pow(256).subtract(BigInteger.ONE))));

    assertThat(nft().on(1, many).met()).isTrue();
  }
}
