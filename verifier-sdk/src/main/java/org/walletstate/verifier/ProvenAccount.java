package org.walletstate.verifier;

import static org.walletstate.verifier.ProofFields.HEX;
import static org.walletstate.verifier.ProofFields.fail;
import static org.walletstate.verifier.ProofFields.isQuantity;
import static org.walletstate.verifier.ProofFields.nodes;
import static org.walletstate.verifier.ProofFields.quantity;
import static org.walletstate.verifier.ProofFields.word;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Optional;
import org.walletstate.verifier.internal.MerklePatriciaTrie;
import org.walletstate.verifier.internal.Rlp;
import org.walletstate.verifier.internal.StateTrie;

/**
 * The account a proof shows, walked from a trusted state root: the steps {@link ProofStep#BLOCK},
 * {@link ProofStep#STATE_ROOT}, {@link ProofStep#ACCOUNT_PROOF} and {@link
 * ProofStep#ACCOUNT_FIELDS}, whatever the proof's subject.
 *
 * @param chainId the result's EVM chain id
 * @param address the proven account
 * @param balance its proven native balance
 * @param storageRoot its proven storage root
 * @param codeHash its proven code hash
 */
record ProvenAccount(
    long chainId, String address, BigInteger balance, byte[] storageRoot, byte[] codeHash) {

  /** Walks the account proof of {@code proof} for the chain and block of {@code result}. */
  static ProvenAccount prove(JsonNode result, JsonNode proof, TrustedRoots roots) {
    BigInteger block = quantity(proof, "blockNumber");
    JsonNode resultBlock = result.get("blockNumber");
    if (resultBlock == null
        || !resultBlock.isTextual()
        || !isQuantity(resultBlock.textValue())
        || !new BigInteger(resultBlock.textValue().substring(2), 16).equals(block)) {
      throw fail(ProofStep.BLOCK, "the proof's blockNumber is not the result's");
    }
    JsonNode chainNode = result.path("chainId");
    if (!chainNode.canConvertToLong()) {
      throw fail(ProofStep.SHAPE, "the result's chainId is not an EVM chain id");
    }
    long chainId = chainNode.asLong();
    byte[] root = roots.rootOf(chainId, block);
    String address = ProofFields.address(proof, "address");
    Optional<byte[]> leaf;
    try {
      leaf =
          MerklePatriciaTrie.get(
              root, HEX.parseHex(address.substring(2)), nodes(proof, "accountProof"));
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException e) {
      throw fail(ProofStep.ACCOUNT_PROOF, "account proof: " + e.getMessage());
    }
    StateTrie.Account account = fields(proof, leaf);
    return new ProvenAccount(
        chainId, address, account.balance(), account.storageRoot(), account.codeHash());
  }

  /** The decoded account leaf, which must agree with the fields the proof claims. */
  private static StateTrie.Account fields(JsonNode proof, Optional<byte[]> leaf) {
    BigInteger claimedNonce = quantity(proof, "nonce");
    BigInteger claimedBalance = quantity(proof, "balance");
    byte[] claimedStorage = word(proof, "storageHash");
    byte[] claimedCode = word(proof, "codeHash");
    StateTrie.Account account;
    try {
      account = StateTrie.account(leaf);
    } catch (StateTrie.LeafException e) {
      throw fail(ProofStep.ACCOUNT_FIELDS, e.getMessage());
    }
    Optional<String> claimProblem =
        StateTrie.claimProblem(account, claimedNonce, claimedBalance, claimedStorage, claimedCode);
    if (claimProblem.isPresent()) {
      throw fail(ProofStep.ACCOUNT_FIELDS, claimProblem.get());
    }
    return account;
  }
}
