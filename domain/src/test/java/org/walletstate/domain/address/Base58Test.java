package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Base58Test {

  private static final HexFormat HEX = HexFormat.of();

  @Test
  void encode_writesTheNumberInBase58() {
    byte[] hello = "Hello World!".getBytes(StandardCharsets.US_ASCII);
    assertThat(Base58.BITCOIN.encode(hello)).isEqualTo("2NEpo7TZRRrLZSi2U");
    assertThat(Base58.RIPPLE.encode(hello)).isEqualTo("p4NFofTZRRiLZS5p7");
  }

  @Test
  void encode_writesOneZeroDigitPerLeadingZeroByte() {
    assertThat(Base58.BITCOIN.encode(new byte[] {0, 0, 1})).isEqualTo("112");
    assertThat(Base58.RIPPLE.encode(new byte[] {0, 0, 1})).isEqualTo("rrp");
    assertThat(Base58.BITCOIN.encode(new byte[32])).isEqualTo("1".repeat(32));
    assertThat(Base58.BITCOIN.encode(new byte[0])).isEmpty();
  }

  @Test
  void decode_reversesEncode() {
    for (int length = 0; length <= 40; length++) {
      byte[] bytes = new byte[length];
      for (int i = 0; i < length; i++) {
        bytes[i] = (byte) (i < length / 4 ? 0 : 37 * i + length);
      }
      for (Base58 base58 : new Base58[] {Base58.BITCOIN, Base58.RIPPLE}) {
        String text = base58.encode(bytes);
        assertThat(base58.decode(text)).isEqualTo(bytes);
        assertThat(base58.encode(base58.decode(text))).isEqualTo(text);
      }
    }
  }

  @Test
  void decode_readsAllOnesAsLeadingZeros() {
    assertThat(Base58.BITCOIN.decode("1111")).isEqualTo(new byte[4]);
    assertThat(Base58.BITCOIN.decode("")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "O", "I", "l", "+", "é", " "})
  void decode_refusesCharactersOutsideTheAlphabet(String bad) {
    assertThatThrownBy(() -> Base58.BITCOIN.decode("2NEpo" + bad + "7TZ"))
        .isInstanceOf(EncodingException.class)
        .hasMessageContaining("at position 6 is not in the base58 alphabet");
    assertThatThrownBy(() -> Base58.RIPPLE.decode("p4NFo" + bad + "fTZ"))
        .isInstanceOf(EncodingException.class);
  }

  @Test
  void alphabets_holdTheSameCharactersInAnotherOrder() {
    assertThat(Base58.RIPPLE.alphabet().chars().sorted().toArray())
        .isEqualTo(Base58.BITCOIN.alphabet().chars().sorted().toArray());
    assertThat(Base58.BITCOIN.alphabet()).doesNotContain("0", "O", "I", "l");
  }

  @Test
  void decodeChecked_returnsThePayloadOfBitcoinsGenesisAddress() {
    byte[] payload = Base58.BITCOIN.decodeChecked("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    assertThat(HEX.formatHex(payload)).isEqualTo("0062e907b15cbf27d5425399ebf6f0fb50ebb88f18");
    assertThat(Base58.BITCOIN.encodeChecked(payload))
        .isEqualTo("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
  }

  @Test
  void decodeChecked_refusesAChangedCharacter() {
    assertThatThrownBy(() -> Base58.BITCOIN.decodeChecked("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"))
        .isInstanceOf(EncodingException.class)
        .hasMessage("checksum does not match");
  }

  @Test
  void decodeChecked_refusesTextTooShortForAChecksum() {
    assertThatThrownBy(() -> Base58.BITCOIN.decodeChecked("2NE"))
        .isInstanceOf(EncodingException.class)
        .hasMessage("too short to hold a checksum");
  }

  @Test
  void decodeChecked_readsTheRippleAlphabetForXrplAddresses() {
    byte[] payload = Base58.RIPPLE.decodeChecked("rrrrrrrrrrrrrrrrrrrrrhoLvTp");
    assertThat(payload).isEqualTo(new byte[21]);
  }
}
