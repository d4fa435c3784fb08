package org.walletstate.domain.amount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.request.RequestValue;

class TokenDecimalsTest {

  private static final String FIELD = "conditions[0].decimals";
  private static final String RULE =
      FIELD + " must be an integer from 0 to 100 (a number or a digit string), got ";

  @ParameterizedTest
  @CsvSource({"0, 0", "6, 6", "18, 18", "100, 100", "6.0, 6"})
  void acceptsIntegersFromZeroToOneHundredAsNumbers(String literal, int expected) {
    RequestValue raw = new RequestValue.Number(new BigDecimal(literal), literal);

    assertThat(TokenDecimals.parseDeclared(raw, FIELD).value()).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"0, 0", "6, 6", "018, 18", "100, 100", "0000100, 100"})
  void acceptsDigitStrings(String digits, int expected) {
    assertThat(TokenDecimals.parseDeclared(new RequestValue.Text(digits), FIELD).value())
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"101", "-1", "6.5", "1e3"})
  void refusesNumbersOutsideTheRange(String literal) {
    RequestValue raw = new RequestValue.Number(new BigDecimal(literal), literal);

    assertThatThrownBy(() -> TokenDecimals.parseDeclared(raw, FIELD)).hasMessage(RULE + literal);
  }

  @ParameterizedTest
  @ValueSource(strings = {"101", "-1", "6.0", " 6", "six", ""})
  void refusesStringsThatAreNotDigitsInRange(String text) {
    assertThatThrownBy(() -> TokenDecimals.parseDeclared(new RequestValue.Text(text), FIELD))
        .hasMessage(RULE + "\"" + text + "\"");
  }

  @org.junit.jupiter.api.Test
  void refusesOtherKinds() {
    assertThatThrownBy(() -> TokenDecimals.parseDeclared(new RequestValue.Bool(false), FIELD))
        .hasMessage(
            FIELD
                + " must be an integer from 0 to 100 (a number or a digit string), not a boolean");
  }
}
