package org.walletstate.domain.holding;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Multicall;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.solana.SolanaRead;

class HoldingBatchTest {

  private static final Chain MAINNET = ChainCatalogue.require(ChainId.evm(1));
  private static final Chain ZKSYNC = ChainCatalogue.require(ChainId.evm(324));
  private static final Chain SOLANA = ChainCatalogue.require(ChainId.named("solana"));
  private static final EvmAddress ONE =
      EvmAddress.parse("0x70997970c51812dc3a04c8d9cac2a3a7f6e08f8d", "wallet");
  private static final EvmAddress TWO =
      EvmAddress.parse("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", "wallet");
  private static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  private static final String COLLECTION = "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D";

  private static WalletHolding token(String contract, EvmAddress wallet) {
    return new WalletHolding.OfAsset(new Asset.Token(contract), wallet);
  }

  @Test
  void
      evm_foldsEveryTokenAndCollectionOfEveryWallet_intoOneAggregate_oneCallPerContractAndHolder() {
    HoldingBatch batch =
        HoldingFamilies.on(MAINNET)
            .batch(
                List.of(
                    token(USDC, ONE),
                    new WalletHolding.OfCollection(COLLECTION, ONE),
                    token(USDC, TWO),
                    new WalletHolding.OfCollection(USDC, ONE)));

    assertThat(batch.reads()).hasSize(1);
    Aggregate3 aggregate = (Aggregate3) batch.reads().iterator().next();
    assertThat(aggregate.multicall()).isEqualTo(Aggregate3.CANONICAL);
    assertThat(aggregate.calls()).hasSize(3);
    assertThat(aggregate.calls().get(1).to()).isEqualTo(EvmAddress.of(COLLECTION));
  }

  @Test
  void evm_onZkSync_callsItsOwnMulticall() {
    HoldingBatch batch = HoldingFamilies.on(ZKSYNC).batch(List.of(token(USDC, ONE)));

    assertThat(((Aggregate3) batch.reads().iterator().next()).multicall())
        .isNotEqualTo(Aggregate3.CANONICAL);
  }

  @Test
  void evm_answers_countABalance_markARevert_andAnAnswerThatIsNoAmount() {
    HoldingBatch batch =
        HoldingFamilies.on(MAINNET)
            .batch(
                List.of(
                    token(USDC, ONE),
                    token(USDC, TWO),
                    new WalletHolding.OfCollection(COLLECTION, ONE)));
    Aggregate3 aggregate = (Aggregate3) batch.reads().iterator().next();
    Bytes answer =
        Multicall.answer(
            List.of(
                new Aggregate3.Result(true, FakeEvm.word(5)),
                new Aggregate3.Result(false, Bytes.EMPTY),
                new Aggregate3.Result(true, Bytes.EMPTY)));
    HoldingBatch.Answers answers =
        batch.answers(ReadOutcomes.of(Map.of(aggregate, new ReadOutcome.Data(answer))));

    assertThat(answers.balance(token(USDC, ONE)))
        .isEqualTo(new HoldingRead.Got<>(Balance.of(BigInteger.valueOf(5))));
    HoldingFailure reverted =
        ((HoldingRead.Failed<Balance>) answers.balance(token(USDC, TWO))).failure();
    assertThat(reverted.reverted()).isTrue();
    HoldingFailure noAmount =
        ((HoldingRead.Failed<Balance>)
                answers.balance(new WalletHolding.OfCollection(COLLECTION, ONE)))
            .failure();
    assertThat(noAmount.notAnAmount()).isTrue();
    assertThat(noAmount.reverted()).isFalse();
  }

  @Test
  void evm_anAggregateThatFailed_failsEveryEntry_neverAZero() {
    HoldingBatch batch = HoldingFamilies.on(MAINNET).batch(List.of(token(USDC, ONE)));

    Aggregate3 aggregate = (Aggregate3) batch.reads().iterator().next();

    HoldingRead<Balance> read =
        batch
            .answers(ReadOutcomes.of(Map.of(aggregate, ReadOutcome.failed("timeout"))))
            .balance(token(USDC, ONE));

    assertThat(read).isInstanceOf(HoldingRead.Failed.class);
    assertThat(((HoldingRead.Failed<Balance>) read).failure().reverted()).isFalse();
  }

  @Test
  void aFamilyWithoutBatching_readsEachEntry_andCountsACollectionOneOrNone() {
    SolanaAddress wallet =
        SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");
    String mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    WalletHolding collection = new WalletHolding.OfCollection(mint, wallet);
    HoldingBatch batch = HoldingFamilies.on(SOLANA).batch(List.of(collection, collection));
    ChainRead<Boolean> held = new SolanaRead.NftHeld(wallet, SolanaMint.of(mint));

    assertThat(batch.reads()).containsExactly(held);
    assertThat(
            batch.answers(Readings.of(Map.of(held, new Reading.Value<>(true)))).balance(collection))
        .isEqualTo(new HoldingRead.Got<>(Balance.of(BigInteger.ONE)));
  }
}
