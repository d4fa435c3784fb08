package org.walletstate.application.port.out;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The transparency log's append: every statement the service signs is handed here by the signer
 * before its answer is made. An append returns once the entry is durable (committed to the log's
 * store) and sequenced: it has its leaf index, which the answer carries as {@code log: {index}}. It
 * never waits for the tree: a batch integrates the sequenced entries later. It blocks, so it is
 * called off the event loop (the signing threads), and for a bounded time: a store that does not
 * commit the entry in time fails the append with {@link Unavailable}, and the statement is not
 * issued (its call is answered 503 and not charged).
 */
public interface StatementLog {

  /** Keeps nothing: for an embedding that runs without a log. */
  StatementLog NONE =
      new StatementLog() {
        @Override
        public OptionalLong appendAll(List<LoggedStatement> statements) {
          return OptionalLong.empty();
        }

        @Override
        public boolean keepsEntries() {
          return false;
        }
      };

  /**
   * Whether this log keeps entries. When it does not, no one writes entries to its store either (a
   * signer then hands none to a caller that would log them with its debit).
   */
  default boolean keepsEntries() {
    return true;
  }

  /**
   * Appends one statement.
   *
   * @return its leaf index; empty when this log keeps nothing
   * @throws Unavailable when the log's store did not commit the entry in time
   * @throws RuntimeException when the entry could not be made durable (the statement is then not
   *     issued)
   */
  default OptionalLong append(LoggedStatement statement) {
    return appendAll(List.of(statement));
  }

  /**
   * Appends statements together, in this order, at consecutive leaf indexes.
   *
   * @return the leaf index of the first; empty when this log keeps nothing
   * @throws Unavailable when the log's store did not commit the entries in time
   * @throws RuntimeException when the entries could not be made durable (none is then issued)
   */
  OptionalLong appendAll(List<LoggedStatement> statements);

  /**
   * Hands statements to the log, to be appended together as {@link #appendAll} does, without
   * waiting: the stage completes with the leaf index of the first once they are durable (empty when
   * this log keeps nothing), or fails as {@link #appendAll} throws, within the same bounded wait. A
   * log whose store answers asynchronously parks no thread meanwhile, and the stage then completes
   * on whichever thread completes the store's commit (or the wait); this default appends at once on
   * the calling thread.
   */
  default CompletionStage<OptionalLong> submitAll(List<LoggedStatement> statements) {
    try {
      return CompletableFuture.completedFuture(appendAll(statements));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * The log's store did not make an append durable within the append's bounded wait, or had not
   * answered an earlier one for that long (then the append fails at once, without waiting). The
   * statement is not issued; the call may be retried.
   */
  final class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Unavailable(String message) {
      super(message, null, false, false);
    }
  }
}
