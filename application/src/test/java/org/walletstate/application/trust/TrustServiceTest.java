package org.walletstate.application.trust;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.trust.TrustBatchCommand;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustCommand;
import org.walletstate.domain.trust.TrustWallets;

/** The trust use cases over fakes of their ports: no framework, no I/O. */
class TrustServiceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-25T12:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount ACCOUNT = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 1000);
  private static final EvmAddress HOLDER =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  private static final EvmAddress EMPTY =
      EvmAddress.of("0x0000000000000000000000000000000000005001");
  private static final EvmAddress BROKEN =
      EvmAddress.of("0x0000000000000000000000000000000000005002");
  private static final SolanaAddress SOLANA =
      SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");

  /**
   * Every EVM chain: the holder has a balance of every token and NFT, others none; every wallet is
   * without code, except that {@code BROKEN}'s code cannot be read. Solana: one lamport for all.
   */
  private static final class FakeChains implements ChainState {
    final List<ChainId> observed = new ArrayList<>();
    final Set<ChainId> down = new HashSet<>();
    final Set<ProofTarget> proofsAsked = new HashSet<>();

    @Override
    public synchronized Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
      observed.add(chain);
      proofsAsked.addAll(query.proofs());
      if (down.contains(chain)) {
        return Uni.createFrom().item(new ChainObservation.HeadUnavailable("connection refused"));
      }
      Map<ChainRead<?>, Reading<?>> answers = new HashMap<>();
      for (ChainRead<?> read : query.reads()) {
        answers.put(read, answer(read));
      }
      Anchor anchor =
          chain instanceof ChainId.Evm
              ? new Anchor.EvmBlock(BigInteger.valueOf(100), CLOCK.instant().minusSeconds(2))
              : new Anchor.SolanaSlot(341197933);
      return Uni.createFrom().item(new ChainObservation.Observed(anchor, Readings.of(answers)));
    }

    private static Reading<?> answer(ChainRead<?> read) {
      if (read instanceof Aggregate3 aggregate) {
        List<Aggregate3.Result> results = new ArrayList<>();
        for (var call : aggregate.calls()) {
          boolean holder =
              call.data()
                  .toHex()
                  .endsWith(HOLDER.toString().substring(2).toLowerCase(java.util.Locale.ROOT));
          results.add(
              new Aggregate3.Result(true, Bytes32.of(BigInteger.valueOf(holder ? 7 : 0)).bytes()));
        }
        return new Reading.Value<>(results);
      }
      if (read instanceof EvmRead.AccountCode code) {
        return code.account().equals(BROKEN)
            ? new Reading.Unreadable<>("timeout")
            : new Reading.Value<>(new DeployedCode(Bytes.EMPTY));
      }
      if (read instanceof EvmRead<?>) {
        return new Reading.Unreadable<>("not answered by this fake");
      }
      return new Reading.Value<>(BigInteger.ONE);
    }
  }

  /** A ledger with a balance. */
  private static final class Ledger implements CreditLedger {
    long balance;
    long charged;
    long refunded;
    int debits;

    Ledger(long balance) {
      this.balance = balance;
    }

    @Override
    public Uni<Long> balance(long keyId) {
      return Uni.createFrom().item(balance);
    }

    @Override
    public Uni<Debit> debit(DebitRequest request) {
      if (balance < request.credits()) {
        return Uni.createFrom().item(new Debit.Insufficient(balance, request.credits()));
      }
      debits++;
      balance -= request.credits();
      charged += request.credits();
      return Uni.createFrom().item(new Debit.Applied(9, balance));
    }

    @Override
    public Uni<Refund> refund(RefundRequest request) {
      balance += request.credits();
      refunded += request.credits();
      return Uni.createFrom().item(new Refund.Applied(10, balance));
    }
  }

  private final FakeChains chains = new FakeChains();
  private final List<PayloadValue.Obj> signed = new ArrayList<>();

  private TrustService service(Ledger ledger) {
    return new TrustService(
        TrustCheckList.current(),
        chains,
        profile -> {
          signed.add(profile);
          return "{\"trust\":{}}";
        },
        Charging.keyCreditsOnly(new Metering(ledger, CLOCK)),
        n -> new byte[n],
        CLOCK,
        Runnable::run);
  }

  private static long total(PayloadValue.Obj profile, String member) {
    PayloadValue.Obj summary = (PayloadValue.Obj) profile.get("summary");
    return ((PayloadValue.Number) summary.get(member)).value().longValueExact();
  }

  @Test
  void aProfile_readsEachOf23EvmChainsOnce_signs155Checks_andCharges3() {
    Ledger ledger = new Ledger(10);

    TrustOutcome outcome =
        service(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), false))
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    assertThat(outcome).isEqualTo(new TrustOutcome.Signed("{\"trust\":{}}", 3, 7));
    assertThat(chains.observed).hasSize(23).doesNotHaveDuplicates();
    assertThat(signed).hasSize(1);
    assertThat(total(signed.get(0), "totalChecks")).isEqualTo(155);
    assertThat(total(signed.get(0), "totalPassed")).isPositive();
    assertThat(signed.get(0).get("expiresAt"))
        .isEqualTo(PayloadValue.text("2026-11-25T12:30:00.000Z"));
  }

  @Test
  void aKeyThatCannotPay_isRefusedBeforeAnyRead() {
    Ledger ledger = new Ledger(5);

    TrustOutcome outcome =
        service(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), true))
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    assertThat(outcome).isEqualTo(new TrustOutcome.InsufficientCredits(5, 6));
    assertThat(chains.observed).isEmpty();
    assertThat(signed).isEmpty();
  }

  @Test
  void oneChainDown_isUnavailable_unsignedAndUncharged() {
    Ledger ledger = new Ledger(10);
    chains.down.add(new ChainId.Evm(10));

    TrustOutcome outcome =
        service(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), false))
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    assertThat(outcome).isInstanceOf(TrustOutcome.Unavailable.class);
    assertThat(((TrustOutcome.Unavailable) outcome).failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.source()).isEqualTo(FailureSource.CHAIN_HEAD_READ);
              assertThat(f.chainId()).isEqualTo(new ChainId.Evm(10));
            });
    assertThat(signed).isEmpty();
    assertThat(ledger.charged).isZero();
  }

  @Test
  void aSolanaWallet_isReadThroughTheSolanaChain_andItsDimensionSigned() {
    Ledger ledger = new Ledger(10);

    service(ledger)
        .profile(
            Payer.credits(ACCOUNT),
            new TrustCommand(new TrustWallets(HOLDER, Map.of(ChainFamily.SOLANA, SOLANA)), false))
        .map(TrustServiceTest::answered)
        .await()
        .indefinitely();

    assertThat(chains.observed).hasSize(24).contains(new ChainId.Named("solana"));
    assertThat(total(signed.get(0), "totalChecks")).isEqualTo(169);
    PayloadValue.Obj solana =
        (PayloadValue.Obj) ((PayloadValue.Obj) signed.get(0).get("dimensions")).get("solana");
    assertThat(solana.get("passCount")).isEqualTo(PayloadValue.number(14));
  }

  @Test
  void proofMode_asksForTokenSlots_andRefundsThePremiumWhenNoProofIsDelivered() {
    Ledger ledger = new Ledger(10);

    TrustOutcome outcome =
        service(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), true))
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    assertThat(chains.proofsAsked)
        .contains(
            new ProofTarget.Erc20Balance(
                EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"), HOLDER));
    assertThat(outcome).isEqualTo(new TrustOutcome.Signed("{\"trust\":{}}", 3, 7));
    assertThat(ledger.charged).isEqualTo(6);
    assertThat(ledger.refunded).isEqualTo(3);
  }

  @Test
  void
      aBatch_readsEachChainOnceForAllWallets_failsOnlyTheWalletWhoseReadFailed_andChargesTheRest() {
    Ledger ledger = new Ledger(100);
    TrustBatchCommand command =
        new TrustBatchCommand(
            List.of(TrustWallets.of(HOLDER), TrustWallets.of(BROKEN), TrustWallets.of(EMPTY)),
            false);

    TrustBatchOutcome outcome =
        service(ledger)
            .profiles(Payer.credits(ACCOUNT), command)
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    assertThat(chains.observed).hasSize(23).doesNotHaveDuplicates();
    TrustBatchOutcome.Answered answered = (TrustBatchOutcome.Answered) outcome;
    assertThat(answered.results()).hasSize(3);
    assertThat(answered.results().get(0)).isInstanceOf(TrustBatchOutcome.Profiled.class);
    assertThat(answered.results().get(1))
        .isEqualTo(
            new TrustBatchOutcome.Failed(
                BROKEN.checksummed(),
                List.of(
                    new org.walletstate.domain.trust.TrustFailure(
                        FailureSource.CHAIN_READ,
                        new ChainId.Evm(1),
                        "account code could not be read"),
                    new org.walletstate.domain.trust.TrustFailure(
                        FailureSource.CHAIN_READ,
                        new ChainId.Evm(8453),
                        "account code could not be read"),
                    new org.walletstate.domain.trust.TrustFailure(
                        FailureSource.CHAIN_READ,
                        new ChainId.Evm(42161),
                        "account code could not be read"),
                    new org.walletstate.domain.trust.TrustFailure(
                        FailureSource.CHAIN_READ,
                        new ChainId.Evm(10),
                        "account code could not be read"),
                    new org.walletstate.domain.trust.TrustFailure(
                        FailureSource.CHAIN_READ,
                        new ChainId.Evm(137),
                        "account code could not be read"))));
    assertThat(answered.results().get(2)).isInstanceOf(TrustBatchOutcome.Profiled.class);
    assertThat(answered.succeeded()).isEqualTo(2);
    assertThat(answered.creditsCharged()).isEqualTo(6);
    assertThat(ledger.debits).isEqualTo(1);
    assertThat(answered.creditsRemaining()).isEqualTo(94);
    assertThat(signed).hasSize(2);
  }

  @Test
  void aBatchWhoseChainIsDown_failsEveryWallet_andChargesNothing() {
    Ledger ledger = new Ledger(100);
    chains.down.add(new ChainId.Evm(8453));

    TrustBatchOutcome outcome =
        service(ledger)
            .profiles(
                Payer.credits(ACCOUNT),
                new TrustBatchCommand(
                    List.of(TrustWallets.of(HOLDER), TrustWallets.of(EMPTY)), true))
            .map(TrustServiceTest::answered)
            .await()
            .indefinitely();

    TrustBatchOutcome.Answered answered = (TrustBatchOutcome.Answered) outcome;
    assertThat(answered.results()).allMatch(TrustBatchOutcome.Failed.class::isInstance);
    assertThat(answered.creditsCharged()).isZero();
    assertThat(answered.creditsRemaining()).isEqualTo(100);
    assertThat(ledger.charged).isZero();
    assertThat(signed).isEmpty();
  }

  /** A key's credits always answer: a key that cannot pay is an outcome of the use case. */
  private static <T> T answered(Paid<T> paid) {
    return ((Paid.Answered<T>) paid).outcome();
  }
}
