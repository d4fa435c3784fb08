package org.walletstate.domain.trust;

import org.walletstate.domain.holding.HoldingShape;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.MerkleProof;
import org.walletstate.domain.trust.TrustEvaluation.Decided;
import org.walletstate.domain.trust.TrustEvaluation.NotEvaluated;

/** How one evaluated or not-evaluated check is laid out in a signed profile. */
final class TrustRows {

  private TrustRows() {}

  /**
   * {@code label, chainId, met, evaluatedCondition}, the anchor's members, {@code trustLineState}
   * on an XRPL trust-line row, {@code proof} in proof mode, and {@code readAssurance} when the
   * request sent {@code assurance}.
   */
  static PayloadValue.Obj decided(
      TrustCheck check, Decided decided, boolean proof, TrustObservations observed) {
    // Built field by field by design: the order of the signed fields is the wire format.
    PayloadValue.ObjBuilder json =
        PayloadValue.objectBuilder()
            .put("label", check.label())
            .put("chainId", check.chainId())
            .put("met", decided.met())
            .put("evaluatedCondition", check.evaluatedCondition())
            .putAll(observed.fields(decided.anchor()));
    decided
        .frozen()
        .ifPresent(frozen -> json.put("trustLineState", HoldingShape.lineState(frozen)));
    if (proof) {
      json.put(
          "proof", decided.proof().orElseGet(() -> MerkleProof.declined(proofDeclined(check))));
    }
    observed
        .assurance(check.chain().id())
        .ifPresent(assurance -> json.put(ReadAssurance.MEMBER, assurance));
    return json.build();
  }

  private static String proofDeclined(TrustCheck check) {
    if (!check.chain().isEvm()) {
      return TrustEvaluation.OTHER_FAMILY_NOT_PROVEN;
    }
    if (check.subject() instanceof TrustCheck.Code) {
      return TrustEvaluation.ACCOUNT_NOT_PROVEN;
    }
    if (check.subject() instanceof TrustCheck.Erc721) {
      return TrustEvaluation.NFT_NOT_PROVEN;
    }
    return MerkleProof.NOT_READ;
  }

  /**
   * {@code label, chainId, evaluated: false, reason, [requires], met: false, evaluatedCondition},
   * the anchor's members when the chain was read, and on an XRPL trust-line row {@code
   * trustLineState {frozen: false}} (nothing was read: like {@code met: false}, it states no
   * observation; {@code evaluated: false} says so); never a proof; {@code readAssurance} when the
   * chain was read and the request sent {@code assurance}.
   */
  static PayloadValue.Obj notEvaluated(
      TrustCheck check, NotEvaluated outcome, TrustObservations observed) {
    PayloadValue.ObjBuilder json =
        PayloadValue.objectBuilder()
            .put("label", check.label())
            .put("chainId", check.chainId())
            .put("evaluated", false)
            .put("reason", outcome.reason());
    outcome.requires().ifPresent(member -> json.put("requires", member));
    json.put("met", false).put("evaluatedCondition", check.evaluatedCondition());
    outcome.anchor().ifPresent(anchor -> json.putAll(observed.fields(anchor)));
    if (check.freezable()) {
      json.put("trustLineState", HoldingShape.lineState(false));
    }
    if (outcome.anchor().isPresent()) {
      observed
          .assurance(check.chain().id())
          .ifPresent(assurance -> json.put(ReadAssurance.MEMBER, assurance));
    }
    return json.build();
  }
}
