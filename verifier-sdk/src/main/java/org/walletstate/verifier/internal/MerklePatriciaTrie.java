package org.walletstate.verifier.internal;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Walks an EIP-1186 proof (a list of RLP trie nodes, root first) down a secure Merkle-Patricia trie
 * (keys are hashed with keccak before use). Every node that is referenced by hash must hash to its
 * reference, the root to the trusted root; nodes shorter than 32 bytes are embedded in their parent
 * and checked as part of it. The walk ends in the key's leaf (inclusion) or in proven absence: an
 * empty branch slot, a leaf for another key, or an extension that leads elsewhere. A proof with
 * nodes left over, or one that stops before the walk ends, is rejected.
 */
public final class MerklePatriciaTrie {

  /** keccak(rlp("")): the root of an empty trie. */
  public static final byte[] EMPTY_ROOT =
      HexFormat.of().parseHex("56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");

  /** A proof that does not hold together. */
  public static final class ProofException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProofException(String message) {
      super(message);
    }
  }

  private MerklePatriciaTrie() {}

  /**
   * The value stored under {@code key} (the raw bytes of the leaf's value), or empty when the proof
   * shows the key absent.
   *
   * @param root the trusted root, 32 bytes
   * @param key the unhashed key: a 20-byte address or a 32-byte storage slot
   * @throws ProofException when the proof does not prove either
   */
  public static Optional<byte[]> get(byte[] root, byte[] key, List<byte[]> proof) {
    byte[] path = nibbles(Keccak.hash(key));
    int position = 0;
    int next = 0;
    byte[] expected = root;
    Rlp.Item node = null;
    if (proof.isEmpty() && Arrays.equals(root, EMPTY_ROOT)) {
      return Optional.empty();
    }
    while (true) {
      if (node == null) {
        node = node(proof, next, expected);
        next++;
        if (node instanceof Rlp.Bytes empty && empty.value().length == 0 && next == 1) {
          return absent(next, proof); // the empty trie's root node
        }
      }
      if (!(node instanceof Rlp.Items items)) {
        throw new ProofException("a trie node is not a list");
      }
      Rlp.Item child;
      if (items.items().size() == 17) {
        if (position == path.length) {
          byte[] value = bytes(items.items().get(16));
          return value.length == 0 ? absent(next, proof) : included(value, next, proof);
        }
        child = items.items().get(path[position++]);
      } else if (items.items().size() == 2) {
        byte[] hexPrefix = hexPrefix(items.items().get(0));
        int flag = hexPrefix[0];
        byte[] segment = Arrays.copyOfRange(hexPrefix, (flag & 1) == 1 ? 1 : 2, hexPrefix.length);
        boolean matches = continues(path, position, segment);
        if (flag >= 2) {
          return matches && position + segment.length == path.length
              ? included(bytes(items.items().get(1)), next, proof)
              : absent(next, proof);
        }
        if (!matches) {
          return absent(next, proof);
        }
        position += segment.length;
        child = items.items().get(1);
      } else {
        throw new ProofException("a trie node with " + items.items().size() + " items");
      }
      if (child instanceof Rlp.Items) {
        node = child; // shorter than 32 bytes: embedded in the node just checked
        continue;
      }
      byte[] reference = ((Rlp.Bytes) child).value();
      if (reference.length == 0) {
        return absent(next, proof);
      }
      if (reference.length != 32) {
        throw new ProofException("a node reference of " + reference.length + " bytes");
      }
      expected = reference;
      node = null;
    }
  }

  /** Node {@code index} of the proof, decoded; it must hash to {@code expected}. */
  private static Rlp.Item node(List<byte[]> proof, int index, byte[] expected) {
    if (index >= proof.size()) {
      throw new ProofException("the proof ends after " + index + " nodes, before the path does");
    }
    byte[] encoded = proof.get(index);
    if (!Arrays.equals(Keccak.hash(encoded), expected)) {
      throw new ProofException(
          "node " + index + " does not hash to " + (index == 0 ? "the root" : "its reference"));
    }
    try {
      return Rlp.decode(encoded);
    } catch (Rlp.RlpException e) {
      throw new ProofException("node " + index + " is not RLP: " + e.getMessage());
    }
  }

  /** The nibbles of a leaf's or extension's hex-prefix path, flag nibble first. */
  private static byte[] hexPrefix(Rlp.Item item) {
    byte[] encodedPath = bytes(item);
    if (encodedPath.length == 0) {
      throw new ProofException("a leaf or extension without a path");
    }
    byte[] hexPrefix = nibbles(encodedPath);
    int flag = hexPrefix[0];
    if (flag > 3) {
      throw new ProofException("a hex-prefix flag of " + flag);
    }
    return hexPrefix;
  }

  /** Whether {@code path} continues with {@code segment} at {@code position}. */
  private static boolean continues(byte[] path, int position, byte[] segment) {
    return path.length - position >= segment.length
        && Arrays.equals(segment, Arrays.copyOfRange(path, position, position + segment.length));
  }

  private static Optional<byte[]> included(byte[] value, int used, List<byte[]> proof) {
    if (used != proof.size()) {
      throw new ProofException("the proof has nodes after the key's leaf");
    }
    return Optional.of(value);
  }

  private static Optional<byte[]> absent(int used, List<byte[]> proof) {
    if (used != proof.size()) {
      throw new ProofException("the proof has nodes after the point that shows the key absent");
    }
    return Optional.empty();
  }

  private static byte[] bytes(Rlp.Item item) {
    if (item instanceof Rlp.Bytes b) {
      return b.value();
    }
    throw new ProofException("a list where a byte string belongs");
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
