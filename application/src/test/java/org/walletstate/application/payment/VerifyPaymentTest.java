package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.EvmPaymentChain;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.PaymentToken;
import org.walletstate.domain.payment.TransferReceipt;
import org.walletstate.domain.payment.TxHash;

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
              BASE,
              new EvmPaymentChain(BASE, SERVICE, List.of(new PaymentToken("USDC", USDC, 6)), 1)),
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
    receipts.answer = new PaymentReceipts.Lookup.Found(receipt(7_000_000), 10);
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
  void chainsWithoutRulesAndOtherFamiliesAreRefusedWithoutAnyRead() {
    assertThat(((Verification.NotAPayment) run(claim(1L, "7"))).reason())
        .contains("are not accepted by this service");
    assertThat(((Verification.NotAPayment) run(claim("solana", "7"))).reason())
        .contains("payments on solana are not accepted by this service yet");
    assertThat(receipts.asked).isEmpty();
  }
}
