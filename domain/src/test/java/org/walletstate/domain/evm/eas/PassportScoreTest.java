package org.walletstate.domain.evm.eas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.Bytes;

class PassportScoreTest {

  /**
   * abi.encode(true, uint8 4, uint128 7922, uint32 245000, uint32 200000, [("Google", 5250),
   * ("Discord", 1000)]), encoded by hand word by word.
   */
  static final Bytes SCORE_24_5 =
      Bytes.fromHex(
          "0x"
              // head
              + "0000000000000000000000000000000000000000000000000000000000000001" // passing
              + "0000000000000000000000000000000000000000000000000000000000000004" // decimals
              + "0000000000000000000000000000000000000000000000000000000000001ef2" // scorer 7922
              + "000000000000000000000000000000000000000000000000000000000003bd08" // score
              + "0000000000000000000000000000000000000000000000000000000000030d40" // threshold
              + "00000000000000000000000000000000000000000000000000000000000000c0" // stamps at
              // stamps (0xc0): length, then the offsets of both elements (relative to 0xe0)
              + "0000000000000000000000000000000000000000000000000000000000000002"
              + "0000000000000000000000000000000000000000000000000000000000000040"
              + "00000000000000000000000000000000000000000000000000000000000000c0"
              // element 0 (0x120): string offset, score, "Google"
              + "0000000000000000000000000000000000000000000000000000000000000040"
              + "0000000000000000000000000000000000000000000000000000000000001482"
              + "0000000000000000000000000000000000000000000000000000000000000006"
              + "476f6f676c650000000000000000000000000000000000000000000000000000"
              // element 1 (0x1a0): string offset, score, "Discord"
              + "0000000000000000000000000000000000000000000000000000000000000040"
              + "00000000000000000000000000000000000000000000000000000000000003e8"
              + "0000000000000000000000000000000000000000000000000000000000000007"
              + "446973636f726400000000000000000000000000000000000000000000000000");

  @Test
  void decodesTheScoreV2AttestationData() {
    PassportScore score = PassportScore.decode(SCORE_24_5);

    assertThat(score.passingScore()).isTrue();
    assertThat(score.scoreDecimals()).isEqualTo(4);
    assertThat(score.scorerId()).isEqualTo(BigInteger.valueOf(7922));
    assertThat(score.score()).isEqualTo(245_000);
    assertThat(score.threshold()).isEqualTo(200_000);
    assertThat(score.value()).isEqualByComparingTo("24.5");
    assertThat(score.stamps())
        .containsExactly(
            new PassportScore.Stamp("Google", BigInteger.valueOf(5250)),
            new PassportScore.Stamp("Discord", BigInteger.valueOf(1000)));
  }

  @Test
  void refusesDataOfAnotherSchema() {
    Bytes legacyScore =
        Bytes.fromHex(
            "0x"
                + "0000000000000000000000000000000000000000000000000000000000030d40"
                + "0000000000000000000000000000000000000000000000000000000000000001"
                + "0000000000000000000000000000000000000000000000000000000000000004");

    assertThatThrownBy(() -> PassportScore.decode(legacyScore))
        .isInstanceOf(AbiDecodingException.class);
  }

  @Test
  void refusesAScoreWiderThanUint32() {
    String hex = SCORE_24_5.toHex();
    String widened = hex.substring(0, 2 + 64 * 3) + "01" + hex.substring(2 + 64 * 3 + 2);

    assertThatThrownBy(() -> PassportScore.decode(Bytes.fromHex(widened)))
        .isInstanceOf(AbiDecodingException.class)
        .hasMessage("the word at byte 96 does not fit a uint32");
  }
}
