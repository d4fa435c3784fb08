package org.walletstate.domain.tlog;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Appends leaves to a tree of which only the right edge is known: the perfect nodes of {@code [0,
 * size)} ({@link #edge(long)}). Gives every perfect node the new leaves complete, to be stored, and
 * the new root. The work is the new leaves times the tree's height, whatever the tree's size.
 */
public final class TreeAppend {

  private TreeAppend() {}

  /** The result: the nodes to store (leaves included), the new size and root. */
  public record Appended(Map<TreeNode, byte[]> nodes, long size, byte[] root) {}

  /** The nodes a tree of {@code size} leaves must hand in: its right edge. */
  public static List<TreeNode> edge(long size) {
    return size == 0 ? List.of() : new Subtree(0, size).nodes();
  }

  /**
   * @param size the leaves already in the tree
   * @param edge the hashes of {@link #edge(long) edge(size)}
   * @param leafHashes the new leaves' hashes, in order
   */
  public static Appended append(long size, Map<TreeNode, byte[]> edge, List<byte[]> leafHashes) {
    Map<TreeNode, byte[]> known = new HashMap<>(edge);
    Map<TreeNode, byte[]> created = new LinkedHashMap<>();
    long index = size;
    for (byte[] leaf : leafHashes) {
      TreeNode node = new TreeNode(0, index);
      byte[] hash = leaf;
      put(known, created, node, hash);
      while ((node.index() & 1) == 1) {
        byte[] left = known.get(new TreeNode(node.level(), node.index() - 1));
        if (left == null) {
          throw new IllegalStateException("the right edge of the tree is incomplete at " + node);
        }
        hash = TreeHashes.nodeHash(left, hash);
        node = new TreeNode(node.level() + 1, node.index() >> 1);
        put(known, created, node, hash);
      }
      index++;
    }
    byte[] root = index == 0 ? TreeHashes.EMPTY_ROOT : new Subtree(0, index).hash(known);
    return new Appended(created, index, root);
  }

  private static void put(
      Map<TreeNode, byte[]> known, Map<TreeNode, byte[]> created, TreeNode node, byte[] hash) {
    known.put(node, hash);
    created.put(node, hash);
  }
}
