package org.walletstate.verifier;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.verifier.internal.MerklePatriciaTrie;
import org.walletstate.verifier.internal.Rlp;
import org.walletstate.verifier.internal.StateTrie;

/**
 * Checks an {@code eth_getProof} answer (EIP-1186) against the state root of the block it was asked
 * at: the account proof must walk from the root to the claimed account fields (or to the account's
 * absence, claimed as zeros or empty hashes), and each storage proof from the proven storage root
 * to the claimed value. The same trie walk as {@link ProofVerifier}, for a raw node answer rather
 * than a signed result: an issuer uses it to refuse a node's proof before signing it.
 *
 * <pre>{@code
 * Optional<String> problem = StateProofCheck.problem(stateRoot, answer); // empty: it verifies
 * }</pre>
 */
public final class StateProofCheck {

  private static final HexFormat HEX = HexFormat.of();

  private StateProofCheck() {}

  /**
   * An {@code eth_getProof} answer as a node gave it.
   *
   * @param address the 20-byte account
   * @param nonce the claimed nonce
   * @param balance the claimed balance in wei
   * @param storageHash the claimed 32-byte storage root
   * @param codeHash the claimed 32-byte code hash
   * @param accountProof the RLP trie nodes from the state root to the account, root first
   * @param storageProof one entry per storage key asked for
   */
  public record Answer(
      byte[] address,
      BigInteger nonce,
      BigInteger balance,
      byte[] storageHash,
      byte[] codeHash,
      List<byte[]> accountProof,
      List<Slot> storageProof) {

    public Answer {
      address = sized(address, 20, "address");
      Objects.requireNonNull(nonce, "nonce");
      Objects.requireNonNull(balance, "balance");
      storageHash = sized(storageHash, 32, "storageHash");
      codeHash = sized(codeHash, 32, "codeHash");
      accountProof = nodes(accountProof, "accountProof");
      storageProof = List.copyOf(storageProof);
    }
  }

  /**
   * One storage slot of an answer.
   *
   * @param key the unhashed 32-byte slot
   * @param value the claimed value (zero for an empty slot)
   * @param proof the RLP trie nodes from the storage root to the slot, root first
   */
  public record Slot(byte[] key, BigInteger value, List<byte[]> proof) {
    public Slot {
      key = sized(key, 32, "key");
      Objects.requireNonNull(value, "value");
      proof = nodes(proof, "proof");
    }
  }

  /**
   * Empty when {@code answer} verifies under {@code stateRoot}; otherwise what is wrong with it.
   *
   * @param stateRoot the 32-byte state root of the block the answer was asked at
   */
  public static Optional<String> problem(byte[] stateRoot, Answer answer) {
    sized(stateRoot, 32, "stateRoot");
    Objects.requireNonNull(answer, "answer");
    try {
      StateTrie.Account account =
          StateTrie.account(
              MerklePatriciaTrie.get(stateRoot, answer.address(), answer.accountProof()));
      Optional<String> claim =
          StateTrie.claimProblem(
              account, answer.nonce(), answer.balance(), answer.storageHash(), answer.codeHash());
      if (claim.isPresent()) {
        return claim;
      }
      for (Slot slot : answer.storageProof()) {
        BigInteger proven = StateTrie.storageValue(account.storageRoot(), slot.key(), slot.proof());
        if (!proven.equals(slot.value())) {
          return Optional.of(
              "the proven value of slot 0x"
                  + HEX.formatHex(slot.key())
                  + " differs from the claimed one");
        }
      }
      return Optional.empty();
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException | StateTrie.LeafException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static byte[] sized(byte[] bytes, int length, String field) {
    if (bytes == null || bytes.length != length) {
      throw new IllegalArgumentException(field + " must be " + length + " bytes");
    }
    return bytes.clone();
  }

  private static List<byte[]> nodes(List<byte[]> nodes, String field) {
    List<byte[]> copy = new ArrayList<>(nodes.size());
    for (byte[] node : nodes) {
      copy.add(Objects.requireNonNull(node, field).clone());
    }
    return List.copyOf(copy);
  }
}
