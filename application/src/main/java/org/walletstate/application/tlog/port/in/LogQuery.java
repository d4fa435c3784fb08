package org.walletstate.application.tlog.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.tlog.LoggedStatement;

/** The transparency log as relying parties and monitors read it. */
public interface LogQuery {

  /** The key checkpoints are signed with, as verifiers are given it. */
  NoteKey noteKey();

  /**
   * @param origin the checkpoints' origin line, also the signature lines' key name
   * @param keyId the four-byte key id in hex
   * @param publicKey the P-256 key's DER SubjectPublicKeyInfo, base64
   */
  record NoteKey(String origin, String keyId, String algorithm, String publicKey) {}

  /** The newest signed checkpoint's note text; empty before the first batch is sealed. */
  Uni<Optional<String>> checkpoint();

  /** An entry by its statement's id (or the hex hash of its signed bytes). */
  Uni<EntryAnswer> entry(String id);

  /** The consistency proof between two tree sizes. */
  Uni<ConsistencyAnswer> consistency(long from, long to);

  sealed interface EntryAnswer {
    /** No such statement in the log. */
    record Unknown() implements EntryAnswer {}

    /** Appended with its leaf index, not yet integrated (no checkpoint covers it yet). */
    record Pending(LoggedStatement statement, long index) implements EntryAnswer {}

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
