package org.walletstate.domain.evm;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;

/**
 * An {@code eth_getProof} answer (EIP-1186): an account's four state fields at a block, the
 * Merkle-Patricia nodes from the block's state root down to the account, and for each asked storage
 * key the nodes from the account's storage root down to the slot. Taken as the node gave it; a
 * verifier checks the nodes against a trusted state root.
 *
 * @param address the account
 * @param nonce the account nonce
 * @param balance the account balance in wei
 * @param storageHash the root of the account's storage trie
 * @param codeHash keccak of the account code (nodes may report zero for an absent account)
 * @param accountProof the RLP-encoded trie nodes, root first
 * @param storageProof one entry per storage key asked for, in the order asked
 */
public record AccountProof(
    EvmAddress address,
    BigInteger nonce,
    BigInteger balance,
    Bytes32 storageHash,
    Bytes32 codeHash,
    List<Bytes> accountProof,
    List<StorageProof> storageProof) {

  // Null checks written out by design: a record validates its own components on construction.
  public AccountProof {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(nonce, "nonce");
    Objects.requireNonNull(balance, "balance");
    Objects.requireNonNull(storageHash, "storageHash");
    Objects.requireNonNull(codeHash, "codeHash");
    accountProof = List.copyOf(accountProof);
    storageProof = List.copyOf(storageProof);
    if (nonce.signum() < 0 || balance.signum() < 0) {
      throw new IllegalArgumentException("nonce and balance are not negative");
    }
  }

  /**
   * One storage slot's proof.
   *
   * @param key the slot (32 bytes)
   * @param value the slot's value (zero for an empty slot)
   * @param proof the RLP-encoded trie nodes from the storage root, root first
   */
  public record StorageProof(Bytes32 key, BigInteger value, List<Bytes> proof) {
    public StorageProof {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
      proof = List.copyOf(proof);
      if (value.signum() < 0 || value.bitLength() > 256) {
        throw new IllegalArgumentException("a storage value is a uint256: " + value);
      }
    }
  }
}
