package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;

class SuiCoinTypeTest {

  private static final String TWO = "0x" + "0".repeat(63) + "2";
  private static final String USDC_PACKAGE = "0x168da5bf1f48dafc111b0a488fa454aca95e0b5e";
  private static final String USDC_PACKAGE_LONG =
      "0x000000000000000000000000" + USDC_PACKAGE.substring(2);

  @Test
  void parse_normalizesSuiToTheLongForm() {
    SuiCoinType sui = SuiCoinType.parse("0x2::sui::SUI", "contractAddress");
    assertThat(sui.text()).isEqualTo(TWO + "::sui::SUI");
    assertThat(sui.toString()).isEqualTo(TWO + "::sui::SUI");
    assertThat(sui.entered()).isEqualTo("0x2::sui::SUI");
    assertThat(sui.address()).isEqualTo(SuiAddress.of(TWO));
    assertThat(sui.module()).isEqualTo("sui");
    assertThat(sui.name()).isEqualTo("SUI");
    assertThat(sui.typeArguments()).isEmpty();
    assertThat(sui.isSui()).isTrue();
  }

  @Test
  void shortAndLongFormsNameTheSameCoin() {
    SuiCoinType shortForm = SuiCoinType.of("0x2::sui::SUI");
    SuiCoinType longForm = SuiCoinType.of(TWO + "::sui::SUI");
    assertThat(shortForm).isEqualTo(longForm).hasSameHashCodeAs(longForm);
    assertThat(longForm).isEqualTo(SuiCoinType.SUI);
    assertThat(SuiCoinType.of(USDC_PACKAGE + "::usdc::USDC"))
        .isEqualTo(SuiCoinType.of(USDC_PACKAGE_LONG + "::usdc::USDC"));
  }

  @Test
  void parse_lowerCasesTheAddress() {
    assertThat(SuiCoinType.of("0xABC::coin::COIN").text())
        .isEqualTo("0x" + "0".repeat(61) + "abc::coin::COIN");
  }

  @Test
  void parse_keepsModuleAndNameCaseSensitive() {
    assertThat(SuiCoinType.of("0x2::sui::SUI")).isNotEqualTo(SuiCoinType.of("0x2::sui::Sui"));
    assertThat(SuiCoinType.of("0x2::sui::SUI")).isNotEqualTo(SuiCoinType.of("0x2::SUI::SUI"));
  }

  @Test
  void parse_normalizesTypeArguments() {
    SuiCoinType lp =
        SuiCoinType.parse(
            "0xabc::pool::LP< 0x2::sui::SUI , " + USDC_PACKAGE + "::usdc::USDC >",
            "contractAddress");
    String abc = "0x" + "0".repeat(61) + "abc";
    assertThat(lp.text())
        .isEqualTo(abc + "::pool::LP<" + TWO + "::sui::SUI," + USDC_PACKAGE_LONG + "::usdc::USDC>");
    assertThat(lp.typeArguments())
        .containsExactly(TWO + "::sui::SUI", USDC_PACKAGE_LONG + "::usdc::USDC");
    assertThat(lp.isSui()).isFalse();
  }

  @Test
  void parse_readsNestedAndPrimitiveTypeArguments() {
    SuiCoinType nested =
        SuiCoinType.of(
            "0x1::wrap::W<0x2::balance::Balance<0x2::sui::SUI>,vector<u8>,bool,u256,address>");
    String one = "0x" + "0".repeat(63) + "1";
    assertThat(nested.text())
        .isEqualTo(
            one
                + "::wrap::W<"
                + TWO
                + "::balance::Balance<"
                + TWO
                + "::sui::SUI>,vector<u8>,bool,u256,address>");
  }

  @Test
  void parse_acceptsIdentifiersWithUnderscoresAndDigits() {
    assertThat(SuiCoinType.of("0x5::my_coin2::_X9").name()).isEqualTo("_X9");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2::sui::SUI",
        "0X2::sui::SUI",
        "0x::sui::SUI",
        "0x2::sui",
        "0x2:sui:SUI",
        "0x2::sui::",
        "0x2::1sui::SUI",
        "0x2::sui::_",
        "0x2::sui::SUI<>",
        "0x2::sui::SUI<u8",
        "0x2::sui::SUI<u512>",
        "0x2::sui::SUI<vector>",
        "0x2::sui::SUI>",
        "0x2::sui::SUI ",
        "0x2::sui::SUI <u8>",
        "0x2::sui::SUI<u8> ",
        " 0x2::sui::SUI",
        "0x2 ::sui::SUI",
        "0x2::sui::SU-I",
        "0x2::sui::SUI::extra",
        "native",
        "u64"
      })
  void parse_refusesMalformedTypes(String text) {
    assertThatThrownBy(() -> SuiCoinType.parse(text, "contractAddress"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith(
            "contractAddress must be a Sui coin type (address::module::Name, optionally with type"
                + " arguments), got ");
  }

  @Test
  void parse_namesWhereTheTypeGoesWrong() {
    assertThatThrownBy(() -> SuiCoinType.parse("0x2::sui:SUI", "contractAddress"))
        .hasMessageEndingWith("got \"0x2::sui:SUI\": expected :: at position 9");
    assertThatThrownBy(() -> SuiCoinType.parse("0x2::sui::SUI<u512>", "contractAddress"))
        .hasMessageEndingWith(
            "expected a type: 0x..., vector<...> or a primitive type at position 15");
    assertThatThrownBy(() -> SuiCoinType.parse("0x" + "1".repeat(65) + "::a::B", "contractAddress"))
        .hasMessageEndingWith("expected an address of 1 to 64 hex digits at position 1");
  }

  @Test
  void parse_refusesDeepNesting() {
    String deep = "0x2::a::B<".repeat(9) + "u8" + ">".repeat(9);
    assertThatThrownBy(() -> SuiCoinType.parse(deep, "contractAddress"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("type arguments nested more than 8 deep");
    String allowed = "0x2::a::B<".repeat(8) + "u8" + ">".repeat(8);
    assertThat(SuiCoinType.of(allowed).typeArguments()).hasSize(1);
  }

  @Test
  void parse_refusesNullEmptyAndTooLongWithoutShowingLongText() {
    assertThatThrownBy(() -> SuiCoinType.parse(null, "contractAddress"))
        .hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> SuiCoinType.parse("", "contractAddress"))
        .hasMessageEndingWith("got an empty string");
    assertThatThrownBy(() -> SuiCoinType.parse("0x2::a::B" + "x".repeat(2000), "contractAddress"))
        .hasMessageEndingWith("got 2009 characters");
    assertThatThrownBy(() -> SuiCoinType.parse("0x2::a::B<" + "u8,".repeat(60), "contractAddress"))
        .hasMessageContaining("got 190 characters: ");
  }
}
