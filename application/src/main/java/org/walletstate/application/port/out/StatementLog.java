package org.walletstate.application.port.out;

import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The transparency log's append: every statement the service signs is handed here by the signer
 * before its answer is made. {@link #append} returns once the entry is durable (committed to the
 * log's store), never waiting for the tree: leaves get their index when a batch integrates them. It
 * blocks, so it is called off the event loop (the signing threads).
 */
public interface StatementLog {

  /** Keeps nothing: for an embedding that runs without a log. */
  StatementLog NONE = statement -> {};

  /**
   * @throws RuntimeException when the entry could not be made durable (the statement is then not
   *     issued)
   */
  void append(LoggedStatement statement);
}
