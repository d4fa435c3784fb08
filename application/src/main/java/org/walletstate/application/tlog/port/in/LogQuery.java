package org.walletstate.application.tlog.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.Tile;

/** The transparency log as relying parties and monitors read it. */
public interface LogQuery {

  /** The key checkpoints are signed with, as verifiers are given it. */
  NoteKey noteKey();

  /**
   * @param origin the checkpoints' origin line, also the signature lines' key name
   * @param keyId the four-byte key id in hex
   * @param publicKey the P-256 key's DER SubjectPublicKeyInfo, base64
   * @param ed25519VerifierKey the Ed25519 note key as a C2SP verifier key ({@code <origin>+<hex key
   *     id>+<base64(0x01 || key)>}), or null when checkpoints carry no Ed25519 line
   */
  record NoteKey(
      String origin, String keyId, String algorithm, String publicKey, String ed25519VerifierKey) {}

  /** The newest signed checkpoint's note text; empty before the first batch is sealed. */
  Uni<Optional<String>> checkpoint();

  /** An entry by its statement's id (or the hex hash of its signed bytes). */
  Uni<EntryAnswer> entry(String id);

  /** The consistency proof between two tree sizes. */
  Uni<ConsistencyAnswer> consistency(long from, long to);

  /**
   * A tile of the C2SP {@code tlog-tiles} layout: its hashes concatenated, read from the stored
   * nodes. Only a tile the newest checkpoint's tree holds is answered.
   */
  Uni<TileAnswer> tile(Tile tile);

  /**
   * The entry bundle of a level-0 tile: the data of each leaf it covers (what the leaf hash is
   * over), each as a big-endian 16-bit length and its bytes. Only a tile the newest checkpoint's
   * tree holds is answered.
   */
  Uni<TileAnswer> entryBundle(Tile tile);

  sealed interface TileAnswer {
    /** The newest checkpoint's tree (of {@code treeSize} leaves) does not hold the tile. */
    record Beyond(long treeSize) implements TileAnswer {}

    /** The tile's bytes as served. */
    record Content(byte[] bytes) implements TileAnswer {}
  }

  sealed interface EntryAnswer {
    /** No such statement in the log. */
    record Unknown() implements EntryAnswer {}

    /**
     * Appended, not yet integrated (no checkpoint covers it yet): with its leaf index once it has
     * one (an entry written with a debit gets it from the next batch).
     */
    record Pending(LoggedStatement statement, OptionalLong index) implements EntryAnswer {}

    /** Its index and the inclusion proof against the checkpoint it is given with. */
    record Included(
        LoggedStatement statement, long index, long treeSize, List<byte[]> proof, String checkpoint)
        implements EntryAnswer {}
  }

  sealed interface ConsistencyAnswer {
    /** The sizes are not {@code 1 <= from <= to <= the newest checkpoint's size}. */
    record Refused(String reason) implements ConsistencyAnswer {}

    record Proof(long from, long to, List<byte[]> proof, String checkpoint)
        implements ConsistencyAnswer {}
  }
}
