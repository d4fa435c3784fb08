package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeNode;

/**
 * Where the transparency log is kept: its entries (appended through {@link StatementLog}, or
 * written with a key's debit through {@link CreditLedger#debit} without an index), the tree's
 * perfect nodes and the signed checkpoints. Every replica may integrate; the store lets one at a
 * time.
 */
public interface LogStore {

  /**
   * One batch under the log's lock. First the entries written without an index (with a debit) get
   * theirs, in the order they were written, from the counter appends take theirs from (at most
   * {@code limit}). Then, in one transaction: the sequenced entries not yet integrated (at most
   * {@code limit}, in index order, up to the first index not yet committed) are handed with the
   * tree's size and right edge to the sealer, and what it answers is stored: the new nodes and the
   * checkpoint. When another replica holds the lock, nothing happens. A log without a checkpoint is
   * sealed at size 0.
   *
   * @return the entries integrated
   */
  Uni<Integer> integrate(int limit, Sealer sealer);

  /** The newest checkpoint, if any was sealed. */
  Uni<Optional<SealedCheckpoint>> latest();

  /** An entry by its statement's id or the hex SHA-256 of its signed bytes. */
  Uni<Optional<Entry>> entry(String id);

  /**
   * The entries at leaf indexes {@code first} to {@code first + count - 1}, in index order (an
   * index not appended is absent: fewer entries come back). {@code count} is at most a tile's
   * width.
   */
  Uni<List<LoggedStatement>> entries(long first, int count);

  /** The stored hashes of these nodes (a node not stored is absent from the answer). */
  Uni<Map<TreeNode, byte[]>> nodes(Set<TreeNode> nodes);

  /** Turns a batch into what is stored. */
  @FunctionalInterface
  interface Sealer {
    Sealed seal(long size, Map<TreeNode, byte[]> edge, List<byte[]> leafHashes);
  }

  /** What a batch stores: the new nodes, the new size and root, the signed checkpoint text. */
  record Sealed(Map<TreeNode, byte[]> nodes, long size, byte[] root, String note) {}

  /** A sealed checkpoint: its size and root, and the signed note as served. */
  record SealedCheckpoint(long size, byte[] root, String note) {}

  /**
   * An entry: its leaf index (given when it was appended, or for an entry written with a debit by
   * the batch that sequences it; empty until then), and whether a batch has integrated it (the
   * newest checkpoint covers it).
   */
  record Entry(LoggedStatement statement, OptionalLong index, boolean integrated) {}
}
