package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Bech32Test {

  // BIP-173's valid Bech32 strings
  @ParameterizedTest
  @ValueSource(
      strings = {
        "A12UEL5L",
        "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
        "?1ezyfcl"
      })
  void decode_acceptsBip173Vectors(String text) {
    Bech32.Decoded decoded = Bech32.decode(text);
    assertThat(decoded.variant()).isEqualTo(Bech32.Variant.BECH32);
    assertThat(Bech32.encode(decoded.hrp(), decoded.data(), decoded.variant()))
        .isEqualTo(text.toLowerCase(Locale.ROOT));
  }

  // BIP-350's valid Bech32m strings
  @ParameterizedTest
  @ValueSource(
      strings = {
        "A1LQFN3A",
        "a1lqfn3a",
        "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
        "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
        "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
        "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
        "?1v759aa"
      })
  void decode_acceptsBip350Vectors(String text) {
    Bech32.Decoded decoded = Bech32.decode(text);
    assertThat(decoded.variant()).isEqualTo(Bech32.Variant.BECH32M);
    assertThat(Bech32.encode(decoded.hrp(), decoded.data(), decoded.variant()))
        .isEqualTo(text.toLowerCase(Locale.ROOT));
  }

  // BIP-173's invalid strings, and a string over the length limit
  @ParameterizedTest
  @ValueSource(
      strings = {
        " 1nwldj5",
        "\u007f1axkwrx",
        "\u00801eym55h",
        "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx",
        "pzry9x0s0muk",
        "1pzry9x0s0muk",
        "x1b4n0q5v",
        "li1dgmt3",
        "de1lg7wt\u00ff",
        "A1G7SGD8",
        "10a06t8",
        "1qzzfhee"
      })
  void decode_refusesBip173InvalidStrings(String text) {
    assertThatThrownBy(() -> Bech32.decode(text)).isInstanceOf(EncodingException.class);
  }

  @Test
  void decode_refusesMixedCase() {
    assertThatThrownBy(() -> Bech32.decode("A12uEL5L"))
        .isInstanceOf(EncodingException.class)
        .hasMessage("mixes upper and lower case");
  }

  @Test
  void decode_namesACharacterOutsideTheAlphabet() {
    assertThatThrownBy(() -> Bech32.decode("x1b4n0q5v"))
        .hasMessage("character 'b' at position 3 is not in the bech32 alphabet");
  }

  @Test
  void decode_lowerCasesTheHumanReadablePart() {
    assertThat(Bech32.decode("A12UEL5L").hrp()).isEqualTo("a");
  }

  @Test
  void decode_returnsACopyOfTheData() {
    Bech32.Decoded decoded = Bech32.decode("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw");
    decoded.data()[0] = 31;
    assertThat(decoded.data()[0]).isZero();
  }

  @Test
  void convertBits_regroupsAWitnessProgram() {
    byte[] program = HexFormat.of().parseHex("751e76e8199196d454941c45d1b3a323f1433bd6");
    byte[] fiveBit = Bech32.convertBits(program, 8, 5, true);
    assertThat(fiveBit).hasSize(32);
    assertThat(Bech32.convertBits(fiveBit, 5, 8, false)).isEqualTo(program);
  }

  @Test
  void convertBits_refusesAWholeGroupOfPadding() {
    // 5 values of 5 bits = 25 bits: 3 bytes and 1 spare bit is fine, 6 values leave 6 spare bits
    assertThatThrownBy(() -> Bech32.convertBits(new byte[6], 5, 8, false))
        .isInstanceOf(EncodingException.class)
        .hasMessage("has more padding than a group of bits");
  }

  @Test
  void convertBits_refusesPaddingThatIsNotZero() {
    assertThatThrownBy(() -> Bech32.convertBits(new byte[] {0, 1}, 5, 8, false))
        .isInstanceOf(EncodingException.class)
        .hasMessage("has padding bits that are not zero");
  }

  @Test
  void encode_refusesValuesWiderThanFiveBits() {
    assertThatThrownBy(() -> Bech32.encode("bc", new byte[] {32}, Bech32.Variant.BECH32))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
