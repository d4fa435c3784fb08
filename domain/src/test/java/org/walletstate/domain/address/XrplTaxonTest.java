package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;

class XrplTaxonTest {

  @Test
  void parse_acceptsTheBounds() {
    assertThat(XrplTaxon.parse("0", "taxon").value()).isZero();
    assertThat(XrplTaxon.parse("4294967295", "taxon").value()).isEqualTo(4294967295L);
  }

  @Test
  void parse_acceptsLeadingZeros() {
    assertThat(XrplTaxon.parse("007", "taxon")).isEqualTo(XrplTaxon.of(7, "taxon"));
    assertThat(XrplTaxon.parse("000", "taxon").value()).isZero();
    assertThat(XrplTaxon.parse("0004294967295", "taxon").value()).isEqualTo(XrplTaxon.MAX);
  }

  @ParameterizedTest
  @ValueSource(strings = {"4294967296", "9999999999", "10000000000", "99999999999999999999"})
  void parse_refusesValuesAboveTheBound(String text) {
    assertThatThrownBy(() -> XrplTaxon.parse(text, "taxon"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "taxon must be an integer from 0 to 4294967295, got \"" + text + "\": it is too large");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "+1", " 1", "1 ", "1.0", "5.5", "1e3", "0x10", "ten", "١"})
  void parse_refusesAnythingButDigits(String text) {
    assertThatThrownBy(() -> XrplTaxon.parse(text, "taxon"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("taxon must be an integer from 0 to 4294967295, got ");
  }

  @Test
  void parse_refusesNullEmptyAndVeryLongText() {
    assertThatThrownBy(() -> XrplTaxon.parse(null, "taxon")).hasMessageEndingWith("got nothing");
    assertThatThrownBy(() -> XrplTaxon.parse("", "taxon"))
        .hasMessageEndingWith("got an empty string");
    assertThatThrownBy(() -> XrplTaxon.parse("9".repeat(400), "taxon"))
        .hasMessage(
            "taxon must be an integer from 0 to 4294967295, got 400 characters: it is too large");
  }

  @Test
  void of_checksTheBounds() {
    assertThat(XrplTaxon.of(XrplTaxon.MAX, "taxon").toString()).isEqualTo("4294967295");
    assertThatThrownBy(() -> XrplTaxon.of(-1, "taxon"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("taxon must be an integer from 0 to 4294967295, got -1");
    assertThatThrownBy(() -> XrplTaxon.of(4294967296L, "taxon"))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void equalTaxaHaveEqualHashCodes() {
    assertThat(XrplTaxon.of(12, "taxon"))
        .isEqualTo(XrplTaxon.parse("12", "taxon"))
        .hasSameHashCodeAs(XrplTaxon.parse("12", "taxon"))
        .isNotEqualTo(XrplTaxon.of(13, "taxon"));
  }
}
