package org.walletstate.domain.attest;

import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.observation.Assurance;

/**
 * The rule of the request option {@code "assurance"} ({@code "single"} or {@code "quorum"}, absent
 * by default; read by the application's attest port): quorum reads are made on EVM chains only, so
 * a request asking for them on another family is refused.
 */
final class AssuranceOption {

  private AssuranceOption() {}

  /** A quorum is read on EVM chains only: the first condition on another chain is named. */
  static void everyChainReadsAQuorum(AttestRequest request) {
    if (request.readMode() != Assurance.QUORUM) {
      return;
    }
    for (RequestedCondition requested : request.conditions()) {
      Chain chain = requested.condition().chain();
      if (!chain.isEvm()) {
        throw Assurance.notOnFamily(chain.name(), "chain " + chain.id() + ", " + requested.path());
      }
    }
  }
}
