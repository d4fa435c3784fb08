package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;

class EvmAddressTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        // EIP-55's own examples
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"
      })
  void acceptsValidChecksumsAndReproducesThem(String address) {
    assertThat(EvmAddress.parse(address, "wallet").checksummed()).isEqualTo(address);
  }

  @Test
  void acceptsSingleCaseAddressesAsUnchecksummed() {
    EvmAddress lower = EvmAddress.parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "wallet");
    EvmAddress upper = EvmAddress.parse("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED", "wallet");
    assertThat(lower).isEqualTo(upper);
    assertThat(lower.checksummed()).isEqualTo("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  }

  @Test
  void refusesABrokenChecksumNamingTheRightOne() {
    assertThatThrownBy(
            () -> EvmAddress.parse("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "wallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("invalid EIP-55 checksum")
        .hasMessageContaining("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"", "0x", "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x5aaeb6053f3e94c9"})
  void refusesMalformedInput(String text) {
    assertThatThrownBy(() -> EvmAddress.parse(text, "wallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("wallet must be an EVM address");
  }

  @Test
  void refusesNonHexDigits() {
    assertThatThrownBy(
            () -> EvmAddress.parse("0xg5aeb6053f3e94c9b9a09f33669435e7ef1beaed", "wallet"))
        .hasMessageStartingWith("wallet must be an EVM address");
  }
}
