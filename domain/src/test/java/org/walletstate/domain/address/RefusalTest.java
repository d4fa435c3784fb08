package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RefusalTest {

  @Test
  void of_namesTheFieldTheExpectationTheValueAndTheReason() {
    assertThat(Refusal.of("wallet", "an address", "abc", 10, "it is short").getMessage())
        .isEqualTo("wallet must be an address, got \"abc\": it is short");
    assertThat(Refusal.of("wallet", "an address", "abc", 10, null).getMessage())
        .isEqualTo("wallet must be an address, got \"abc\"");
  }

  @Test
  void shown_escapesWhatIsNotPrintableAscii() {
    assertThat(Refusal.shown("a\nb\"c\\d\u00e9", 20))
        .isEqualTo("\"a\\u000ab\\u0022c\\u005cd\\u00e9\"");
  }

  @Test
  void shown_givesOnlyTheLengthOfALongerValue() {
    assertThat(Refusal.shown("x".repeat(11), 10)).isEqualTo("11 characters");
    assertThat(Refusal.shown("x".repeat(10), 10)).isEqualTo("\"xxxxxxxxxx\"");
  }

  @Test
  void withoutValue_leavesTheValueOut() {
    assertThat(Refusal.withoutValue("wallet", "an address", "it looks like a key").getMessage())
        .isEqualTo("wallet must be an address; it looks like a key");
  }
}
