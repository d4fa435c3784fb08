package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class TronAddressTest {

  @ParameterizedTest
  @CsvSource({
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, 41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
    "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g, 41fd49eda0f23ff7ec1d03b52c3a45991c24cd440e",
    "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp, 41dd791d6b49e190062d650e6a23c575510d35f2f9"
  })
  void parse_readsTheReferencesVectorsBothWays(String text, String hex) {
    TronAddress address = TronAddress.parse(text, "tronWallet");
    assertThat(address.text()).isEqualTo(text);
    assertThat(address.toString()).isEqualTo(text);
    assertThat(address.hex()).isEqualTo(hex);
    assertThat(TronAddress.parseHex(hex, "address")).isEqualTo(address);
    assertThat(TronAddress.parseHex(hex, "address").text()).isEqualTo(text);
    assertThat(address.family()).isEqualTo(ChainFamily.TRON);
  }

  @Test
  void abiWord_isTheBalanceOfParameterOfTheDocs() {
    assertThat(TronAddress.of("TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g").abiWord())
        .isEqualTo("000000000000000000000000fd49eda0f23ff7ec1d03b52c3a45991c24cd440e")
        .hasSize(64);
  }

  @Test
  void bytes_startWithThePrefix() {
    byte[] bytes = TronAddress.of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").bytes();
    assertThat(bytes).hasSize(21);
    assertThat(bytes[0]).isEqualTo((byte) 0x41);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
        "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2h",
        "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHq"
      })
  void parse_refusesAChangedLastCharacter(String text) {
    assertThatThrownBy(() -> TronAddress.parse(text, "tronWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "tronWallet must be a Tron address (T followed by base58, 34 characters, checksum"
                + " verified), got \""
                + text
                + "\": checksum does not match");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "O", "I", "l"})
  void parse_refusesCharactersOutsideTheAlphabet(String bad) {
    assertThatThrownBy(
            () -> TronAddress.parse("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6" + bad, "tronWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("is not in the base58 alphabet");
  }

  @Test
  void parse_refusesAValidChecksumOverAnotherPrefix() {
    // 0x42 and the same 20 bytes: 34 characters, starts with T, checksum fine
    assertThatThrownBy(() -> TronAddress.parse("TpSyGx2w2bR9GdrDrYtrYwbvSPhwSmg7ER", "tronWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("it does not encode a Tron account");
  }

  @Test
  void parse_refusesABitcoinAddressOfTheSameBytes() {
    assertThatThrownBy(() -> TronAddress.parse("1G9AHnMvAgqKJ2eWErupYfdzu6hgW14EeZ", "tronWallet"))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void parse_refusesWrongLengthsNullAndEmpty() {
    assertThatThrownBy(() -> TronAddress.parse("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6", "tronWallet"))
        .isInstanceOf(ValidationException.class);
    assertThatThrownBy(() -> TronAddress.parse(null, "tronWallet"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> TronAddress.parse("", "tronWallet"))
        .hasMessageEndingWith("got an empty string");
    // a hex private key's length: never shown
    assertThatThrownBy(() -> TronAddress.parse("ab".repeat(32), "tronWallet"))
        .hasMessageEndingWith("got 64 characters");
  }

  @Test
  void parse_refusesTheHexForm() {
    assertThatThrownBy(
            () -> TronAddress.parse("41a614f803b6fd780986a42c78ec9c7f77e6ded13c", "tronWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("tronWallet must be a Tron address (T followed by base58");
  }

  @Test
  void parseHex_acceptsUpperCaseAndRefusesOtherShapes() {
    assertThat(TronAddress.parseHex("41A614F803B6FD780986A42C78EC9C7F77E6DED13C", "address").text())
        .isEqualTo("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    assertThatThrownBy(
            () -> TronAddress.parseHex("42a614f803b6fd780986a42c78ec9c7f77e6ded13c", "address"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("address must be a Tron address in hex");
    assertThatThrownBy(
            () -> TronAddress.parseHex("41a614f803b6fd780986a42c78ec9c7f77e6ded13g", "address"))
        .isInstanceOf(ValidationException.class);
    assertThatThrownBy(() -> TronAddress.parseHex("41a614", "address"))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void equalAddressesHaveEqualHashCodes() {
    TronAddress a = TronAddress.of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    TronAddress b = TronAddress.parseHex("41a614f803b6fd780986a42c78ec9c7f77e6ded13c", "address");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(TronAddress.of("TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g"));
  }
}
