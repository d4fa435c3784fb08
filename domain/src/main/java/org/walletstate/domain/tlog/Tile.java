package org.walletstate.domain.tlog;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tile of the C2SP {@code tlog-tiles} layout: at tile level {@code L}, tile {@code index} holds
 * the hashes of the perfect subtrees of {@code 256^L} leaves numbered {@code index * 256} to {@code
 * index * 256 + width - 1}, which are the stored nodes of tree level {@code 8 * L}. A full tile is
 * {@value #WIDTH} hashes wide; a partial one (the right edge of a tree) fewer. Since each hash is a
 * perfect subtree's, a tile's content never changes once the tree holds it.
 *
 * @param width 1 to {@value #WIDTH}
 */
public record Tile(int level, long index, int width) {

  /** The hashes of a full tile. */
  public static final int WIDTH = 256;

  /** The largest tile level (a tile of level {@code L} is {@code 8 * L} tree levels up). */
  public static final int MAX_LEVEL = 63;

  /** The longest entry a bundle can hold: its length is a 16-bit prefix. */
  private static final int MAX_ENTRY = 0xffff;

  public Tile {
    if (level < 0 || level > MAX_LEVEL || index < 0 || width < 1 || width > WIDTH) {
      throw new IllegalArgumentException(
          "no such tile: level " + level + ", index " + index + ", width " + width);
    }
  }

  public boolean full() {
    return width == WIDTH;
  }

  /**
   * Whether a tree of {@code size} leaves holds every hash of this tile: {@code (index * 256 +
   * width) * 256^level <= size}, without overflow.
   */
  public boolean within(long size) {
    int shift = 8 * level;
    long hashes = shift >= Long.SIZE - 1 ? 0 : size >> shift;
    return hashes >= width && index <= (hashes - width) / WIDTH;
  }

  /** Its hashes' nodes, left to right. Only for a tile {@link #within(long)} some tree. */
  public List<TreeNode> nodes() {
    List<TreeNode> nodes = new ArrayList<>(width);
    for (int i = 0; i < width; i++) {
      nodes.add(new TreeNode(8 * level, index * WIDTH + i));
    }
    return nodes;
  }

  /** The tile as served: its hashes concatenated, 32 bytes each. */
  public byte[] hashes(Map<TreeNode, byte[]> known) {
    byte[] out = new byte[width * 32];
    int at = 0;
    for (TreeNode node : nodes()) {
      byte[] hash = known.get(node);
      if (hash == null || hash.length != 32) {
        throw new IllegalStateException("node " + node + " of " + this + " is not stored");
      }
      System.arraycopy(hash, 0, out, at, 32);
      at += 32;
    }
    return out;
  }

  /** The first leaf of a level-0 tile, whose entries its bundle holds. */
  public long firstLeaf() {
    if (level != 0) {
      throw new IllegalStateException("entry bundles are the leaves of level-0 tiles");
    }
    return index * WIDTH;
  }

  /**
   * The entry bundle of these entries' data (the bytes each leaf hash is over), in leaf order: each
   * entry as a big-endian 16-bit length and its bytes.
   */
  public static byte[] bundle(List<byte[]> entries) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] entry : entries) {
      if (entry.length > MAX_ENTRY) {
        throw new IllegalArgumentException("an entry of a bundle is at most 65535 bytes");
      }
      out.write(entry.length >> 8);
      out.write(entry.length & 0xff);
      out.write(entry, 0, entry.length);
    }
    return out.toByteArray();
  }
}
