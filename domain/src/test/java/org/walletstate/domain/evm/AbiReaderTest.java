package org.walletstate.domain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class AbiReaderTest {

  private static Bytes words(String... hexWords) {
    return Bytes.fromHex("0x" + String.join("", hexWords));
  }

  private static String word(long value) {
    return String.format("%064x", value);
  }

  @Test
  void readsUnsignedIntegersThatFitTheirType() {
    AbiReader abi = AbiReader.of(words(word(255)));

    assertThat(abi.uint(0, 8)).isEqualTo(BigInteger.valueOf(255));
    assertThatThrownBy(() -> AbiReader.of(words(word(256))).uint(0, 8))
        .isInstanceOf(AbiDecodingException.class);
  }

  @Test
  void aBoolIsZeroOrOne() {
    assertThat(AbiReader.of(words(word(1))).bool(0)).isTrue();
    assertThat(AbiReader.of(words(word(0))).bool(0)).isFalse();
    assertThatThrownBy(() -> AbiReader.of(words(word(2))).bool(0))
        .isInstanceOf(AbiDecodingException.class)
        .hasMessage("the word at byte 0 is not a bool");
  }

  @Test
  void anAddressHasTwelveZeroBytesAbove() {
    assertThatThrownBy(() -> AbiReader.of(words("01" + "00".repeat(31))).address(0))
        .isInstanceOf(AbiDecodingException.class);
  }

  @Test
  void refusesReadsPastTheEnd() {
    assertThatThrownBy(() -> AbiReader.of(Bytes.EMPTY).word(0))
        .isInstanceOf(AbiDecodingException.class)
        .hasMessage("a word at byte 0 lies outside 0 bytes of data");
    assertThatThrownBy(() -> AbiReader.of(words(word(64))).follow(0, 0))
        .isInstanceOf(AbiDecodingException.class);
    assertThatThrownBy(() -> AbiReader.of(words(word(5))).bytes(0))
        .isInstanceOf(AbiDecodingException.class)
        .hasMessage("the length at byte 0 runs past the data");
  }

  @Test
  void refusesHugeLengthsWithoutAllocating() {
    assertThatThrownBy(() -> AbiReader.of(words("ff".repeat(32))).bytes(0))
        .isInstanceOf(AbiDecodingException.class);
  }

  @Test
  void readsStringsAsStrictUtf8() {
    assertThat(AbiReader.of(words(word(2), "6869" + "00".repeat(30))).string(0)).isEqualTo("hi");
    assertThatThrownBy(() -> AbiReader.of(words(word(1), "ff" + "00".repeat(31))).string(0))
        .isInstanceOf(AbiDecodingException.class);
  }
}
