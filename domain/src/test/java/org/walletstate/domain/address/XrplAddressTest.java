package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class XrplAddressTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59",
        "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn",
        "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q",
        "rpgKWEmNqSDAGFhy5WDnsyPqfQxbWxKeVd",
        "rs9M85karFkCRjvc6KMWn8Coigm9cbcgcx",
        "rsuHaTvJh1bDmDoxX9QcKP7HEBSBt4XsHx",
        "rGJUF4PvVkMNxG6Bg6AKg3avhrtQyAffcm",
        "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
        // AccountIDs 0 and 1, the shortest texts
        "rrrrrrrrrrrrrrrrrrrrrhoLvTp",
        "rrrrrrrrrrrrrrrrrrrrBZbvji"
      })
  void parse_acceptsAddressesAndRoundTrips(String text) {
    XrplAddress address = XrplAddress.parse(text, "xrplWallet");
    assertThat(address.text()).isEqualTo(text);
    assertThat(address.toString()).isEqualTo(text);
    assertThat(XrplAddress.ofAccountId(address.accountId()).text()).isEqualTo(text);
    assertThat(address.family()).isEqualTo(ChainFamily.XRPL);
  }

  @Test
  void parse_readsTheAccountId() {
    assertThat(XrplAddress.of("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59").accountIdHex())
        .isEqualTo("5E7B112523F68D2F5E879DB4EAC51C6698A69304");
    assertThat(XrplAddress.of("rrrrrrrrrrrrrrrrrrrrrhoLvTp").accountId()).isEqualTo(new byte[20]);
  }

  @Test
  void parse_readsTheIssuerThatAnNftokenIdEmbeds() {
    // NFTokenID 00010000A7CAD27B688D14BA1A9FA5366554D6ADCF9CE0875B974D9F00000004 carries its
    // issuer's AccountID in bytes 4 to 23.
    assertThat(XrplAddress.of("rGJUF4PvVkMNxG6Bg6AKg3avhrtQyAffcm").accountIdHex())
        .isEqualTo("A7CAD27B688D14BA1A9FA5366554D6ADCF9CE087");
  }

  @Test
  void parse_refusesAChangedLastCharacter() {
    assertThatThrownBy(() -> XrplAddress.parse("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk5a", "xrplWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "xrplWallet must be an XRP Ledger classic address (r followed by base58, checksum"
                + " verified), got \"r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk5a\": checksum does not match");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "O", "I", "l"})
  void parse_refusesCharactersOutsideTheAlphabet(String bad) {
    assertThatThrownBy(
            () -> XrplAddress.parse("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk5" + bad, "xrplWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("is not in the base58 alphabet");
  }

  @Test
  void parse_refusesABitcoinAlphabetAddress() {
    assertThatThrownBy(() -> XrplAddress.parse("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "xrplWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("xrplWallet must be an XRP Ledger classic address");
  }

  @Test
  void parse_refusesWrongLengths() {
    assertThatThrownBy(() -> XrplAddress.parse("r9cZA1mLK5R5Am25ArfXFmq", "xrplWallet"))
        .isInstanceOf(ValidationException.class);
    assertThatThrownBy(() -> XrplAddress.parse("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59rr", "issuer"))
        .hasMessageStartingWith("issuer must be")
        .hasMessageEndingWith("got 36 characters");
  }

  @Test
  void parse_refusesNullAndEmpty() {
    assertThatThrownBy(() -> XrplAddress.parse(null, "xrplWallet"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> XrplAddress.parse("", "xrplWallet"))
        .hasMessageEndingWith("got an empty string");
  }

  @Test
  void parse_refusesAnXAddressAskingForTheClassicOne() {
    assertThatThrownBy(
            () ->
                XrplAddress.parse("XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi", "xrplWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("X-addresses are not accepted; send the classic r-address");
  }

  @Test
  void parse_refusesASeedWithoutShowingIt() {
    String seedShaped = "s" + "a".repeat(28);
    assertThatThrownBy(() -> XrplAddress.parse(seedShaped, "xrplWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("looks like an account secret")
        .message()
        .doesNotContain(seedShaped);
  }

  @Test
  void equalAddressesHaveEqualHashCodes() {
    XrplAddress a = XrplAddress.of("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59");
    XrplAddress b = XrplAddress.of("r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(XrplAddress.of("rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn"));
  }
}
