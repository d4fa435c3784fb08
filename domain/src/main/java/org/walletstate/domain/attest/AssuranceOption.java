package org.walletstate.domain.attest;

import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.QuorumFamilies;

/**
 * The rule of the request option {@code "assurance"} ({@code "single"} or {@code "quorum"}, absent
 * by default; read by the application's attest port): quorum reads are made on the families of
 * {@link QuorumFamilies}, so a request asking for them on another family is refused.
 */
final class AssuranceOption {

  private AssuranceOption() {}

  /** A quorum is read on those families only: the first condition on another chain is named. */
  static void everyChainReadsAQuorum(AttestRequest request) {
    if (request.readMode() != Assurance.QUORUM) {
      return;
    }
    for (RequestedCondition requested : request.conditions()) {
      Chain chain = requested.condition().chain();
      QuorumFamilies.require(
          chain.family(), chain.name(), "chain " + chain.id() + ", " + requested.path());
    }
  }
}
