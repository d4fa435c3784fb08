package org.walletstate.domain.proof;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * The service's own check of a node's {@code eth_getProof} answer against the state root of the
 * block it was asked at, before the proof is delivered: the account proof must walk from the root
 * to the claimed account fields (or to the account's absence, claimed as zeros), and each storage
 * proof from the proven storage root to the claimed value. A proof that fails is declined rather
 * than signed. (Verifiers do not rely on this: the SDK checks proofs itself against a root the
 * caller trusts.)
 */
public final class StateProofCheck {

  /** The reason of a proof that does not verify against the pinned block's state root. */
  public static final String DOES_NOT_VERIFY =
      "the node's proof does not verify against the block's state root";

  static final byte[] EMPTY_TRIE_ROOT = Keccak256.hash(new byte[] {(byte) 0x80});

  private StateProofCheck() {}

  /** Empty when {@code proof} verifies under {@code stateRoot}; otherwise what is wrong. */
  public static Optional<String> problem(Bytes32 stateRoot, AccountProof proof) {
    try {
      Optional<byte[]> leaf =
          walk(stateRoot.bytes().toArray(), proof.address().bytes(), nodes(proof.accountProof()));
      byte[] storageRoot;
      if (leaf.isEmpty()) {
        boolean zeros =
            proof.nonce().signum() == 0
                && proof.balance().signum() == 0
                && (proof.storageHash().isZero()
                    || Arrays.equals(proof.storageHash().bytes().toArray(), EMPTY_TRIE_ROOT))
                && MerkleProof.isEmptyCodeHash(proof.codeHash());
        if (!zeros) {
          return Optional.of("the account is proven absent but claimed with state");
        }
        storageRoot = EMPTY_TRIE_ROOT;
      } else {
        List<Object> fields = list(decode(leaf.get()));
        if (fields.size() != 4
            || !unsigned(fields.get(0)).equals(proof.nonce())
            || !unsigned(fields.get(1)).equals(proof.balance())
            || !Arrays.equals(bytes(fields.get(2)), proof.storageHash().bytes().toArray())
            || !Arrays.equals(bytes(fields.get(3)), proof.codeHash().bytes().toArray())) {
          return Optional.of("the proven account fields differ from the claimed ones");
        }
        storageRoot = bytes(fields.get(2));
      }
      for (AccountProof.StorageProof slot : proof.storageProof()) {
        Optional<byte[]> value =
            walk(storageRoot, slot.key().bytes().toArray(), nodes(slot.proof()));
        BigInteger proven = value.isEmpty() ? BigInteger.ZERO : unsigned(decode(value.get()));
        if (!proven.equals(slot.value())) {
          return Optional.of(
              "the proven value of slot " + slot.key() + " differs from the claimed one");
        }
      }
      return Optional.empty();
    } catch (IllegalArgumentException | ClassCastException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static List<byte[]> nodes(List<Bytes> nodes) {
    List<byte[]> out = new ArrayList<>();
    nodes.forEach(n -> out.add(n.toArray()));
    return out;
  }

  /** The secure-trie walk: the leaf's value, or empty for a proven absence. */
  static Optional<byte[]> walk(byte[] root, byte[] key, List<byte[]> proof) {
    byte[] path = nibbles(Keccak256.hash(key));
    int position = 0;
    int next = 0;
    byte[] expected = root;
    Object node = null;
    if (proof.isEmpty() && Arrays.equals(root, EMPTY_TRIE_ROOT)) {
      return Optional.empty();
    }
    while (true) {
      if (node == null) {
        if (next >= proof.size()) {
          throw new IllegalArgumentException("the proof ends before its path");
        }
        byte[] encoded = proof.get(next++);
        if (!Arrays.equals(Keccak256.hash(encoded), expected)) {
          throw new IllegalArgumentException(
              "proof node " + (next - 1) + " does not hash to its reference");
        }
        node = decode(encoded);
        if (node instanceof byte[] empty && empty.length == 0 && next == 1) {
          return end(Optional.empty(), next, proof);
        }
      }
      List<Object> items = list(node);
      Object child;
      if (items.size() == 17) {
        if (position == path.length) {
          byte[] value = bytes(items.get(16));
          return end(value.length == 0 ? Optional.empty() : Optional.of(value), next, proof);
        }
        child = items.get(path[position++]);
      } else if (items.size() == 2) {
        byte[] prefixed = nibbles(bytes(items.get(0)));
        if (prefixed.length == 0 || prefixed[0] > 3) {
          throw new IllegalArgumentException("a malformed hex-prefix path");
        }
        byte[] segment =
            Arrays.copyOfRange(prefixed, (prefixed[0] & 1) == 1 ? 1 : 2, prefixed.length);
        boolean matches =
            path.length - position >= segment.length
                && Arrays.equals(
                    segment, Arrays.copyOfRange(path, position, position + segment.length));
        if (prefixed[0] >= 2) {
          return end(
              matches && position + segment.length == path.length
                  ? Optional.of(bytes(items.get(1)))
                  : Optional.empty(),
              next,
              proof);
        }
        if (!matches) {
          return end(Optional.empty(), next, proof);
        }
        position += segment.length;
        child = items.get(1);
      } else {
        throw new IllegalArgumentException("a trie node of " + items.size() + " items");
      }
      if (child instanceof List) {
        node = child;
        continue;
      }
      byte[] reference = bytes(child);
      if (reference.length == 0) {
        return end(Optional.empty(), next, proof);
      }
      if (reference.length != 32) {
        throw new IllegalArgumentException("a node reference of " + reference.length + " bytes");
      }
      expected = reference;
      node = null;
    }
  }

  private static Optional<byte[]> end(Optional<byte[]> value, int used, List<byte[]> proof) {
    if (used != proof.size()) {
      throw new IllegalArgumentException("the proof has nodes past its end");
    }
    return value;
  }

  /** Decodes one RLP item spanning all of {@code in}: a {@code byte[]} or a {@code List}. */
  static Object decode(byte[] in) {
    int[] end = new int[1];
    Object item = decode(in, 0, in.length, end);
    if (end[0] != in.length) {
      throw new IllegalArgumentException("bytes after an RLP item");
    }
    return item;
  }

  private static Object decode(byte[] in, int at, int limit, int[] end) {
    if (at >= limit) {
      throw new IllegalArgumentException("RLP input ends early");
    }
    int prefix = in[at] & 0xff;
    if (prefix < 0x80) {
      end[0] = at + 1;
      return new byte[] {in[at]};
    }
    boolean isList = prefix >= 0xc0;
    int base = isList ? 0xc0 : 0x80;
    int start;
    long length;
    if (prefix - base <= 55) {
      length = prefix - base;
      start = at + 1;
    } else {
      int lengthOfLength = prefix - base - 55;
      if (lengthOfLength > 4 || at + 1 + lengthOfLength > limit) {
        throw new IllegalArgumentException("an RLP length out of range");
      }
      length = 0;
      for (int i = 0; i < lengthOfLength; i++) {
        length = (length << 8) | (in[at + 1 + i] & 0xff);
      }
      start = at + 1 + lengthOfLength;
    }
    if (start + length > limit) {
      throw new IllegalArgumentException("an RLP item longer than its input");
    }
    int stop = (int) (start + length);
    end[0] = stop;
    if (!isList) {
      return Arrays.copyOfRange(in, start, stop);
    }
    List<Object> items = new ArrayList<>();
    int position = start;
    while (position < stop) {
      int[] itemEnd = new int[1];
      items.add(decode(in, position, stop, itemEnd));
      position = itemEnd[0];
    }
    return items;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object item) {
    if (item instanceof List) {
      return (List<Object>) item;
    }
    throw new IllegalArgumentException("a byte string where an RLP list belongs");
  }

  private static byte[] bytes(Object item) {
    if (item instanceof byte[] b) {
      return b;
    }
    throw new IllegalArgumentException("an RLP list where a byte string belongs");
  }

  private static BigInteger unsigned(Object item) {
    return new BigInteger(1, bytes(item));
  }

  private static byte[] nibbles(byte[] bytes) {
    byte[] out = new byte[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = (byte) ((bytes[i] >> 4) & 0x0f);
      out[2 * i + 1] = (byte) (bytes[i] & 0x0f);
    }
    return out;
  }
}
