package org.walletstate.crypto;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.verifier.CanonicalJson;

/**
 * A statement signed, with its transparency log entry, before it is appended: its {@code data} gets
 * the leaf index once the log has it.
 */
record Unlogged(LoggedStatement entry, ObjectNode data) implements TrustProfileSigner.Signed {

  /**
   * Appends the statements to {@code log} in one append (consecutive indexes, in this order) and
   * gives their {@code data} texts, each with the unsigned member {@code log: {index}} after every
   * signed member (none when the log keeps nothing).
   *
   * @throws RuntimeException when the log did not take them (none is then issued)
   */
  static List<String> appended(StatementLog log, List<Unlogged> signed) {
    return texts(signed, log.appendAll(entries(signed)));
  }

  /**
   * Hands the statements to {@code log} in one append without waiting for it ({@link
   * StatementLog#submitAll}); the stage gives their {@code data} texts as {@link #appended} does,
   * made on {@code finishing} once the entries are durable.
   */
  static CompletionStage<List<String>> submitted(
      StatementLog log, List<Unlogged> signed, Executor finishing) {
    return log.submitAll(entries(signed)).thenApplyAsync(first -> texts(signed, first), finishing);
  }

  /**
   * The statements' {@code data} texts when their entries were made durable by the caller (with a
   * debit): without {@code log}, as their leaf indexes are given later by the log's batch.
   */
  static List<String> written(List<Unlogged> signed) {
    return texts(signed, OptionalLong.empty());
  }

  /** The statements' log entries when {@code log} keeps entries, in order; none otherwise. */
  static List<LoggedStatement> entries(StatementLog log, List<Unlogged> signed) {
    return log.keepsEntries() ? entries(signed) : List.of();
  }

  private static List<LoggedStatement> entries(List<Unlogged> signed) {
    List<LoggedStatement> entries = new ArrayList<>(signed.size());
    for (Unlogged statement : signed) {
      entries.add(statement.entry());
    }
    return entries;
  }

  private static List<String> texts(List<Unlogged> signed, OptionalLong first) {
    List<String> texts = new ArrayList<>(signed.size());
    for (int i = 0; i < signed.size(); i++) {
      ObjectNode data = signed.get(i).data();
      if (first.isPresent()) {
        // unsigned, after every signed member: where the statement is in the transparency log
        data.putObject("log").put("index", first.getAsLong() + i);
      }
      texts.add(CanonicalJson.stringify(data));
    }
    return texts;
  }
}
