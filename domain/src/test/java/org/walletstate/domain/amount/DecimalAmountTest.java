package org.walletstate.domain.amount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.request.RequestValue;

class DecimalAmountTest {

  private static final String FIELD = "conditions[2].threshold";

  private static RequestValue text(String s) {
    return new RequestValue.Text(s);
  }

  private static RequestValue number(String literal) {
    return new RequestValue.Number(new BigDecimal(literal), literal);
  }

  @ParameterizedTest
  @CsvSource({
    "1, 1",
    "01, 1",
    "1.50, 1.5",
    "1000, 1000",
    "1000.000, 1000",
    "0.000001, 0.000001",
    "00.10, 0.1",
    "123456789012345678901234567890.123456789012345678901234567890,"
        + " 123456789012345678901234567890.12345678901234567890123456789"
  })
  void normalisesDecimalStringsToTheirCanonicalForm(String sent, String canonical) {
    DecimalAmount amount = DecimalAmount.parse(text(sent), FIELD, KeyVersion.V2);

    assertThat(amount.canonical()).isEqualTo(canonical);
    assertThat(amount.payload()).isEqualTo(PayloadValue.text(canonical));
    assertThat(amount.sentAsNumber()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"1e6", "1E6", "+1", ".5", "5.", "1,000", " 1", "1 ", "0x10", "", "1.2.3", "١"})
  void refusesAnythingButAPlainDecimal(String sent) {
    assertThatThrownBy(() -> DecimalAmount.parse(text(sent), FIELD, KeyVersion.V2))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            FIELD
                + " must be a plain decimal string such as \"1.5\" (digits with an optional"
                + " fractional part; no sign, exponent or spaces), got \""
                + sent
                + "\"");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0.000", "000"})
  void refusesZero(String sent) {
    assertThatThrownBy(() -> DecimalAmount.parse(text(sent), FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " must be greater than 0, got \"" + sent + "\"");
  }

  @Test
  void refusesNegativeStringsAsNotGreaterThanZero() {
    assertThatThrownBy(() -> DecimalAmount.parse(text("-5"), FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " must be greater than 0, got \"-5\"");
  }

  @Test
  void acceptsDecimalStringsOfExactlyFourHundredCharacters() {
    String longest = "1" + "0".repeat(399);

    DecimalAmount amount = DecimalAmount.parse(text(longest), FIELD, KeyVersion.V2);

    assertThat(amount.value()).isEqualTo(BigDecimal.TEN.pow(399));
    assertThat(amount.canonical()).hasSize(400);
  }

  @Test
  void refusesDecimalStringsOverFourHundredCharacters() {
    String tooLong = "0." + "0".repeat(398) + "1";

    assertThatThrownBy(() -> DecimalAmount.parse(text(tooLong), FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " must be at most 400 characters long (got 401)");
  }

  @Test
  void refusesNumbersOnV2Keys() {
    assertThatThrownBy(() -> DecimalAmount.parse(number("1"), FIELD, KeyVersion.V2))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "conditions[2].threshold must be a decimal string on this key (numbers are accepted"
                + " only on v1 keys)");
  }

  @Test
  void acceptsNumbersOnV1KeysAndKeepsThemNumbers() {
    DecimalAmount amount = DecimalAmount.parse(number("1.50"), FIELD, KeyVersion.V1);

    assertThat(amount.sentAsNumber()).isTrue();
    assertThat(amount.payload()).isEqualTo(PayloadValue.number(new BigDecimal("1.5")));
  }

  @Test
  void normalisesV1NumbersWrittenWithAnExponentOrTrailingZeros() {
    assertThat(DecimalAmount.parse(number("1e3"), FIELD, KeyVersion.V1).payload())
        .isEqualTo(PayloadValue.number(new BigDecimal("1000")));
    assertThat(DecimalAmount.parse(number("1.0"), FIELD, KeyVersion.V1).payload())
        .isEqualTo(PayloadValue.number(BigDecimal.ONE));
  }

  @Test
  void acceptsStringsOnV1KeysToo() {
    DecimalAmount amount = DecimalAmount.parse(text("2.5"), FIELD, KeyVersion.V1);

    assertThat(amount.payload()).isEqualTo(PayloadValue.text("2.5"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"0.1234567890123456", "12345678901234567", "1e400", "1.1e308", "1e-400", "9e-308"})
  void refusesV1NumbersThatASignedJsonNumberCannotCarryExactly(String literal) {
    assertThatThrownBy(() -> DecimalAmount.parse(number(literal), FIELD, KeyVersion.V1))
        .hasMessage(
            FIELD
                + " "
                + literal
                + " cannot be signed exactly as a JSON number (at most 15 significant digits, from"
                + " 1e-307 to 1e308); send it as a decimal string");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e308", "1e-307", "123456789012345e-300"})
  void acceptsV1NumbersAtTheEdgesOfTheRange(String literal) {
    assertThat(DecimalAmount.parse(number(literal), FIELD, KeyVersion.V1).sentAsNumber()).isTrue();
  }

  @Test
  void acceptsV1NumbersOfFifteenSignificantDigits() {
    assertThat(DecimalAmount.parse(number("0.123456789012345"), FIELD, KeyVersion.V1).value())
        .isEqualByComparingTo("0.123456789012345");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "-0.5"})
  void refusesV1NumbersNotGreaterThanZero(String literal) {
    assertThatThrownBy(() -> DecimalAmount.parse(number(literal), FIELD, KeyVersion.V1))
        .hasMessage(FIELD + " must be greater than 0, got " + literal);
  }

  @Test
  void namesTheWrongKindOfValue() {
    assertThatThrownBy(() -> DecimalAmount.parse(new RequestValue.Bool(true), FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " must be a decimal string, not a boolean");
    assertThatThrownBy(
            () ->
                DecimalAmount.parse(new RequestValue.Obj(java.util.Map.of()), FIELD, KeyVersion.V1))
        .hasMessage(FIELD + " must be a decimal string or a number, not an object");
    assertThatThrownBy(() -> DecimalAmount.parse(RequestValue.ABSENT, FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " is required");
    assertThatThrownBy(() -> DecimalAmount.parse(RequestValue.NULL, FIELD, KeyVersion.V2))
        .hasMessage(FIELD + " is required");
  }

  @Test
  void convertsToBaseUnitsExactly() {
    DecimalAmount amount = DecimalAmount.fromText("1.0000001", FIELD);

    assertThat(amount.inBaseUnits(TokenDecimals.of(6))).isEqualByComparingTo("1000000.1");
    assertThat(amount.inBaseUnits(TokenDecimals.of(0))).isEqualByComparingTo("1.0000001");
    assertThat(amount.decimalPlaces()).isEqualTo(7);
  }
}
