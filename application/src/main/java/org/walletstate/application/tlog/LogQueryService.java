package org.walletstate.application.tlog;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.application.tlog.port.in.LogQuery;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.Subtree;
import org.walletstate.domain.tlog.Tile;
import org.walletstate.domain.tlog.TreeProofs;

/**
 * Answers the log's reads from the store: each proof is the RFC 9162 subtrees over the nodes it
 * needs, loaded in one read (at most about two per tree level). A tile is at most 256 stored nodes
 * or entries, read in one query once the newest checkpoint shows the tree holds them.
 */
public final class LogQueryService implements LogQuery {

  private final LogStore store;
  private final NoteKey key;

  public LogQueryService(LogStore store, CheckpointSigner signer) {
    this.store = Objects.requireNonNull(store, "store");
    this.key =
        new NoteKey(
            signer.origin(),
            signer.keyIdHex(),
            "ES256",
            signer.publicKeyBase64(),
            signer.ed25519VerifierKey().orElse(null));
  }

  @Override
  public NoteKey noteKey() {
    return key;
  }

  @Override
  public Uni<Optional<String>> checkpoint() {
    return store.latest().map(latest -> latest.map(LogStore.SealedCheckpoint::note));
  }

  @Override
  public Uni<EntryAnswer> entry(String id) {
    return store
        .entry(id)
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return Uni.createFrom().item(new EntryAnswer.Unknown());
              }
              LogStore.Entry entry = found.get();
              if (!entry.integrated()) {
                return Uni.createFrom()
                    .item(new EntryAnswer.Pending(entry.statement(), entry.index()));
              }
              long index = entry.index().getAsLong();
              return store
                  .latest()
                  .flatMap(
                      latest -> {
                        // the entry was integrated: a checkpoint covering it exists
                        LogStore.SealedCheckpoint at = latest.orElseThrow();
                        List<Subtree> path = TreeProofs.inclusion(index, at.size());
                        return proof(path)
                            .map(
                                hashes ->
                                    new EntryAnswer.Included(
                                        entry.statement(), index, at.size(), hashes, at.note()));
                      });
            });
  }

  @Override
  public Uni<ConsistencyAnswer> consistency(long from, long to) {
    return store
        .latest()
        .flatMap(
            latest -> {
              long size = latest.map(LogStore.SealedCheckpoint::size).orElse(0L);
              if (from < 1 || to < from || to > size) {
                return Uni.createFrom()
                    .item(
                        new ConsistencyAnswer.Refused(
                            "from and to must be tree sizes with 1 <= from <= to <= "
                                + size
                                + " (the newest checkpoint's size)"));
              }
              String note = latest.get().note();
              return proof(TreeProofs.consistency(from, to))
                  .map(hashes -> new ConsistencyAnswer.Proof(from, to, hashes, note));
            });
  }

  @Override
  public Uni<TileAnswer> tile(Tile tile) {
    return held(tile, () -> store.nodes(Set.copyOf(tile.nodes())).map(nodes -> tile.hashes(nodes)));
  }

  @Override
  public Uni<TileAnswer> entryBundle(Tile tile) {
    long first = tile.firstLeaf();
    return held(
        tile,
        () ->
            store
                .entries(first, tile.width())
                .map(
                    entries -> {
                      if (entries.size() != tile.width()) {
                        throw new IllegalStateException(
                            "the log holds " + entries.size() + " entries of " + tile);
                      }
                      return Tile.bundle(entries.stream().map(LoggedStatement::leafData).toList());
                    }));
  }

  /** The tile's bytes when the newest checkpoint's tree holds it; otherwise nothing is read. */
  private Uni<TileAnswer> held(Tile tile, Supplier<Uni<byte[]>> read) {
    return store
        .latest()
        .flatMap(
            latest -> {
              long size = latest.map(LogStore.SealedCheckpoint::size).orElse(0L);
              if (!tile.within(size)) {
                return Uni.createFrom().item(new TileAnswer.Beyond(size));
              }
              return read.get().map(TileAnswer.Content::new);
            });
  }

  private Uni<List<byte[]>> proof(List<Subtree> subtrees) {
    if (subtrees.isEmpty()) {
      return Uni.createFrom().item(List.of());
    }
    return store
        .nodes(TreeProofs.nodesOf(subtrees))
        .map(nodes -> TreeProofs.hashes(subtrees, nodes));
  }
}
