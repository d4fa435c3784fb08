package org.walletstate.adapters.persistence;

import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.List;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Log entries as the five array parameters every insert into {@code log_entry} unnests, in this
 * order: {@code statement_id text[]}, {@code statement_hash bytea[]}, {@code kind text[]}, {@code
 * kid text[]}, {@code leaf_hash bytea[]}.
 */
final class EntryColumns {

  private EntryColumns() {}

  /**
   * The SQL that unnests the five arrays from parameter {@code $first} on as rows {@code v
   * (statement_id, statement_hash, kind, kid, leaf_hash, n)}, {@code n} counting from 1 in the
   * entries' order.
   */
  static String unnested(int first) {
    return String.format(
        "unnest($%d::text[], $%d::bytea[], $%d::text[], $%d::text[], $%d::bytea[])"
            + " with ordinality as v(statement_id, statement_hash, kind, kid, leaf_hash, n)",
        first, first + 1, first + 2, first + 3, first + 4);
  }

  /** {@code tuple} with the entries' five columns added. */
  static Tuple added(Tuple tuple, List<LoggedStatement> entries) {
    int n = entries.size();
    String[] ids = new String[n];
    Buffer[] hashes = new Buffer[n];
    String[] kinds = new String[n];
    String[] kids = new String[n];
    Buffer[] leaves = new Buffer[n];
    for (int i = 0; i < n; i++) {
      LoggedStatement statement = entries.get(i);
      ids[i] = statement.id();
      hashes[i] = Buffer.buffer(statement.statementHash());
      kinds[i] = statement.kind();
      kids[i] = statement.kid();
      leaves[i] = Buffer.buffer(statement.leafHash());
    }
    return tuple.addValue(ids).addValue(hashes).addValue(kinds).addValue(kids).addValue(leaves);
  }
}
