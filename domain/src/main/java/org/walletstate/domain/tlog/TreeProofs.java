package org.walletstate.domain.tlog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * RFC 9162 section 2.1.3 and 2.1.4: which subtrees an inclusion or a consistency proof is made of,
 * in proof order, and their hashes from the stored perfect nodes. A caller asks {@link
 * #nodesOf(List)} which nodes to load, loads them in one read, and hands them to {@link
 * #hashes(List, Map)}.
 */
public final class TreeProofs {

  private TreeProofs() {}

  /** The subtrees of {@code PATH(leaf, D[0:size])}. */
  public static List<Subtree> inclusion(long leaf, long size) {
    if (size < 1 || leaf < 0 || leaf >= size) {
      throw new IllegalArgumentException("leaf " + leaf + " is not in a tree of " + size);
    }
    List<Subtree> out = new ArrayList<>();
    path(leaf, 0, size, out);
    return out;
  }

  /** The subtrees of {@code PROOF(from, D[0:to])}; empty when the sizes are equal. */
  public static List<Subtree> consistency(long from, long to) {
    if (from < 1 || to < from) {
      throw new IllegalArgumentException(
          "no consistency proof from " + from + " to " + to + " (need 1 <= from <= to)");
    }
    List<Subtree> out = new ArrayList<>();
    if (from < to) {
      subproof(from, 0, to, true, out);
    }
    return out;
  }

  /** The nodes the subtrees are made of, without repeats. */
  public static Set<TreeNode> nodesOf(List<Subtree> subtrees) {
    Set<TreeNode> nodes = new LinkedHashSet<>();
    for (Subtree subtree : subtrees) {
      nodes.addAll(subtree.nodes());
    }
    return nodes;
  }

  public static List<byte[]> hashes(List<Subtree> subtrees, Map<TreeNode, byte[]> known) {
    List<byte[]> out = new ArrayList<>(subtrees.size());
    for (Subtree subtree : subtrees) {
      out.add(subtree.hash(known));
    }
    return out;
  }

  /** The largest power of two below {@code n} ({@code n >= 2}). */
  static long split(long n) {
    return Long.highestOneBit(n - 1);
  }

  private static void path(long leaf, long lo, long hi, List<Subtree> out) {
    if (hi - lo == 1) {
      return;
    }
    long k = split(hi - lo);
    if (leaf < lo + k) {
      path(leaf, lo, lo + k, out);
      out.add(new Subtree(lo + k, hi));
    } else {
      path(leaf, lo + k, hi, out);
      out.add(new Subtree(lo, lo + k));
    }
  }

  private static void subproof(long m, long lo, long hi, boolean whole, List<Subtree> out) {
    long n = hi - lo;
    if (m == n) {
      if (!whole) {
        out.add(new Subtree(lo, hi));
      }
      return;
    }
    long k = split(n);
    if (m <= k) {
      subproof(m, lo, lo + k, whole, out);
      out.add(new Subtree(lo + k, hi));
    } else {
      subproof(m - k, lo + k, hi, false, out);
      out.add(new Subtree(lo, lo + k));
    }
  }
}
