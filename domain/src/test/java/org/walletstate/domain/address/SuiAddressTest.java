package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class SuiAddressTest {

  private static final String LONG_TWO = "0x" + "0".repeat(63) + "2";
  private static final String WALLET =
      "0x02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f331";

  @Test
  void parse_acceptsTheFullFormAndRoundTrips() {
    SuiAddress address = SuiAddress.parse(WALLET, "suiWallet");
    assertThat(address.text()).isEqualTo(WALLET);
    assertThat(address.toString()).isEqualTo(WALLET);
    assertThat(address.bytes()).hasSize(32);
    assertThat(address.family()).isEqualTo(ChainFamily.SUI);
  }

  @Test
  void parse_acceptsEitherCaseAndWritesLowerCase() {
    SuiAddress upper =
        SuiAddress.parse(
            "0x02A212DE6A9DFA3A69E22387ACFBAFBB1A9E591BD9D636E7895DCFC8DE05F331", "suiWallet");
    assertThat(upper.text()).isEqualTo(WALLET);
    assertThat(upper).isEqualTo(SuiAddress.of(WALLET)).hasSameHashCodeAs(SuiAddress.of(WALLET));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0x2",
        "0x02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f33",
        "0x02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f3311",
        "02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f331",
        "0X02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f331",
        "0x02a212de6a9dfa3a69e22387acfbafbb1a9e591bd9d636e7895dcfc8de05f33g",
        "0x"
      })
  void parse_refusesAnythingButZeroXAnd64HexDigits(String text) {
    assertThatThrownBy(() -> SuiAddress.parse(text, "suiWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith(
            "suiWallet must be a Sui address (0x followed by 64 hex digits), got ");
  }

  @Test
  void parse_refusesNullEmptyAndTooLong() {
    assertThatThrownBy(() -> SuiAddress.parse(null, "suiWallet"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> SuiAddress.parse("", "suiWallet"))
        .hasMessageEndingWith("got an empty string");
    assertThatThrownBy(() -> SuiAddress.parse("0x" + "a".repeat(200), "suiWallet"))
        .hasMessageEndingWith("got 202 characters");
  }

  @Test
  void parse_refusesAPrivateKeyWithoutShowingIt() {
    String keyShaped = "suiprivkey1" + "q".repeat(59);
    assertThatThrownBy(() -> SuiAddress.parse(keyShaped, "suiWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("the value looks like a private key and is not shown")
        .message()
        .doesNotContain("qqqq");
  }

  @Test
  void parseNormalizing_padsTheShortForm() {
    assertThat(SuiAddress.parseNormalizing("0x2", "address").text()).isEqualTo(LONG_TWO);
    assertThat(SuiAddress.parseNormalizing("0x0002", "address")).isEqualTo(SuiAddress.of(LONG_TWO));
    assertThat(SuiAddress.parseNormalizing("0xABC", "address").text())
        .isEqualTo("0x" + "0".repeat(61) + "abc");
    assertThat(SuiAddress.parseNormalizing(WALLET, "address")).isEqualTo(SuiAddress.of(WALLET));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0x",
        "2",
        "0xg",
        "0x11111111111111111111111111111111111111111111111111111111111111111"
      })
  void parseNormalizing_refusesOtherShapes(String text) {
    assertThatThrownBy(() -> SuiAddress.parseNormalizing(text, "address"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith(
            "address must be a Sui address (0x followed by 1 to 64 hex digits)");
  }
}
