package org.walletstate.domain.template;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComplianceTemplatesTest {

  @Test
  void definesTheFiveTemplatesOfTheInterfaceOnTheirChains() {
    assertThat(ComplianceTemplates.all())
        .extracting(t -> t.name() + "@" + t.chain().id())
        .containsExactly(
            "exchange_verified_account@8453",
            "exchange_verified_country@8453",
            "exchange_one@8453",
            "humanity_passport_score@10",
            "humanity_passport_active@10");
  }

  @Test
  void scoreTemplatesCarryTheirThresholds() {
    assertThat(ComplianceTemplates.find("humanity_passport_score").orElseThrow().rule())
        .isEqualTo(new TemplateRule.MinimumScore(20));
    assertThat(ComplianceTemplates.find("humanity_passport_active").orElseThrow().rule())
        .isEqualTo(new TemplateRule.MinimumScore(0));
    assertThat(ComplianceTemplates.find("exchange_one").orElseThrow().rule())
        .isInstanceOf(TemplateRule.Valid.class);
  }

  @Test
  void unknownNamesFindNothing() {
    assertThat(ComplianceTemplates.find("coinbase_verified_account")).isEmpty();
  }
}
