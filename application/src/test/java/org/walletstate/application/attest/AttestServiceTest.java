package org.walletstate.application.attest;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.AttestCommand;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
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

  /** A chain that holds 5 USDC (6 decimals) for everyone, or cannot be read at all. */
  private static final class FakeChain implements ChainState {
    final List<ChainId> observed = new ArrayList<>();
    final List<Set<ProofTarget>> proofsAsked = new ArrayList<>();
    boolean down;
    Map<ProofTarget, ProofOutcome> proofs = Map.of();

    @Override
    public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
      observed.add(chain);
      proofsAsked.add(query.proofs());
      if (down) {
        return Uni.createFrom().item(new ChainObservation.HeadUnavailable("connection refused"));
      }
      ReadOutcomes outcomes = ReadOutcomes.answering(EvmRead.all(query.reads()), FakeChain::answer);
      return Uni.createFrom()
          .item(
              new ChainObservation.Observed(
                  new Anchor.EvmBlock(BigInteger.valueOf(100), CLOCK.instant().minusSeconds(2)),
                  outcomes,
                  proofs));
    }

    private static ReadOutcome answer(EvmRequest request) {
      String data = ((EvmRequest.EthCall) request).data().toHex().replaceFirst("^0x", "");
      long value = data.startsWith("313ce567") ? 6 : 5_000_000;
      return ReadOutcome.data(Bytes.of(word(value)));
    }

    private static byte[] word(long value) {
      byte[] word = new byte[32];
      byte[] v = BigInteger.valueOf(value).toByteArray();
      System.arraycopy(v, 0, word, 32 - v.length, v.length);
      return word;
    }
  }

  /** A ledger with a balance; can be made to lose a race after the check. */
  private static final class Ledger implements CreditLedger {
    long balance;
    long charged;
    long refunded;
    boolean spentElsewhere;

    Ledger(long balance) {
      this.balance = balance;
    }

    @Override
    public Uni<Long> balance(long keyId) {
      return Uni.createFrom().item(balance);
    }

    @Override
    public Uni<Debit> debit(DebitRequest request) {
      if (spentElsewhere) {
        balance = 0;
      }
      if (balance < request.credits()) {
        return Uni.createFrom().item(new Debit.Insufficient(balance, request.credits()));
      }
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

  private static final class Signer implements AttestationSigner {
    int signed;

    @Override
    public SignedAttestation sign(SigningRequest request) {
      signed++;
      return new SignedAttestation(request.attestation(), "{\"attestation\":{}}");
    }
  }

  private final FakeChain chain = new FakeChain();
  private final Signer signer = new Signer();

  private AttestService service(Ledger ledger) {
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
    return AttestCommand.parse(new RequestValue.Obj(body), KeyVersion.V2);
  }

  @Test
  void attest_signsAndThenChargesOneCredit() {
    Ledger ledger = new Ledger(5);
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

  @Test
  void attest_refusesAKeyThatCannotPayBeforeReadingAnyChain() {
    Ledger ledger = new Ledger(1);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isEqualTo(new AttestOutcome.InsufficientCredits(1, 2));
    assertThat(chain.observed).isEmpty();
    assertThat(signer.signed).isZero();
  }

  @Test
  void attest_anUnreadableChainIsRpcFailureUnsignedAndUncharged() {
    Ledger ledger = new Ledger(5);
    chain.down = true;
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
    assertThat(signer.signed).isZero();
    assertThat(ledger.charged).isZero();
  }

  @Test
  void attest_aNotMetConditionIsStillASignedAndChargedVerdict() {
    Ledger ledger = new Ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("6", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(((AttestOutcome.Signed) outcome).attestation().pass()).isFalse();
    assertThat(ledger.charged).isEqualTo(1);
  }

  @Test
  void attest_losingTheLastCreditsToAConcurrentCallDiscardsTheSignedResult() {
    Ledger ledger = new Ledger(1);
    ledger.spentElsewhere = true;
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", false))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(outcome).isEqualTo(new AttestOutcome.InsufficientCredits(0, 1));
    assertThat(ledger.charged).isZero();
  }

  @Test
  void attest_withoutADeliveredProofRefundsThePremium() {
    Ledger ledger = new Ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    assertThat(((AttestOutcome.Signed) outcome).creditsCharged()).isEqualTo(1);
    assertThat(ledger.charged).isEqualTo(2);
    assertThat(ledger.refunded).isEqualTo(1);
    assertThat(ledger.balance).isEqualTo(4);
    assertThat(chain.proofsAsked)
        .containsExactly(Set.of(new ProofTarget.Erc20Balance(EvmAddress.of(USDC), WALLET)));
    assertThat(((AttestOutcome.Signed) outcome).attestation().results().get(0).proof()).isPresent();
  }

  @Test
  void attest_withADeliveredProofKeepsThePremium() {
    BalanceLayout layout = BalanceLayout.solidity(9);
    Bytes32 key = layout.storageKey(WALLET);
    chain.proofs =
        Map.of(
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
    Ledger ledger = new Ledger(5);
    AttestOutcome outcome =
        service(ledger)
            .attest(Payer.credits(ACCOUNT), command("1", true))
            .map(AttestServiceTest::answered)
            .await()
            .indefinitely();
    AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
    assertThat(signed.creditsCharged()).isEqualTo(2);
    assertThat(signed.creditsRemaining()).isEqualTo(3);
    assertThat(ledger.refunded).isZero();
    assertThat(signed.attestation().results().get(0).proofDelivered()).isTrue();
  }

  /** A key's credits always answer: a key that cannot pay is an outcome of the use case. */
  private static <T> T answered(Paid<T> paid) {
    return ((Paid.Answered<T>) paid).outcome();
  }
}
