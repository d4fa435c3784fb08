package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;

class XrplCurrencyTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "USD", "BTC", "usd", "xrp", "Xrp", "a1?", "!@#", "$%^", "&*<", ">()", "{}[", "]|0"
      })
  void parse_sendsAStandardCodeAsEntered(String code) {
    XrplCurrency currency = XrplCurrency.parse(code, "currency");
    assertThat(currency.form()).isEqualTo(XrplCurrency.Form.STANDARD);
    assertThat(currency.entered()).isEqualTo(code);
    assertThat(currency.queryForm()).isEqualTo(code);
  }

  @Test
  void parse_keepsStandardCodesCaseSensitive() {
    assertThat(XrplCurrency.of("usd")).isNotEqualTo(XrplCurrency.of("USD"));
  }

  @Test
  void parse_refusesXrpPointingToNative() {
    assertThatThrownBy(() -> XrplCurrency.parse("XRP", "currency"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith(
            "XRP is the native asset, not a trust-line currency; use contractAddress native");
  }

  @ParameterizedTest
  @ValueSource(strings = {"US ", "U-D", "EU~", "é$$", "a.b"})
  void parse_refusesAThreeCharacterCodeWithOtherCharactersRatherThanHexEncodingIt(String code) {
    assertThatThrownBy(() -> XrplCurrency.parse(code, "currency"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("a 3-character code may use letters, digits and");
  }

  @Test
  void parse_convertsANameToItsHexForm() {
    XrplCurrency currency = XrplCurrency.parse("DOLLARYDOO", "currency");
    assertThat(currency.form()).isEqualTo(XrplCurrency.Form.NAME);
    assertThat(currency.entered()).isEqualTo("DOLLARYDOO");
    assertThat(currency.toString()).isEqualTo("DOLLARYDOO");
    assertThat(currency.queryForm()).isEqualTo("444F4C4C415259444F4F00000000000000000000");
  }

  @Test
  void parse_convertsNamesOfOneToTwentyCharacters() {
    assertThat(XrplCurrency.of("A").queryForm())
        .isEqualTo("4100000000000000000000000000000000000000");
    assertThat(XrplCurrency.of("RLUSD").queryForm())
        .isEqualTo("524C555344000000000000000000000000000000");
    assertThat(XrplCurrency.of("a token name ~!").queryForm())
        .isEqualTo("6120746F6B656E206E616D65207E210000000000");
    assertThat(XrplCurrency.of("ABCDEFGHIJKLMNOPQRST").queryForm())
        .isEqualTo("4142434445464748494A4B4C4D4E4F5051525354");
  }

  @Test
  void parse_refusesANameOfMoreThanTwentyCharacters() {
    assertThatThrownBy(() -> XrplCurrency.parse("ABCDEFGHIJKLMNOPQRSTU", "currency"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("currency must be an XRP Ledger currency");
  }

  @ParameterizedTest
  @ValueSource(strings = {"DOLLAR\u00a0", "tab\there", "caf\u00e9", "new\nline"})
  void parse_refusesANameOutsidePrintableAscii(String name) {
    assertThatThrownBy(() -> XrplCurrency.parse(name, "currency"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("a name may use printable ASCII only");
  }

  @Test
  void parse_acceptsFortyHexDigitsAndQueriesThemInUpperCase() {
    XrplCurrency currency =
        XrplCurrency.parse("015841551a748ad2c1f76ff6ecb0cccd00000000", "currency");
    assertThat(currency.form()).isEqualTo(XrplCurrency.Form.HEX);
    assertThat(currency.entered()).isEqualTo("015841551a748ad2c1f76ff6ecb0cccd00000000");
    assertThat(currency.queryForm()).isEqualTo("015841551A748AD2C1F76FF6ECB0CCCD00000000");
  }

  @Test
  void parse_refusesHexStartingWithByteZero() {
    // the standard form of USD, written out
    assertThatThrownBy(
            () -> XrplCurrency.parse("0000000000000000000000005553440000000000", "currency"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith(
            "a hex code may not start with byte 00, which the ledger reserves for 3-character"
                + " codes");
  }

  @Test
  void parse_refusesFortyCharactersThatAreNotHex() {
    assertThatThrownBy(
            () -> XrplCurrency.parse("015841551A748AD2C1F76FF6ECB0CCCD0000000G", "currency"))
        .hasMessageEndingWith("a 40-character code must be hex digits only");
  }

  @Test
  void parse_refusesNullEmptyAndTooLong() {
    assertThatThrownBy(() -> XrplCurrency.parse(null, "currency"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> XrplCurrency.parse("", "currency"))
        .hasMessageEndingWith("got an empty string");
    assertThatThrownBy(() -> XrplCurrency.parse("A".repeat(41), "currency"))
        .hasMessageEndingWith("got 41 characters");
  }

  @Test
  void aNameAndItsHexFormNameTheSameCurrency() {
    XrplCurrency name = XrplCurrency.of("DOLLARYDOO");
    XrplCurrency hex = XrplCurrency.of("444f4c4c415259444f4f00000000000000000000");
    assertThat(name).isEqualTo(hex).hasSameHashCodeAs(hex);
    assertThat(name.entered()).isNotEqualTo(hex.entered());
  }

  @Test
  void aHexEncodedThreeLetterNameIsNotTheStandardCode() {
    XrplCurrency hexOfUsd = XrplCurrency.of("5553440000000000000000000000000000000000");
    assertThat(hexOfUsd).isNotEqualTo(XrplCurrency.of("USD"));
    assertThat(hexOfUsd.matches("USD")).isFalse();
  }

  @Test
  void matches_comparesWithWhatTheLedgerReturns() {
    assertThat(XrplCurrency.of("USD").matches("USD")).isTrue();
    assertThat(XrplCurrency.of("USD").matches("usd")).isFalse();
    assertThat(XrplCurrency.of("DOLLARYDOO").matches("444F4C4C415259444F4F00000000000000000000"))
        .isTrue();
    assertThat(
            XrplCurrency.of("015841551A748AD2C1F76FF6ECB0CCCD00000000")
                .matches("015841551a748ad2c1f76ff6ecb0cccd00000000"))
        .isTrue();
    assertThat(XrplCurrency.of("USD").matches(null)).isFalse();
  }
}
