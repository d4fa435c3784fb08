package org.walletstate.domain.attest.template;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.eas.AttestationLookup;

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
  void exchangeTemplatesLookUpThroughCoinbasesIndexer() {
    AttestationLookup indexer =
        AttestationLookup.indexer(EvmAddress.of("0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C"));
    for (String name :
        new String[] {"exchange_verified_account", "exchange_verified_country", "exchange_one"}) {
      assertThat(ComplianceTemplates.find(name).orElseThrow().lookup()).as(name).isEqualTo(indexer);
    }
  }

  @Test
  void passportTemplatesLookUpThroughTheGitcoinResolverNotEassIndexer() {
    for (String name : new String[] {"humanity_passport_score", "humanity_passport_active"}) {
      AttestationLookup lookup = ComplianceTemplates.find(name).orElseThrow().lookup();
      assertThat(lookup.contract())
          .as(name)
          .isEqualTo(EvmAddress.of("0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC"));
      assertThat(lookup.function().canonical())
          .as(name)
          .isEqualTo("getUserAttestation(address,bytes32)");
    }
  }

  @Test
  void unknownNamesFindNothing() {
    assertThat(ComplianceTemplates.find("coinbase_verified_account")).isEmpty();
  }
}
