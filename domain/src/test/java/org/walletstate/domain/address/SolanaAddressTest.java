package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class SolanaAddressTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        // owner, mint and the derived token account of the reference's ATA vector
        "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd",
        "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR",
        "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA",
        "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
        "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
        // the System Program: 32 zero bytes, the shortest text
        "11111111111111111111111111111111",
        // 32 bytes of 0xff, the longest
        "JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG"
      })
  void parse_acceptsAddressesAndRoundTrips(String text) {
    SolanaAddress address = SolanaAddress.parse(text, "solanaWallet");
    assertThat(address.text()).isEqualTo(text);
    assertThat(address.bytes()).hasSize(32);
    assertThat(SolanaAddress.ofBytes(address.bytes())).isEqualTo(address);
    assertThat(SolanaAddress.ofBytes(address.bytes()).text()).isEqualTo(text);
    assertThat(address.family()).isEqualTo(ChainFamily.SOLANA);
  }

  @Test
  void parse_readsAnOffCurveProgramDerivedAddress() {
    // The reference's ATA vector: a PDA, which is off the curve and still owns tokens.
    SolanaAddress pda =
        SolanaAddress.parse("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA", "solanaWallet");
    assertThat(pda.toString()).isEqualTo("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA");
  }

  @Test
  void parse_cannotCatchATypoBecauseThereIsNoChecksum() {
    SolanaAddress original =
        SolanaAddress.parse("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA", "solanaWallet");
    SolanaAddress typo =
        SolanaAddress.parse("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrB", "solanaWallet");
    assertThat(typo).isNotEqualTo(original);
  }

  @Test
  void parse_refusesTextThatDecodesToMoreThan32Bytes() {
    // 44 characters can hold up to 33 bytes
    assertThatThrownBy(() -> SolanaAddress.parse("z".repeat(44), "solanaWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("it decodes to 33 bytes");
  }

  @Test
  void parse_refusesTextThatDecodesToFewerThan32Bytes() {
    assertThatThrownBy(() -> SolanaAddress.parse("2".repeat(32), "solanaWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("it decodes to 23 bytes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "O", "I", "l"})
  void parse_refusesCharactersOutsideTheBitcoinAlphabet(String bad) {
    String text = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJ" + bad;
    assertThatThrownBy(() -> SolanaAddress.parse(text, "solanaWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "solanaWallet must be a Solana address (base58 of a 32-byte key), got \""
                + text
                + "\": character '"
                + bad
                + "' at position 44 is not in the base58 alphabet");
  }

  @Test
  void parse_refusesNullAndEmptyNamingTheField() {
    assertThatThrownBy(() -> SolanaAddress.parse(null, "solanaWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("solanaWallet must be a Solana address (base58 of a 32-byte key), got nothing");
    assertThatThrownBy(() -> SolanaAddress.parse("", "solanaWallet"))
        .hasMessageEndingWith("got an empty string");
  }

  @Test
  void parse_refusesShortTextShowingIt() {
    assertThatThrownBy(() -> SolanaAddress.parse("A1TMhSGzQxMr1Tbo", "solanaWallet"))
        .hasMessageEndingWith("got \"A1TMhSGzQxMr1Tbo\"");
  }

  @Test
  void parse_refusesLongTextWithoutShowingIt() {
    // the length of a base58 keypair, which must never be repeated back
    String secretShaped = "4".repeat(88);
    assertThatThrownBy(() -> SolanaAddress.parse(secretShaped, "solanaWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("got 88 characters")
        .message()
        .doesNotContain("4444");
  }

  @Test
  void equalAddressesHaveEqualHashCodes() {
    SolanaAddress a = SolanaAddress.of("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
    SolanaAddress b = SolanaAddress.of("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(SolanaAddress.of("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"));
  }

  @Test
  void ofBytes_refusesAnotherLength() {
    assertThatThrownBy(() -> SolanaAddress.ofBytes(new byte[31]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bytes_returnsACopy() {
    SolanaAddress address = SolanaAddress.of("11111111111111111111111111111111");
    address.bytes()[0] = 1;
    assertThat(address.bytes()).isEqualTo(new byte[32]);
  }
}
