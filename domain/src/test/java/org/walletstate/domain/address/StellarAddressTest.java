package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class StellarAddressTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U",
        "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S",
        "GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF"
      })
  void parse_acceptsAccountsAndRoundTrips(String text) {
    StellarAddress address = StellarAddress.parse(text, "stellarWallet");
    assertThat(address.text()).isEqualTo(text);
    assertThat(address.toString()).isEqualTo(text);
    assertThat(StellarAddress.ofKey(address.publicKey()).text()).isEqualTo(text);
    assertThat(address.family()).isEqualTo(ChainFamily.STELLAR);
  }

  @Test
  void publicKey_isTheEd25519Key() {
    assertThat(
            HexFormat.of()
                .formatHex(
                    StellarAddress.of("GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U")
                        .publicKey()))
        .isEqualTo("d1fdd93c95feb71b77c8d22da84af107e275a1c2b49a06127844d6d886de5bf9");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75A",
        "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2T"
      })
  void parse_refusesAChangedLastCharacter(String text) {
    assertThatThrownBy(() -> StellarAddress.parse(text, "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "stellarWallet must be a Stellar account (G followed by 55 base32 characters,"
                + " checksum verified), got \""
                + text
                + "\": checksum does not match");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1", "8", "9", "="})
  void parse_refusesCharactersOutsideBase32(String bad) {
    String text = "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75" + bad;
    assertThatThrownBy(() -> StellarAddress.parse(text, "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("character at position 56 is not in the base32 alphabet (A-Z, 2-7)");
  }

  @Test
  void parse_refusesLowerCase() {
    String lower =
        "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U".toLowerCase(Locale.ROOT);
    assertThatThrownBy(() -> StellarAddress.parse(lower, "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("StrKeys are upper case");
  }

  @Test
  void parse_refusesAMuxedAddressAskingForTheAccount() {
    // the first key above with muxed id 0
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "MDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7SAAAAAAAAAAAACDNG",
                    "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith(
            "muxed M-addresses are not accepted; send the G-address of the account");
  }

  @Test
  void parse_refusesAContract() {
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABSC4", "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith(
            "contract addresses are not accepted; their balances are not readable here");
  }

  @Test
  void parse_refusesASecretSeedWithoutShowingIt() {
    // the seed of 32 zero bytes
    String seed = "SAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABSU2";
    assertThatThrownBy(() -> StellarAddress.parse(seed, "stellarWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "stellarWallet must be a Stellar account (G followed by 55 base32 characters, checksum"
                + " verified); the value looks like a secret seed and is not shown");
  }

  @Test
  void parse_refusesAnotherVersionUnderAG() {
    // a pre-auth transaction StrKey (T) of the same key, its first letter changed to G
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "TDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7SCPF", "stellarWallet"))
        .isInstanceOf(ValidationException.class);
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7SCPF", "stellarWallet"))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void parse_refusesWrongLengthsNullAndEmpty() {
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75", "issuer"))
        .hasMessageStartingWith("issuer must be a Stellar account");
    assertThatThrownBy(
            () ->
                StellarAddress.parse(
                    "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75UA", "issuer"))
        .hasMessageEndingWith("got 57 characters");
    assertThatThrownBy(() -> StellarAddress.parse(null, "stellarWallet"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> StellarAddress.parse("", "stellarWallet"))
        .hasMessageEndingWith("got an empty string");
  }

  @Test
  void equalAccountsHaveEqualHashCodes() {
    StellarAddress a =
        StellarAddress.of("GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U");
    StellarAddress b =
        StellarAddress.of("GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a)
        .isNotEqualTo(
            StellarAddress.of("GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S"));
  }
}
