package org.walletstate.domain.commerce.discount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

class CodesAndOrdersTest {

  static RequestValue.Obj j(String singleQuoted) {
    return Json.object(singleQuoted.replace('\'', '"'));
  }

  @Test
  void code_usesTheUnambiguousAlphabet_andReadsLowerCase() {
    assertThat(DiscountCode.ALPHABET).hasSize(32).doesNotContain("0", "O", "1", "I");
    DiscountCode code = DiscountCode.fromRandom(new byte[] {0, 31, 32, (byte) 0xFF, 7});
    assertThat(code.text()).isEqualTo("SVC-2Z2Z" + DiscountCode.ALPHABET.charAt(7));
    assertThat(DiscountCode.parse("svc-7k2qm", "code").text()).isEqualTo("SVC-7K2QM");
    for (String bad : new String[] {"SVC-7K2Q", "SVC-7K2QO", "SVC-7K2Q1", "XYZ-7K2QM", ""}) {
      assertThatThrownBy(() -> DiscountCode.parse(bad, "code"))
          .isInstanceOf(ValidationException.class)
          .hasMessageContaining("SVC-");
    }
  }

  @Test
  void codeStates_validExpiredUsed() {
    Instant created = Instant.parse("2026-11-25T10:00:00Z");
    IssuedCode code =
        new IssuedCode(
            DiscountCode.parse("SVC-7K2QM", "code"),
            new CompanyId("cafe"),
            10,
            created,
            created.plus(DiscountCode.VALIDITY),
            false,
            OptionalLong.empty(),
            Optional.empty());
    assertThat(code.state(created.plusSeconds(1799))).isEqualTo(IssuedCode.State.VALID);
    assertThat(code.state(created.plusSeconds(1800))).isEqualTo(IssuedCode.State.EXPIRED);
    IssuedCode used =
        new IssuedCode(
            code.code(),
            code.merchantId(),
            10,
            created,
            code.expiresAt(),
            false,
            OptionalLong.empty(),
            Optional.of(created.plusSeconds(60)));
    assertThat(used.state(created.plusSeconds(4000))).isEqualTo(IssuedCode.State.ALREADY_USED);
  }

  @Test
  void items_truncateFractions_allocationsAddUp_andSubtotalIsIgnored() {
    OrderLines order =
        OrderLines.parse(
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
    OrderLines subtotal = OrderLines.parse(Fields.of(j("{'subtotal':4600.9}"), ""));
    assertThat(subtotal.total()).hasValue(4600);
    assertThat(subtotal.discountAmount(15)).contains(690L);
    assertThat(subtotal.allocations(15)).isEmpty();
    assertThat(OrderLines.parse(Fields.of(j("{}"), "")).discountAmount(15)).isEmpty();
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
      assertThatThrownBy(() -> OrderLines.parse(Fields.of(j(body), "")))
          .as(body)
          .isInstanceOf(ValidationException.class);
    }
  }

  @Test
  void request_walletProofRules() {
    String wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    DiscountRequest ok =
        DiscountRequest.parse(
            j(
                "{'merchantId':'cafe','wallet':'"
                    + wallet
                    + "','walletProof':{'message':'m','signature':'s'}}"),
            false);
    assertThat(ok.proof()).isPresent();
    assertThatThrownBy(
            () ->
                DiscountRequest.parse(
                    j("{'merchantId':'cafe','wallet':'" + wallet + "','walletProof':'x'}"), false))
        .hasMessageContaining("walletProof must be an object");
    assertThatThrownBy(
            () ->
                DiscountRequest.parse(
                    j(
                        "{'merchantId':'cafe','wallet':'"
                            + wallet
                            + "','walletProof':{'message':'m','signature':1}}"),
                    false))
        .hasMessageContaining("string message and signature");
    assertThatThrownBy(
            () ->
                DiscountRequest.parse(
                    j(
                        "{'merchantId':'cafe','xrplWallet':'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',"
                            + "'walletProof':{'message':'m','signature':'s'}}"),
                    false))
        .hasMessageContaining("EVM only");
    assertThatThrownBy(() -> DiscountRequest.parse(j("{'merchantId':'cafe'}"), false))
        .hasMessageContaining("wallet is required");
    assertThatThrownBy(
            () ->
                DiscountRequest.parse(
                    j("{'merchantId':'cafe','xrplWallet':'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTx'}"),
                    false))
        .isInstanceOf(ValidationException.class);
  }
}
