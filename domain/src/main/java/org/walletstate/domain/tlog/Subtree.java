package org.walletstate.domain.tlog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The leaves {@code [start, end)} as RFC 9162 splits a tree: every range its recursion visits
 * starts on a multiple of the largest power of two not above its length, so it is a run of perfect
 * aligned subtrees of decreasing size.
 */
public record Subtree(long start, long end) {

  public Subtree {
    if (start < 0 || end <= start) {
      throw new IllegalArgumentException("empty or negative range [" + start + ", " + end + ")");
    }
  }

  /** The perfect nodes it is made of, left to right. */
  public List<TreeNode> nodes() {
    List<TreeNode> nodes = new ArrayList<>();
    long at = start;
    while (at < end) {
      int level = 63 - Long.numberOfLeadingZeros(end - at);
      while (level > 0 && at % (1L << level) != 0) {
        level--;
      }
      nodes.add(new TreeNode(level, at >> level));
      at += 1L << level;
    }
    return nodes;
  }

  /** Its RFC 9162 hash {@code MTH(D[start:end])} from the hashes of its perfect nodes. */
  public byte[] hash(Map<TreeNode, byte[]> known) {
    List<TreeNode> nodes = nodes();
    byte[] acc = require(known, nodes.get(nodes.size() - 1));
    for (int i = nodes.size() - 2; i >= 0; i--) {
      acc = TreeHashes.nodeHash(require(known, nodes.get(i)), acc);
    }
    return acc;
  }

  private static byte[] require(Map<TreeNode, byte[]> known, TreeNode node) {
    byte[] hash = known.get(node);
    if (hash == null) {
      throw new IllegalStateException("node " + node + " is not stored");
    }
    return hash;
  }
}
