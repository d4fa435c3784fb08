package org.walletstate.adapters.chain.evm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.verifier.StateProofCheck;

/**
 * The service's own check of a node's {@code eth_getProof} answer against the state root of the
 * block it was asked at, before the proof is delivered: the verifier SDK's {@link StateProofCheck},
 * the same trie walk a verifier runs. A proof that fails is declined rather than signed. (Verifiers
 * do not rely on this: the SDK checks proofs itself against a root the caller trusts.)
 */
final class NodeProofCheck {

  /** The reason of a proof that does not verify against the pinned block's state root. */
  static final String DOES_NOT_VERIFY =
      "the node's proof does not verify against the block's state root";

  private NodeProofCheck() {}

  /** Empty when {@code proof} verifies under {@code stateRoot}; otherwise what is wrong. */
  static Optional<String> problem(Bytes32 stateRoot, AccountProof proof) {
    List<StateProofCheck.Slot> slots = new ArrayList<>();
    for (AccountProof.StorageProof slot : proof.storageProof()) {
      slots.add(
          new StateProofCheck.Slot(
              slot.key().bytes().toArray(), slot.value(), nodes(slot.proof())));
    }
    return StateProofCheck.problem(
        stateRoot.bytes().toArray(),
        new StateProofCheck.Answer(
            proof.address().bytes(),
            proof.nonce(),
            proof.balance(),
            proof.storageHash().bytes().toArray(),
            proof.codeHash().bytes().toArray(),
            nodes(proof.accountProof()),
            slots));
  }

  private static List<byte[]> nodes(List<Bytes> nodes) {
    List<byte[]> out = new ArrayList<>(nodes.size());
    nodes.forEach(node -> out.add(node.toArray()));
    return out;
  }
}
