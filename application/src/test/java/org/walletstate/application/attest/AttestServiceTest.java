package org.walletstate.application.attest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.proof.BalanceLayout;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.request.RequestValue;

class AttestServiceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount ACCOUNT = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 1000);
  private static final String USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

  /** Every EVM chain holds 5 USDC (6 decimals) for everyone. */
  private final TableChainState chain =
      new TableChainState(CLOCK).otherwise((id, read) -> answer((EvmRead<?>) read));

  private final RecordingSigner signer = new RecordingSigner();

  private static Reading<?> answer(EvmRead<?> read) {
    String data = ((EvmRequest.EthCall) read.request()).data().toHex().replaceFirst("^0x", "");
    long value = data.startsWith("313ce567") ? 6 : 5_000_000;
    return new Reading.Value<>(
        read.decode(new ReadOutcome.Data(Bytes32.of(BigInteger.valueOf(value)).bytes())));
  }

  private static MemoryCreditLedger ledger(long balance) {
    return new MemoryCreditLedger().withBalance(ACCOUNT.id(), balance);
  }

  private AttestService service(MemoryCreditLedger ledger) {
    return new AttestService(
        chain,
        signer,
        Charging.keyCreditsOnly(new Metering(ledger, CLOCK)),
        n -> new byte[n],
        CLOCK,
        Runnable::run);
  }

  private static AttestCommand command(String threshold, boolean proof) {
    Map<String, RequestValue> condition =
        Map.of(
            "type", new RequestValue.Text("token_balance"),
            "chainId", new RequestValue.Number(new java.math.BigDecimal(8453), "8453"),
            "contractAddress", new RequestValue.Text(USDC),
            "threshold", new RequestValue.Text(threshold));
    var body = new java.util.LinkedHashMap<String, RequestValue>();
    body.put("wallet", new RequestValue.Text(WALLET.checksummed()));
    body.put("conditions", new RequestValue.Arr(List.of(new RequestValue.Obj(condition))));
    if (proof) {
      body.put("proof", new RequestValue.Text("merkle"));
    }
    return AttestCommands.parse(new RequestValue.Obj(body), KeyVersion.V2);
  }

  @Test
  void attest_signsAndThenChargesOneCredit() {
    MemoryCreditLedger ledger = ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isInstanceOf(AttestOutcome.Signed.class);
    AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
    assertThat(signed.creditsCharged()).isEqualTo(1);
    assertThat(signed.creditsRemaining()).isEqualTo(4);
    assertThat(signed.attestation().pass()).isTrue();
    assertThat(signed.attestation().expiresAt()).isEqualTo(Instant.parse("2026-11-21T12:30:00Z"));
  }

  /** The service with signing (and the append) on threads of their own, as in the service. */
  private AttestService serviceOn(MemoryCreditLedger ledger, ExecutorService cpu) {
    return new AttestService(
        chain,
        signer,
        Charging.keyCreditsOnly(new Metering(ledger, CLOCK)),
        n -> new byte[n],
        CLOCK,
        cpu);
  }

  private static void awaitDebits(MemoryCreditLedger ledger, int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (ledger.debits().size() < n && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertThat(ledger.debits()).hasSize(n);
  }

  @Test
  void attest_logsTheStatementWithItsDebitAndAppendsNothingOfItsOwn() throws Exception {
    MemoryCreditLedger ledger = ledger(5);
    // a log that would never answer an append: a paid attest does not wait for one
    signer.appendsAfter(new CompletableFuture<>());
    ExecutorService cpu = Executors.newFixedThreadPool(2);
    try {
      AttestOutcome.Signed signed =
          (AttestOutcome.Signed)
              serviceOn(ledger, cpu)
                  .attest(Payer.credits(ACCOUNT), command("1", false))
                  .map(AttestServiceTest::answered)
                  .subscribeAsCompletionStage()
                  .get(10, TimeUnit.SECONDS);
      assertThat(signed.creditsCharged()).isEqualTo(1);
      assertThat(signed.creditsRemaining()).isEqualTo(4);
      // the one entry went with the debit, under the attestation's id; no index in the answer
      assertThat(ledger.logged())
          .singleElement()
          .satisfies(
              entry -> {
                assertThat(entry.id()).isEqualTo(signed.attestation().id().value());
                assertThat(entry.kind()).isEqualTo("attestation");
              });
      assertThat(ledger.debits().get(0).statements()).isEqualTo(ledger.logged());
      assertThat(signed.dataJson()).isEqualTo("{\"attestation\":{}}");
      assertThat(signer.appended()).isZero();
      assertThat(signer.heldAppends()).isZero();
    } finally {
      cpu.shutdownNow();
    }
  }

  @Test
  void attest_aDebitThatFailsLogsNothingChargesNothingAndFailsTheCall() {
    IllegalStateException down = new IllegalStateException("the ledger's store is down");
    MemoryCreditLedger ledger =
        ledger(5)
            .beforeEachDebit(
                request -> {
                  throw down;
                });
    assertThatThrownBy(
            () ->
                service(ledger)
                    .attest(Payer.credits(ACCOUNT), command("1", false))
                    .await()
                    .indefinitely())
        .isSameAs(down);
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(5);
    assertThat(ledger.logged()).isEmpty();
    assertThat(signer.appended()).isZero();
  }

  @Test
  void attest_refusesAKeyThatCannotPayBeforeReadingAnyChain() {
    MemoryCreditLedger ledger = ledger(1);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isEqualTo(new AttestOutcome.InsufficientCredits(1, 2));
    assertThat(chain.observed()).isEmpty();
    assertThat(signer.attestations()).isEmpty();
  }

  @Test
  void attest_anUnreadableChainIsRpcFailureUnsignedAndUncharged() {
    MemoryCreditLedger ledger = ledger(5);
    chain.down(ChainId.evm(8453));
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isInstanceOf(AttestOutcome.Unavailable.class);
    assertThat(((AttestOutcome.Unavailable) outcome).failedConditions())
        .singleElement()
        .satisfies(f -> assertThat(f.source()).isEqualTo(FailureSource.CHAIN_HEAD_READ));
    assertThat(signer.attestations()).isEmpty();
    assertThat(ledger.charged()).isZero();
  }

  @Test
  void attest_aNotMetConditionIsStillASignedAndChargedVerdict() {
    MemoryCreditLedger ledger = ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("6", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(((AttestOutcome.Signed) outcome).attestation().pass()).isFalse();
    assertThat(ledger.charged()).isEqualTo(1);
  }

  @Test
  void attest_losingTheLastCreditsToAConcurrentCallDiscardsTheSignedResult() {
    MemoryCreditLedger ledger = ledger(1);
    ledger.beforeEachDebit(debit -> ledger.withBalance(ACCOUNT.id(), 0));
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isEqualTo(new AttestOutcome.InsufficientCredits(0, 1));
    assertThat(ledger.charged()).isZero();
    // the discarded statement was not issued: it is not in the log either
    assertThat(ledger.logged()).isEmpty();
    assertThat(signer.appended()).isZero();
  }

  @Test
  void attest_withoutADeliveredProofRefundsThePremium() {
    MemoryCreditLedger ledger = ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(((AttestOutcome.Signed) outcome).creditsCharged()).isEqualTo(1);
    assertThat(ledger.charged()).isEqualTo(2);
    assertThat(ledger.refunded()).isEqualTo(1);
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(4);
    assertThat(chain.queries())
        .extracting(ChainQuery::proofs)
        .containsExactly(Set.of(new ProofTarget.Erc20Balance(EvmAddress.of(USDC), WALLET)));
    assertThat(((AttestOutcome.Signed) outcome).attestation().results().get(0).proof()).isPresent();
  }

  @Test
  void attest_withADeliveredProofKeepsThePremium() {
    BalanceLayout layout = BalanceLayout.solidity(9);
    Bytes32 key = layout.storageKey(WALLET);
    chain.prove(
        new ProofTarget.Erc20Balance(EvmAddress.of(USDC), WALLET),
        new ProofOutcome.Obtained(
            new AccountProof(
                EvmAddress.of(USDC),
                BigInteger.ONE,
                BigInteger.ZERO,
                Bytes32.ZERO,
                Bytes32.ZERO,
                List.of(Bytes.fromHex("0xc0")),
                List.of(
                    new AccountProof.StorageProof(
                        key, BigInteger.valueOf(5_000_000), List.of(Bytes.fromHex("0xc0"))))),
            java.util.Optional.of(layout)));
    MemoryCreditLedger ledger = ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
    assertThat(signed.creditsCharged()).isEqualTo(2);
    assertThat(signed.creditsRemaining()).isEqualTo(3);
    assertThat(ledger.refunded()).isZero();
    assertThat(signed.attestation().results().get(0).proofDelivered()).isTrue();
  }

  /** A key's credits always answer: a key that cannot pay is an outcome of the use case. */
  private static <T> T answered(Paid<T> paid) {
    return ((Paid.Answered<T>) paid).outcome();
  }
}
