package org.walletstate.domain.observation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class QuorumFamiliesTest {

  @Test
  void theFamiliesRead_areEveryFamily_andTheTextNamesEachOnce() {
    assertThat(QuorumFamilies.READ).containsExactlyInAnyOrder(ChainFamily.values());
    assertThat(QuorumFamilies.text())
        .isEqualTo("EVM, Solana, XRPL, Bitcoin, Tron, Stellar and Sui chains");
    String text = QuorumFamilies.text();
    assertThat(text).startsWith("EVM, Solana").endsWith(" chains");
    // one name per family read, the last joined by "and"
    String names = text.substring(0, text.length() - " chains".length());
    assertThat(names.split(", | and ")).hasSize(QuorumFamilies.READ.size());
    assertThat(names).contains(" and ").doesNotContain(", and");
  }

  @Test
  void require_passesAFamilyRead_andRefusesAnotherNamingWhereAndTheFamiliesRead() {
    for (ChainFamily family : ChainFamily.values()) {
      if (QuorumFamilies.reads(family)) {
        assertThatCode(() -> QuorumFamilies.require(family, family + " chains", "w"))
            .doesNotThrowAnyException();
      } else {
        assertThatThrownBy(() -> QuorumFamilies.require(family, family + " chains", "w"))
            .isInstanceOf(ValidationException.class)
            .hasMessage(
                "assurance \"quorum\" is not available on "
                    + family
                    + " chains (w): quorum reads are made on "
                    + QuorumFamilies.text()
                    + " only");
      }
    }
  }
}
