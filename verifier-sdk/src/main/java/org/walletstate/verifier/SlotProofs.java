package org.walletstate.verifier;

import static org.walletstate.verifier.ProofFields.HEX;
import static org.walletstate.verifier.ProofFields.address;
import static org.walletstate.verifier.ProofFields.concat;
import static org.walletstate.verifier.ProofFields.fail;
import static org.walletstate.verifier.ProofFields.nodes;
import static org.walletstate.verifier.ProofFields.pad32;
import static org.walletstate.verifier.ProofFields.quantity;
import static org.walletstate.verifier.ProofFields.word;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import org.walletstate.verifier.internal.Keccak;
import org.walletstate.verifier.internal.MerklePatriciaTrie;
import org.walletstate.verifier.internal.Rlp;
import org.walletstate.verifier.internal.StateTrie;

/**
 * Storage slot proofs: the slot is derived from the condition (a holder's entry of an ERC-20
 * balance mapping, a delegation's entry of a manager's {@code disabledDelegations}), bound to the
 * proven account and the pinned wallet ({@link ProofStep#BINDING}), and walked from the proven
 * storage root ({@link ProofStep#STORAGE_PROOF}).
 */
final class SlotProofs {

  private SlotProofs() {}

  /** The proven balance slot of the condition's token for the proof's holder. */
  static BigInteger erc20Balance(
      JsonNode proof,
      JsonNode condition,
      String address,
      byte[] storageRoot,
      Optional<String> wallet) {
    String token = address(proof, "contractAddress");
    String conditionToken = condition.path("contractAddress").asText();
    if (!token.equalsIgnoreCase(address) || !token.equalsIgnoreCase(conditionToken)) {
      throw fail(ProofStep.BINDING, "the proven account is not the condition's token");
    }
    String holder = address(proof, "holder");
    if (wallet.isPresent() && !wallet.get().equalsIgnoreCase(holder)) {
      throw fail(ProofStep.BINDING, "the proven slot is not the pinned wallet's");
    }
    BigInteger mappingSlot = quantity(proof, "mappingSlot");
    byte[] key = word(proof, "storageKey");
    byte[] paddedHolder = new byte[32];
    System.arraycopy(HEX.parseHex(holder.substring(2)), 0, paddedHolder, 12, 20);
    byte[] paddedSlot = pad32(mappingSlot);
    String layout = proof.path("layout").asText();
    byte[] derived;
    if (layout.equals("solidity")) {
      derived = Keccak.hash(concat(paddedHolder, paddedSlot));
    } else if (layout.equals("vyper")) {
      derived = Keccak.hash(concat(paddedSlot, paddedHolder));
    } else {
      throw fail(ProofStep.SHAPE, "unknown layout " + layout);
    }
    if (!Arrays.equals(derived, key)) {
      throw fail(
          ProofStep.BINDING, "storageKey is not the holder's entry of the mapping at mappingSlot");
    }
    return provenValue(proof, key, storageRoot);
  }

  /**
   * {@code disabledDelegations[delegationHash]} of the condition's manager: the slot is derived
   * from the signed hash and mapping slot and proven under the manager's storage root.
   */
  static BigInteger revocationFlag(
      JsonNode proof,
      JsonNode condition,
      String address,
      byte[] storageRoot,
      Optional<String> wallet) {
    String manager = address(proof, "contractAddress");
    if (!manager.equalsIgnoreCase(address)
        || !manager.equalsIgnoreCase(condition.path("contractAddress").asText())) {
      throw fail(ProofStep.BINDING, "the proven account is not the condition's manager");
    }
    byte[] hash = word(proof, "delegationHash");
    if (!("0x" + HEX.formatHex(hash)).equalsIgnoreCase(condition.path("delegationHash").asText())) {
      throw fail(ProofStep.BINDING, "the proof is of another delegation than the condition's");
    }
    if (wallet.isPresent() && !wallet.get().equalsIgnoreCase(condition.path("delegate").asText())) {
      throw fail(ProofStep.BINDING, "the condition's delegate is not the pinned wallet");
    }
    byte[] key = word(proof, "storageKey");
    byte[] derived = Keccak.hash(concat(hash, pad32(quantity(proof, "mappingSlot"))));
    if (!Arrays.equals(derived, key)) {
      throw fail(
          ProofStep.BINDING,
          "storageKey is not the delegation's entry of the mapping at mappingSlot");
    }
    return provenValue(proof, key, storageRoot);
  }

  /** The value of slot {@code key}: the proof's one storage proof, walked from the root. */
  private static BigInteger provenValue(JsonNode proof, byte[] key, byte[] storageRoot) {
    JsonNode storage = proof.path("storageProof");
    if (!storage.isArray() || storage.size() != 1) {
      throw fail(ProofStep.SHAPE, "expected exactly one storage proof");
    }
    JsonNode slot = storage.get(0);
    if (!Arrays.equals(pad32(quantity(slot, "key")), key)) {
      throw fail(ProofStep.BINDING, "the storage proof is of another key than storageKey");
    }
    BigInteger value;
    try {
      value = StateTrie.storageValue(storageRoot, key, nodes(slot, "proof"));
    } catch (StateTrie.LeafException e) {
      throw fail(ProofStep.STORAGE_PROOF, e.getMessage());
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException e) {
      throw fail(ProofStep.STORAGE_PROOF, "storage proof: " + e.getMessage());
    }
    if (!value.equals(quantity(slot, "value"))) {
      throw fail(ProofStep.STORAGE_PROOF, "the proven slot value differs from the claimed one");
    }
    return value;
  }
}
