package org.walletstate.domain.tlog;

import java.util.Collection;

/**
 * Tree nodes as the two columns a store keys them by, level and index, each an array in the nodes'
 * iteration order (what a SQL {@code unnest} of two arrays takes). Shared by the log's store and
 * the bench that measures its queries, so both ask for nodes the same way.
 */
public final class NodeColumns {

  private final Integer[] levels;
  private final Long[] indexes;

  private NodeColumns(Integer[] levels, Long[] indexes) {
    this.levels = levels;
    this.indexes = indexes;
  }

  /** The columns of {@code nodes}, in their iteration order. */
  public static NodeColumns of(Collection<TreeNode> nodes) {
    Integer[] levels = new Integer[nodes.size()];
    Long[] indexes = new Long[nodes.size()];
    int i = 0;
    for (TreeNode node : nodes) {
      levels[i] = node.level();
      indexes[i] = node.index();
      i++;
    }
    return new NodeColumns(levels, indexes);
  }

  /** The nodes' levels; a copy. */
  public Integer[] levels() {
    return levels.clone();
  }

  /** The nodes' indexes; a copy. */
  public Long[] indexes() {
    return indexes.clone();
  }
}
