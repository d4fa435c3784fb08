package org.walletstate.domain.attest;

import java.util.EnumSet;
import java.util.Set;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.observation.Assurance;

/**
 * The rule of the request option {@code "assurance"} ({@code "single"} or {@code "quorum"}, absent
 * by default; read by the application's attest port): quorum reads are made on EVM, Solana, XRPL,
 * Bitcoin, Tron, Stellar and Sui chains: every family there is. A family added without quorum reads
 * is refused until its reader has them.
 */
final class AssuranceOption {

  /** The families whose chains are read with a quorum when a request asks. */
  static final Set<ChainFamily> QUORUM_FAMILIES =
      EnumSet.of(
          ChainFamily.EVM,
          ChainFamily.SOLANA,
          ChainFamily.XRPL,
          ChainFamily.BITCOIN,
          ChainFamily.TRON,
          ChainFamily.STELLAR,
          ChainFamily.SUI);

  private AssuranceOption() {}

  /** A quorum is read on those families only: the first condition on another chain is named. */
  static void everyChainReadsAQuorum(AttestRequest request) {
    if (request.readMode() != Assurance.QUORUM) {
      return;
    }
    for (RequestedCondition requested : request.conditions()) {
      Chain chain = requested.condition().chain();
      if (!QUORUM_FAMILIES.contains(chain.family())) {
        throw Assurance.notOnFamily(
            chain.name(),
            "chain " + chain.id() + ", " + requested.path(),
            "EVM, Solana, XRPL, Bitcoin, Tron, Stellar and Sui chains");
      }
    }
  }
}
