package org.walletstate.domain.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DigitsTest {

  @ParameterizedTest
  @ValueSource(strings = {"0", "7", "000", "0010", "100", "0000000000000000000001", "1234567890"})
  void stripsLeadingZerosButKeepsTheLastDigit(String digits) {
    assertThat(Digits.allAscii(digits)).isTrue();
    assertThat(Digits.withoutLeadingZeros(digits)).isEqualTo(digits.replaceFirst("^0+(?=.)", ""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " 1", "1 ", "-1", "+1", "1.0", "1e3", "0x10", "١٢", "１"})
  void refusesAnythingButAsciiDigits(String text) {
    assertThat(Digits.allAscii(text)).isFalse();
  }
}
