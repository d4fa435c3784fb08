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
}
