package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.holding.CollectionId;
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

  /** The collection declares ERC-721 (ERC-165). */
  private static final EvmRead.Erc721Interface ERC721 = new EvmRead.Erc721Interface(BAYC);

  private static FakeEvm holding(long count) {
    return FakeEvm.chain()
        .answer(HELD, ReadOutcome.data(FakeEvm.word(count)))
        .answer(ERC721, ReadOutcome.data(FakeEvm.word(1)));
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
                ReadOutcome.data(FakeEvm.word(BigInteger.TWO.pow(256).subtract(BigInteger.ONE))))
            .answer(ERC721, ReadOutcome.data(FakeEvm.word(1)));

    assertThat(nft().on(1, many).met()).isTrue();
  }

  @Test
  void aContractThatDoesNotDeclareErc721IsRefusedNotMet() {
    FakeEvm token = FakeEvm.chain().answer(HELD, ReadOutcome.data(FakeEvm.word(5)));

    assertThat(nft().on(1, token.answer(ERC721, ReadOutcome.reverted())).refusal())
        .isEqualTo(
            "conditions[0].contractAddress 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D is not an"
                + " ERC-721 collection: it does not declare the ERC-721 interface (ERC-165"
                + " supportsInterface(0x80ac58cd)); nft_ownership on EVM chains reads ERC-721"
                + " collections");
    assertThat(nft().on(1, token.answer(ERC721, ReadOutcome.data(FakeEvm.word(0)))).refusal())
        .contains("is not an ERC-721 collection");
  }

  @Test
  void aCollectionWhoseInterfaceCannotBeReadIsUnavailable() {
    FakeEvm failing =
        FakeEvm.chain()
            .answer(HELD, ReadOutcome.data(FakeEvm.word(1)))
            .answer(ERC721, ReadOutcome.failed("timeout"));

    assertThat(nft().on(1, failing).failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.TOKEN_METADATA_READ,
                ChainId.evm(1),
                "NFT collection could not be read"));
  }

  @Test
  void aConditionBuiltWithoutTheReaderKeepsTheReadersRules() {
    Chain mainnet = ChainCatalogue.require(ChainId.evm(1));

    assertThat(new NftOwnership(mainnet, CollectionId.of(BAYC.checksummed())).collection())
        .isEqualTo(CollectionId.of(BAYC.checksummed()));
    assertThatThrownBy(() -> new NftOwnership(mainnet, CollectionId.of(BAYC.lowercase())))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("is not in its signed form");
    assertThatThrownBy(() -> new NftOwnership(mainnet, CollectionId.of("0x1234")))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("contractAddress ");
    assertThatThrownBy(() -> CollectionId.of("native"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("contractAddress native is not allowed on nft_ownership");
    assertThatThrownBy(
            () ->
                new NftOwnership(
                    ChainCatalogue.require(ChainId.named("bitcoin")),
                    CollectionId.of(BAYC.checksummed())))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId bitcoin: nft_ownership is not available there");
    assertThatThrownBy(() -> new CollectionId("rIssuer", Optional.of(-1L)))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("taxon must be an integer from 0 to 4294967295");
  }
}
