package org.walletstate.domain.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.fixtures.Json;

class PlainDecimalTest {

  @Test
  void numbersAndPlainDecimalText_areRead_exactly() {
    assertThat(Json.value("17").plainDecimal()).contains(new BigDecimal("17"));
    assertThat(Json.value("\"17.50\"").plainDecimal()).contains(new BigDecimal("17.50"));
    assertThat(Json.value("\"0.000001\"").plainDecimal()).contains(new BigDecimal("0.000001"));
  }

  @Test
  void signsExponentsBlanksAndOtherKinds_areNotPlainDecimals() {
    for (String json :
        new String[] {
          "\"-1\"", "\"1e5\"", "\" 1\"", "\"1.\"", "\".5\"", "\"\"", "true", "null", "[1]", "{}"
        }) {
      assertThat(Json.value(json).plainDecimal()).as(json).isEmpty();
    }
    assertThat(Json.value("\"" + "9".repeat(31) + "\"").plainDecimal()).isEmpty();
  }
}
