package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;

class StellarAssetCodeTest {

  @Test
  void parse_sortsCodesByLengthIntoTheTwoAssetTypes() {
    assertThat(StellarAssetCode.parse("EURT", "assetCode").kind())
        .isEqualTo(StellarAssetCode.Kind.ALPHANUM4);
    assertThat(StellarAssetCode.parse("X", "assetCode").horizonAssetType())
        .isEqualTo("credit_alphanum4");
    assertThat(StellarAssetCode.parse("USDCx", "assetCode").kind())
        .isEqualTo(StellarAssetCode.Kind.ALPHANUM12);
    assertThat(StellarAssetCode.parse("ABCDEFGHIJ12", "assetCode").horizonAssetType())
        .isEqualTo("credit_alphanum12");
  }

  @Test
  void parse_keepsCase() {
    assertThat(StellarAssetCode.of("usdc").text()).isEqualTo("usdc");
    assertThat(StellarAssetCode.of("usdc")).isNotEqualTo(StellarAssetCode.of("USDC"));
    assertThat(StellarAssetCode.of("USDC"))
        .isEqualTo(StellarAssetCode.of("USDC"))
        .hasSameHashCodeAs(StellarAssetCode.of("USDC"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "ABCDEFGHIJ123", "US-D", "US D", "EUR\u00c9", "a_b"})
  void parse_refusesOtherCodes(String code) {
    assertThatThrownBy(() -> StellarAssetCode.parse(code, "assetCode"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith(
            "assetCode must be a Stellar asset code (1 to 12 characters, letters and digits), got");
  }

  @Test
  void parse_refusesNull() {
    assertThatThrownBy(() -> StellarAssetCode.parse(null, "assetCode"))
        .hasMessageEndingWith("got nothing");
  }
}
