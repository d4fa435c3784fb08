package org.walletstate.domain.tlog;

/**
 * A perfect aligned subtree: the {@code 2^level} leaves from {@code index * 2^level}. Level 0 is a
 * leaf. These are the only nodes a log stores; every other subtree of RFC 9162 is built from them.
 */
public record TreeNode(int level, long index) {

  public TreeNode {
    if (level < 0 || level > 62 || index < 0) {
      throw new IllegalArgumentException("no such node: level " + level + ", index " + index);
    }
  }

  /** The first leaf it covers. */
  public long first() {
    return index << level;
  }

  /** One past the last leaf it covers. */
  public long end() {
    return (index + 1) << level;
  }
}
