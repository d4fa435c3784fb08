package org.walletstate.application.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustCommand;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustWallets;

/**
 * The trust use cases, a profile and a batch, each its own service over the one shared {@link
 * TrustProfiling}, on fakes of their ports: no framework, no I/O.
 */
class TrustServicesTest {

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
  private final TableChainState chains =
      new TableChainState(CLOCK).otherwise((chain, read) -> answer(read));

  private final RecordingSigner signer = new RecordingSigner();

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

  private static MemoryCreditLedger ledger(long balance) {
    return new MemoryCreditLedger().withBalance(ACCOUNT.id(), balance);
  }

  private TrustProfiling profiling() {
    return new TrustProfiling(
        TrustCheckList.current(), chains, signer, n -> new byte[n], CLOCK, Runnable::run);
  }

  private static Charging charging(MemoryCreditLedger ledger) {
    return Charging.keyCreditsOnly(new Metering(ledger, CLOCK));
  }

  private TrustProfileService profileService(MemoryCreditLedger ledger) {
    return new TrustProfileService(profiling(), charging(ledger));
  }

  /** The holder's profile without proofs, paid with the account's credits in {@code ledger}. */
  private TrustOutcome holderProfiled(MemoryCreditLedger ledger) {
    return profileService(ledger)
        .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), false))
        .map(TrustServicesTest::answered)
        .await()
        .indefinitely();
  }

  private TrustBatchService batchService(MemoryCreditLedger ledger) {
    return new TrustBatchService(profiling(), charging(ledger));
  }

  private static long total(PayloadValue.Obj profile, String member) {
    PayloadValue.Obj summary = (PayloadValue.Obj) profile.get("summary");
    return ((PayloadValue.Number) summary.get(member)).value().longValueExact();
  }

  @Test
  void aProfile_readsEachOf23EvmChainsOnce_signs155Checks_andCharges3() {
    MemoryCreditLedger ledger = ledger(10);

    TrustOutcome outcome = holderProfiled(ledger);

    assertThat(outcome).isEqualTo(new TrustOutcome.Signed("{\"trust\":{}}", 3, 7));
    assertThat(chains.observed()).hasSize(23).doesNotHaveDuplicates();
    assertThat(signer.profiles()).hasSize(1);
    assertThat(total(signer.profiles().get(0), "totalChecks")).isEqualTo(155);
    assertThat(total(signer.profiles().get(0), "totalPassed")).isPositive();
    assertThat(signer.profiles().get(0).get("expiresAt"))
        .isEqualTo(PayloadValue.text("2026-11-25T12:30:00.000Z"));
  }

  @Test
  void aKeyThatCannotPay_isRefusedBeforeAnyRead() {
    MemoryCreditLedger ledger = ledger(5);

    TrustOutcome outcome =
        profileService(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), true))
            .map(TrustServicesTest::answered)
            .await()
            .indefinitely();

    assertThat(outcome).isEqualTo(new TrustOutcome.InsufficientCredits(5, 6));
    assertThat(chains.observed()).isEmpty();
    assertThat(signer.profiles()).isEmpty();
  }

  @Test
  void oneChainDown_isUnavailable_unsignedAndUncharged() {
    MemoryCreditLedger ledger = ledger(10);
    chains.down(new ChainId.Evm(10));

    TrustOutcome outcome = holderProfiled(ledger);

    assertThat(outcome).isInstanceOf(TrustOutcome.Unavailable.class);
    assertThat(((TrustOutcome.Unavailable) outcome).failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.source()).isEqualTo(FailureSource.CHAIN_HEAD_READ);
              assertThat(f.chainId()).isEqualTo(new ChainId.Evm(10));
            });
    assertThat(signer.profiles()).isEmpty();
    assertThat(ledger.charged()).isZero();
  }

  @Test
  void aSolanaWallet_isReadThroughTheSolanaChain_andItsDimensionSigned() {
    MemoryCreditLedger ledger = ledger(10);

    profileService(ledger)
        .profile(
            Payer.credits(ACCOUNT),
            new TrustCommand(new TrustWallets(HOLDER, Map.of(ChainFamily.SOLANA, SOLANA)), false))
        .map(TrustServicesTest::answered)
        .await()
        .indefinitely();

    assertThat(chains.observed()).hasSize(24).contains(new ChainId.Named("solana"));
    assertThat(total(signer.profiles().get(0), "totalChecks")).isEqualTo(169);
    PayloadValue.Obj solana =
        (PayloadValue.Obj)
            ((PayloadValue.Obj) signer.profiles().get(0).get("dimensions")).get("solana");
    assertThat(solana.get("passCount")).isEqualTo(PayloadValue.number(14));
  }

  @Test
  void proofMode_asksForTokenSlots_andRefundsThePremiumWhenNoProofIsDelivered() {
    MemoryCreditLedger ledger = ledger(10);

    TrustOutcome outcome =
        profileService(ledger)
            .profile(Payer.credits(ACCOUNT), new TrustCommand(TrustWallets.of(HOLDER), true))
            .map(TrustServicesTest::answered)
            .await()
            .indefinitely();

    assertThat(chains.proofsAsked())
        .contains(
            new ProofTarget.Erc20Balance(
                EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"), HOLDER));
    assertThat(outcome).isEqualTo(new TrustOutcome.Signed("{\"trust\":{}}", 3, 7));
    assertThat(ledger.charged()).isEqualTo(6);
    assertThat(ledger.refunded()).isEqualTo(3);
  }

  @Test
  void
      aBatch_readsEachChainOnceForAllWallets_failsOnlyTheWalletWhoseReadFailed_andChargesTheRest() {
    MemoryCreditLedger ledger = ledger(100);
    TrustBatchCommand command =
        new TrustBatchCommand(
            List.of(TrustWallets.of(HOLDER), TrustWallets.of(BROKEN), TrustWallets.of(EMPTY)),
            false);

    TrustBatchOutcome outcome =
        batchService(ledger)
            .profiles(Payer.credits(ACCOUNT), command)
            .map(TrustServicesTest::answered)
            .await()
            .indefinitely();

    assertThat(chains.observed()).hasSize(23).doesNotHaveDuplicates();
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
    assertThat(ledger.debits()).hasSize(1);
    assertThat(answered.creditsRemaining()).isEqualTo(94);
    assertThat(signer.profiles()).hasSize(2);
  }

  @Test
  void aBatchWhoseChainIsDown_failsEveryWallet_andChargesNothing() {
    MemoryCreditLedger ledger = ledger(100);
    chains.down(new ChainId.Evm(8453));

    TrustBatchOutcome outcome =
        batchService(ledger)
            .profiles(
                Payer.credits(ACCOUNT),
                new TrustBatchCommand(
                    List.of(TrustWallets.of(HOLDER), TrustWallets.of(EMPTY)), true))
            .map(TrustServicesTest::answered)
            .await()
            .indefinitely();

    TrustBatchOutcome.Answered answered = (TrustBatchOutcome.Answered) outcome;
    assertThat(answered.results()).allMatch(TrustBatchOutcome.Failed.class::isInstance);
    assertThat(answered.creditsCharged()).isZero();
    assertThat(answered.creditsRemaining()).isEqualTo(100);
    assertThat(ledger.charged()).isZero();
    assertThat(signer.profiles()).isEmpty();
  }

  /** Debits seen by {@code ledger} within ten seconds: {@code n} of them. */
  private static void awaitDebits(MemoryCreditLedger ledger, int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (ledger.debits().size() < n && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertThat(ledger.debits()).hasSize(n);
  }

  private final AtomicInteger ids = new AtomicInteger();

  /** Signing on threads of their own, as in the service; each profile with an id of its own. */
  private TrustProfiling profilingOn(ExecutorService cpu) {
    return new TrustProfiling(
        TrustCheckList.current(),
        chains,
        signer,
        n -> Arrays.copyOf(new byte[] {(byte) ids.incrementAndGet()}, n),
        CLOCK,
        cpu);
  }

  @Test
  void aBatch_logsItsProfilesWithItsOneDebit_inRequestOrder_andAppendsNothingOfItsOwn()
      throws Exception {
    MemoryCreditLedger ledger = ledger(100);
    // a log that would never answer an append: a paid batch does not wait for one
    signer.appendsAfter(new CompletableFuture<>());
    ExecutorService cpu = Executors.newFixedThreadPool(2);
    try {
      TrustBatchOutcome.Answered answered =
          (TrustBatchOutcome.Answered)
              new TrustBatchService(profilingOn(cpu), charging(ledger))
                  .profiles(
                      Payer.credits(ACCOUNT),
                      new TrustBatchCommand(
                          List.of(TrustWallets.of(HOLDER), TrustWallets.of(EMPTY)), false))
                  .map(TrustServicesTest::answered)
                  .subscribeAsCompletionStage()
                  .get(10, TimeUnit.SECONDS);
      assertThat(answered.results())
          .containsExactly(
              new TrustBatchOutcome.Profiled("{\"trust\":{}}"),
              new TrustBatchOutcome.Profiled("{\"trust\":{}}"));
      assertThat(answered.creditsCharged()).isEqualTo(6);
      assertThat(ledger.debits()).hasSize(1);
      assertThat(ledger.logged()).hasSize(2).allMatch(entry -> entry.kind().equals("trust"));
      assertThat(ledger.debits().get(0).statements()).isEqualTo(ledger.logged());
      assertThat(signer.appended()).isZero();
      assertThat(signer.heldAppends()).isZero();
    } finally {
      cpu.shutdownNow();
    }
  }

  @Test
  void aProfileWhoseKeyWasSpentMeanwhileIsDiscardedAndNotLogged() {
    MemoryCreditLedger ledger = ledger(100);
    ledger.beforeEachDebit(debit -> ledger.withBalance(ACCOUNT.id(), 0));
    TrustOutcome outcome = holderProfiled(ledger);
    assertThat(outcome).isNotInstanceOf(TrustOutcome.Signed.class);
    assertThat(ledger.charged()).isZero();
    assertThat(ledger.logged()).isEmpty();
    assertThat(signer.appended()).isZero();
  }

  /** A key's credits always answer: a key that cannot pay is an outcome of the use case. */
  private static <T> T answered(Paid<T> paid) {
    return ((Paid.Answered<T>) paid).outcome();
  }
}
