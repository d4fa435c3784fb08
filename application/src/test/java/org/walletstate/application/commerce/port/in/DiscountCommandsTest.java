package org.walletstate.application.commerce.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.OrderLines;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** The discount request reader's rules and 400s (moved from the domain with the reader). */
class DiscountCommandsTest {

  static RequestValue.Obj j(String singleQuoted) {
    return Json.object(singleQuoted.replace('\'', '"'));
  }

  @Test
  void items_truncateFractions_allocationsAddUp_andSubtotalIsIgnored() {
    OrderLines order =
        DiscountCommands.order(
            Fields.of(
                j(
                    "{'items':[{'path':'$.line_items[0]','amount':1899.99},"
                        + "{'path':'$.line_items[1]','amount':2801}],'subtotal':5}"),
                ""));
    assertThat(order.total()).hasValue(4700);
    assertThat(order.allocations(15))
        .extracting(OrderLines.Allocation::amount)
        .containsExactly(284L, 420L); // 284.85 and 420.15, truncated
    assertThat(order.discountAmount(15)).contains(704L);
    OrderLines subtotal = DiscountCommands.order(Fields.of(j("{'subtotal':4600.9}"), ""));
    assertThat(subtotal.total()).hasValue(4600);
    assertThat(subtotal.discountAmount(15)).contains(690L);
    assertThat(subtotal.allocations(15)).isEmpty();
    assertThat(DiscountCommands.order(Fields.of(j("{}"), "")).discountAmount(15)).isEmpty();
  }

  @Test
  void badOrders_are400() {
    for (String body :
        new String[] {
          "{'items':{}}",
          "{'items':[1]}",
          "{'items':[{'path':'$.a'}]}",
          "{'items':[{'path':'$.a','amount':-1}]}",
          "{'items':[{'path':'$.a','amount':'10'}]}",
          "{'items':[{'path':'','amount':1}]}",
          "{'subtotal':'5'}",
          "{'subtotal':9007199254740992}"
        }) {
      assertThatThrownBy(() -> DiscountCommands.order(Fields.of(j(body), "")))
          .as(body)
          .isInstanceOf(ValidationException.class);
    }
  }

  @Test
  void request_walletProofRules() {
    String wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    DiscountRequest ok =
        DiscountCommands.request(
            j(
                "{'merchantId':'cafe','wallet':'"
                    + wallet
                    + "','walletProof':{'message':'m','signature':'s'}}"),
            false);
    assertThat(ok.proof()).isPresent();
    assertThatThrownBy(
            () ->
                DiscountCommands.request(
                    j("{'merchantId':'cafe','wallet':'" + wallet + "','walletProof':'x'}"), false))
        .hasMessageContaining("walletProof must be an object");
    assertThatThrownBy(
            () ->
                DiscountCommands.request(
                    j(
                        "{'merchantId':'cafe','wallet':'"
                            + wallet
                            + "','walletProof':{'message':'m','signature':1}}"),
                    false))
        .hasMessageContaining("string message and signature");
    assertThatThrownBy(
            () ->
                DiscountCommands.request(
                    j(
                        "{'merchantId':'cafe','xrplWallet':'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',"
                            + "'walletProof':{'message':'m','signature':'s'}}"),
                    false))
        .hasMessageContaining("EVM only");
    assertThatThrownBy(() -> DiscountCommands.request(j("{'merchantId':'cafe'}"), false))
        .hasMessageContaining("wallet is required");
    assertThatThrownBy(
            () ->
                DiscountCommands.request(
                    j("{'merchantId':'cafe','xrplWallet':'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTx'}"),
                    false))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void aPayerProofIsAnObjectOfTwoBoundedTexts() {
    assertThat(
            CodePaymentCommands.payerProof(
                Fields.of(j("{'payerProof':{'message':'m','signature':'s'}}"), "")))
        .isPresent();
    assertThatThrownBy(() -> CodePaymentCommands.payerProof(Fields.of(j("{'payerProof':'x'}"), "")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("payerProof must be an object {message, signature}, not a string");
    String long1025 = "m".repeat(1025);
    assertThatThrownBy(
            () ->
                CodePaymentCommands.payerProof(
                    Fields.of(
                        j("{'payerProof':{'message':'" + long1025 + "','signature':'s'}}"), "")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("payerProof.message and payerProof.signature are at most 1024 characters");
  }

  @Test
  void assurance_isReadAsAttestAndTrustReadIt() {
    String merchant = "'merchantId':'cafe','wallet':'0x70997970C51812dc3A010C7d01b50e0d17dc79C8'";
    assertThat(DiscountCommands.request(j("{" + merchant + "}"), true).assurance()).isEmpty();
    DiscountRequest quorum =
        DiscountCommands.request(j("{" + merchant + ",'assurance':'quorum'}"), true);
    assertThat(quorum.assurance()).contains(Assurance.QUORUM);
    assertThat(quorum.quorum()).isTrue();
    assertThat(
            DiscountCommands.request(j("{" + merchant + ",'assurance':'single'}"), false)
                .assurance())
        .contains(Assurance.SINGLE);
    assertThatThrownBy(
            () -> DiscountCommands.request(j("{" + merchant + ",'assurance':'best'}"), true))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "assurance \"best\" is not supported; send \"single\" or \"quorum\", or leave it"
                + " out");
    assertThatThrownBy(() -> DiscountCommands.request(j("{" + merchant + ",'assurance':2}"), true))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void aQuorumWithASolanaOrXrplWallet_isAccepted_asTheChainLayerReadsAQuorumOnThem() {
    for (String member :
        List.of(
            "'solanaWallet':'9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'",
            "'xrplWallet':'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'")) {
      for (String mode : List.of("quorum", "single")) {
        assertThat(
                DiscountCommands.request(
                        j("{'merchantId':'cafe'," + member + ",'assurance':'" + mode + "'}"), true)
                    .assurance())
            .map(Assurance::wire)
            .contains(mode);
      }
    }
  }

  @Test
  void theCheckQuery_readsAssurance_andRefusesAnotherWord() {
    Map<String, String> query = new java.util.HashMap<>();
    query.put("merchant", "cafe");
    query.put("xrplWallet", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    assertThat(DiscountCommands.check(query).assurance()).isEmpty();
    query.put("assurance", "quorum");
    assertThat(DiscountCommands.check(query).quorum()).isTrue();
    query.put("assurance", "Quorum");
    assertThatThrownBy(() -> DiscountCommands.check(query))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "assurance \"Quorum\" is not supported; send \"single\" or \"quorum\", or leave it"
                + " out");
    query.put("assurance", "");
    assertThatThrownBy(() -> DiscountCommands.check(query))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("assurance \"\" is not supported");
  }
}
