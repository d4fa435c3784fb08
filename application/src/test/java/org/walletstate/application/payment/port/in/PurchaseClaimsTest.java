package org.walletstate.application.payment.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.SenderProof;
import org.walletstate.domain.request.Fields;

/** The payment members of a purchase body, read at the edge; the values keep their rules. */
class PurchaseClaimsTest {

  private static final String TX = "0x" + "ab".repeat(32);
  private static final String INTENT =
      "{\"id\":\"pi_" + "0c".repeat(16) + "\",\"secret\":\"" + "5e".repeat(32) + "\"}";

  private static Fields body(String json) {
    return Fields.of(Json.object(json), "");
  }

  @Test
  void aPurchaseAmountThatIsNoPlainDecimal_isRefusedNamingItsMemberAndKind() {
    Fields body = body("{\"txHash\":\"" + TX + "\",\"chainId\":8453,\"amount\":\"1e5\"}");

    assertThatThrownBy(() -> PurchaseClaims.payment(body))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("amount must be a number of USD (e.g. 25 or \"25.50\"), not ");
  }

  @Test
  void aPaymentIsReadWithItsChainHashAndAmount_andTheMinimumHolds() {
    PaymentClaim claim =
        PurchaseClaims.payment(
            body("{\"txHash\":\"" + TX + "\",\"chainId\":8453,\"amount\":\"25.50\"}"));
    assertThat(claim.chain().id()).isEqualTo(ChainId.evm(8453));
    assertThat(claim.hash()).isEqualTo(new TxHash(TX));
    assertThat(claim.declaredUsd()).contains(new BigDecimal("25.50"));
    assertThatThrownBy(
            () ->
                PurchaseClaims.payment(
                    body("{\"txHash\":\"" + TX + "\",\"chainId\":8453,\"amount\":4}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount 4 is below the minimum purchase of 5 USD");
    assertThatThrownBy(
            () -> PurchaseClaims.payment(body("{\"txHash\":\"" + TX + "\",\"chainId\":8453}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount is required");
  }

  @Test
  void aPayerIsAProofOrAnIntent_neverBoth() {
    assertThat(PurchaseClaims.payer(body("{}"))).isEqualTo(PayerClaim.NONE);
    assertThat(PurchaseClaims.payer(body("{\"paymentIntent\":" + INTENT + "}")).intent())
        .contains(new IntentRef("pi_" + "0c".repeat(16), "5e".repeat(32)));
    assertThat(
            PurchaseClaims.payer(body("{\"senderProof\":{\"message\":\"m\",\"signature\":\"s\"}}"))
                .proof())
        .contains(new SenderProof("m", "s"));
    assertThatThrownBy(
            () ->
                PurchaseClaims.payer(
                    body(
                        "{\"senderProof\":{\"message\":\"m\",\"signature\":\"s\"},\"paymentIntent\":"
                            + INTENT
                            + "}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "send either senderProof or paymentIntent, not both: a payment is claimed one way");
    assertThatThrownBy(() -> PurchaseClaims.payer(body("{\"paymentIntent\":\"pi_1\"}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("paymentIntent must be an object {id, secret}, not a string");
    assertThatThrownBy(
            () ->
                PurchaseClaims.payer(
                    body(
                        "{\"paymentIntent\":{\"id\":\"pi_1\",\"secret\":\""
                            + "5e".repeat(32)
                            + "\"}}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("paymentIntent.id must be pi_ and 32 lower-case hex digits, as it was issued");
    assertThatThrownBy(
            () ->
                PurchaseClaims.payer(
                    body(
                        "{\"senderProof\":{\"message\":\""
                            + "m".repeat(1025)
                            + "\",\"signature\":\"s\"}}")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("senderProof.message is longer than 1024 characters");
  }

  @Test
  void valuesBuiltWithoutTheReaderKeepTheReadersRules() {
    assertThatThrownBy(
            () ->
                new PaymentClaim(
                    ChainCatalogue.require(ChainId.evm(88888)),
                    new TxHash(TX),
                    Optional.of(BigDecimal.TEN)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId 88888 (Chiliz Chain) is not a payment chain");
    assertThatThrownBy(
            () ->
                new PaymentClaim(
                    ChainCatalogue.require(ChainId.evm(8453)), new TxHash(TX), Optional.empty()))
        .isInstanceOf(ValidationException.class)
        .hasMessage("amount is required");
    assertThatThrownBy(() -> new IntentRef("pi_" + "0c".repeat(16), "not hex"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("paymentIntent.secret must be 64 lower-case hex digits, as it was issued");
    assertThatThrownBy(() -> new SenderProof("m", "s".repeat(201)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("senderProof.signature is longer than 200 characters");
  }
}
