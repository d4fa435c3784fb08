package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.application.port.out.UsdRates;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.NativeCoin;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.PaymentToken;
import org.walletstate.domain.payment.PaymentTokens;
import org.walletstate.domain.payment.TransferReceipt;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.UsdRate;

class VerifyPaymentTest {

  static final EvmAddress USDC = EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  static final EvmAddress SERVICE = EvmAddress.of("0x1111111111111111111111111111111111111111");
  static final EvmAddress PAYER = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final TxHash TX = new TxHash("0x" + "cd".repeat(32));
  static final ChainId BASE = ChainId.evm(8453);

  /** A receipt port that answers what the test sets and records what it was asked. */
  static final class Receipts implements PaymentReceipts {
    Lookup answer;
    final List<TxHash> asked = new ArrayList<>();

    @Override
    public Uni<Lookup> receipt(ChainId chain, TxHash hash) {
      asked.add(hash);
      return Uni.createFrom().item(answer);
    }
  }

  final Receipts receipts = new Receipts();
  final VerifyPayment verify =
      new VerifyPayment(
          Map.of(
              BASE, new PaymentChain(BASE, SERVICE, List.of(new PaymentToken("USDC", USDC, 6)), 1)),
          receipts);

  static PaymentClaim claim(Object chain, String amount) {
    return new PaymentClaim(
        ChainCatalogue.find(
                chain instanceof Long l ? ChainId.evm(l) : ChainId.named((String) chain))
            .orElseThrow(),
        TX,
        Optional.ofNullable(amount).map(BigDecimal::new));
  }

  static TransferReceipt receipt(long raw) {
    return new TransferReceipt(
        TX,
        true,
        10,
        List.of(
            new TransferReceipt.Log(
                USDC,
                List.of(PaymentCheck.TRANSFER_TOPIC, Bytes32.of(PAYER), Bytes32.of(SERVICE)),
                Bytes32.of(BigInteger.valueOf(raw)).bytes())));
  }

  Verification run(PaymentClaim claim) {
    return verify.verify(claim).await().indefinitely();
  }

  @Test
  void aReceiptThatPaysIsVerified() {
    receipts.answer =
        new PaymentReceipts.Lookup.Found(PaymentCheck.transfers(receipt(7_000_000)), 10);
    Verification v = run(claim(8453L, "7"));
    assertThat(v).isInstanceOf(Verification.Verified.class);
    assertThat(((Verification.Verified) v).payment().sender()).isEqualTo(PAYER);
  }

  @Test
  void aFailedReadIsUnavailable_andAMissingReceiptIsNotAPayment() {
    receipts.answer = new PaymentReceipts.Lookup.Failed("the chain did not answer");
    assertThat(run(claim(8453L, "7"))).isInstanceOf(Verification.Unavailable.class);
    receipts.answer = new PaymentReceipts.Lookup.NotFound();
    assertThat(((Verification.NotAPayment) run(claim(8453L, "7"))).reason()).contains("no receipt");
  }

  @Test
  void chainsWithoutRules_areRefusedWithoutAnyRead_namingTheChainsThatAreTaken() {
    assertThat(((Verification.NotAPayment) run(claim(1L, "7"))).reason())
        .contains("are not accepted by this service; pay on one of 8453");
    assertThat(((Verification.NotAPayment) run(claim("solana", "7"))).reason())
        .isEqualTo(
            "payments on chain solana (Solana) are not accepted by this service; pay on one of"
                + " 8453");
    assertThat(receipts.asked).isEmpty();
  }

  @Test
  void aChainOfAnotherFamily_isJudgedByTheSameRules_fromItsReportedTransfers() {
    ChainId solana = ChainId.named("solana");
    SolanaAddress mint = SolanaAddress.of("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    SolanaAddress service = SolanaAddress.of("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T");
    SolanaAddress payer = SolanaAddress.of("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    TxHash signature =
        new TxHash(
            "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW");
    VerifyPayment verifier =
        new VerifyPayment(
            Map.of(
                solana,
                new PaymentChain(solana, service, List.of(new PaymentToken("USDC", mint, 6)), 32)),
            receipts);
    PaymentClaim claim =
        new PaymentClaim(
            ChainCatalogue.find(solana).orElseThrow(),
            signature,
            Optional.of(new BigDecimal("12.5")));
    ChainTransfers paid =
        new ChainTransfers(
            signature,
            Optional.empty(),
            100,
            List.of(
                new ChainTransfers.Transfer(mint, payer, service, BigInteger.valueOf(12_500_000))));

    receipts.answer = new PaymentReceipts.Lookup.Found(paid, 131);
    Verification verified = verifier.verify(claim).await().indefinitely();
    assertThat(verified).isInstanceOf(Verification.Verified.class);
    assertThat(((Verification.Verified) verified).payment().sender()).isEqualTo(payer);
    assertThat(((Verification.Verified) verified).payment().usd()).isEqualByComparingTo("12.5");

    receipts.answer = new PaymentReceipts.Lookup.Found(paid, 130);
    assertThat(((Verification.NotAPayment) verifier.verify(claim).await().indefinitely()).reason())
        .contains("has 31 of the 32 confirmations chain solana requires");
    assertThat(receipts.asked).containsExactly(signature, signature);
  }

  @Test
  void aBitcoinPayment_isValuedAtTheFeed_readOnlyOnceTheTransactionIsFound_andNeverAtAStaleOne() {
    ChainId bitcoin = ChainId.named("bitcoin");
    BitcoinAddress service = BitcoinAddress.of("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    BitcoinAddress payer = BitcoinAddress.of("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    TxHash txid = new TxHash("ef".repeat(32));
    Instant now = Instant.parse("2026-11-25T06:00:00Z");
    List<ChainId> priced = new ArrayList<>();
    UsdRates.Quote[] quote = new UsdRates.Quote[1];
    UsdRates rates =
        chain -> {
          priced.add(chain);
          return Uni.createFrom().item(quote[0]);
        };
    VerifyPayment verifier =
        new VerifyPayment(
            Map.of(
                bitcoin,
                new PaymentChain(bitcoin, service, PaymentTokens.production().get(bitcoin), 3)),
            receipts,
            rates,
            Duration.ofMinutes(65),
            Clock.fixed(now, ZoneOffset.UTC));
    PaymentClaim claim =
        new PaymentClaim(ChainCatalogue.find(bitcoin).orElseThrow(), txid, Optional.empty());
    ChainTransfers paid =
        new ChainTransfers(
            txid,
            Optional.empty(),
            800_000,
            List.of(
                new ChainTransfers.Transfer(
                    NativeCoin.BTC, payer, service, BigInteger.valueOf(50_000))));
    BigInteger sixtyThousand = BigInteger.valueOf(6_000_000_000_000L); // 8 decimals

    receipts.answer = new PaymentReceipts.Lookup.NotFound();
    assertThat(verifier.verify(claim).await().indefinitely())
        .isInstanceOf(Verification.NotAPayment.class);
    assertThat(priced).isEmpty();

    receipts.answer = new PaymentReceipts.Lookup.Found(paid, 800_002);
    quote[0] =
        new UsdRates.Quote.Read(
            ChainId.evm(1),
            new UsdRate("BTC/USD", sixtyThousand, 8, now.minusSeconds(3_000), 21_000_000));
    Verification verified = verifier.verify(claim).await().indefinitely();
    assertThat(((Verification.Verified) verified).payment().usd()).isEqualByComparingTo("30.00");
    assertThat(((Verification.Verified) verified).payment().sender()).isEqualTo(payer);

    quote[0] =
        new UsdRates.Quote.Read(
            ChainId.evm(1),
            new UsdRate("BTC/USD", sixtyThousand, 8, now.minusSeconds(3_901), 21_000_000));
    Verification.Unavailable stale =
        (Verification.Unavailable) verifier.verify(claim).await().indefinitely();
    assertThat(stale.chain()).isEqualTo(ChainId.evm(1));
    assertThat(stale.message())
        .isEqualTo(
            "the BTC/USD price was last updated at 2026-11-25T04:54:59Z, more than 3900 s ago;"
                + " it is not used");

    quote[0] = new UsdRates.Quote.Failed(ChainId.evm(1), "the price read did not complete");
    Verification.Unavailable unreadable =
        (Verification.Unavailable) verifier.verify(claim).await().indefinitely();
    assertThat(unreadable.chain()).isEqualTo(ChainId.evm(1));
    assertThat(unreadable.message()).isEqualTo("the BTC/USD price could not be read");
    assertThat(priced).containsExactly(bitcoin, bitcoin, bitcoin);

    // a service without a price feed refuses to guess
    VerifyPayment unpriced =
        new VerifyPayment(
            Map.of(
                bitcoin,
                new PaymentChain(bitcoin, service, PaymentTokens.production().get(bitcoin), 3)),
            receipts);
    assertThat(unpriced.verify(claim).await().indefinitely())
        .isInstanceOf(Verification.Unavailable.class);
  }
}
