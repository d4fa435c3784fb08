package org.walletstate.verifier.internal;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What the Ethereum state trie holds: an account's four fields under the state root (the leaf a
 * {@link MerklePatriciaTrie} walk ends in), and a storage slot's value under the account's storage
 * root. The EIP-1186 proof checks of the verifier and of the service's own check of a node's answer
 * both read the trie through this class.
 */
public final class StateTrie {

  /** keccak of no bytes: the codeHash of an account without code. */
  public static final byte[] EMPTY_CODE_HASH = Keccak.hash(new byte[0]);

  private static final byte[] ZERO_WORD = new byte[32];

  /**
   * An account's fields as proven: decoded from its leaf, or those of an absent account (zero nonce
   * and balance, the empty storage trie, no code).
   */
  public record Account(
      boolean exists, BigInteger nonce, BigInteger balance, byte[] storageRoot, byte[] codeHash) {}

  /** A proven leaf that is not what the trie must hold there (an account, a slot value). */
  public static final class LeafException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LeafException(String message) {
      super(message);
    }
  }

  private StateTrie() {}

  /**
   * The account a state-trie walk ended in: its leaf decoded as {@code [nonce, balance,
   * storageRoot, codeHash]}, or the absent account when the walk proved the address absent.
   *
   * @throws LeafException when the leaf is not an account
   */
  public static Account account(Optional<byte[]> leaf) {
    if (leaf.isEmpty()) {
      return new Account(
          false, BigInteger.ZERO, BigInteger.ZERO, MerklePatriciaTrie.EMPTY_ROOT, EMPTY_CODE_HASH);
    }
    BigInteger nonce;
    BigInteger balance;
    byte[] storageRoot;
    byte[] codeHash;
    try {
      Rlp.Item item = Rlp.decode(leaf.get());
      if (!(item instanceof Rlp.Items items) || items.items().size() != 4) {
        throw new LeafException("the account leaf is not [nonce, balance, storageRoot, codeHash]");
      }
      List<Rlp.Item> fields = items.items();
      nonce = ((Rlp.Bytes) fields.get(0)).unsigned();
      balance = ((Rlp.Bytes) fields.get(1)).unsigned();
      storageRoot = ((Rlp.Bytes) fields.get(2)).value();
      codeHash = ((Rlp.Bytes) fields.get(3)).value();
    } catch (Rlp.RlpException | ClassCastException e) {
      throw new LeafException("the account leaf does not decode");
    }
    if (storageRoot.length != 32 || codeHash.length != 32) {
      throw new LeafException("the account leaf's hashes are not 32 bytes");
    }
    return new Account(true, nonce, balance, storageRoot, codeHash);
  }

  /**
   * Why the claimed account fields are not the proven ones, if they are not. An absent account may
   * be claimed with zero hashes (as nodes report it) as well as with the empty ones.
   */
  public static Optional<String> claimProblem(
      Account proven,
      BigInteger claimedNonce,
      BigInteger claimedBalance,
      byte[] claimedStorageHash,
      byte[] claimedCodeHash) {
    if (!proven.exists()) {
      boolean claimsAbsent =
          claimedNonce.signum() == 0
              && claimedBalance.signum() == 0
              && (Arrays.equals(claimedStorageHash, proven.storageRoot)
                  || Arrays.equals(claimedStorageHash, ZERO_WORD))
              && (Arrays.equals(claimedCodeHash, proven.codeHash)
                  || Arrays.equals(claimedCodeHash, ZERO_WORD));
      return claimsAbsent
          ? Optional.empty()
          : Optional.of("the account is proven absent but the proof claims state");
    }
    if (!proven.nonce().equals(claimedNonce)
        || !proven.balance().equals(claimedBalance)
        || !Arrays.equals(proven.storageRoot, claimedStorageHash)
        || !Arrays.equals(proven.codeHash, claimedCodeHash)) {
      return Optional.of("the proven account fields differ from the claimed ones");
    }
    return Optional.empty();
  }

  /**
   * The value stored under {@code key} in the storage trie of {@code storageRoot}: the RLP integer
   * of the slot's leaf, or zero when the proof shows the slot empty.
   *
   * @param key the unhashed 32-byte slot
   * @throws MerklePatriciaTrie.ProofException when the proof shows neither
   * @throws Rlp.RlpException when the value is not a canonical RLP integer
   * @throws LeafException when the leaf is not a 32-byte-at-most byte string
   */
  public static BigInteger storageValue(byte[] storageRoot, byte[] key, List<byte[]> proof) {
    Optional<byte[]> stored = MerklePatriciaTrie.get(storageRoot, key, proof);
    if (stored.isEmpty()) {
      return BigInteger.ZERO;
    }
    Rlp.Item item = Rlp.decode(stored.get());
    if (!(item instanceof Rlp.Bytes bytes) || bytes.value().length > 32) {
      throw new LeafException("the slot's value is not an RLP integer");
    }
    return bytes.unsigned();
  }
}
