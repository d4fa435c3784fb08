package org.walletstate.adapters.persistence.watch;

import static org.walletstate.adapters.persistence.SqlRows.each;
import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@link WatchEvaluations} in PostgreSQL. A claim moves the claimed watches' {@code
 * next_evaluation_at} past the lease in the statement that takes them ({@code FOR UPDATE SKIP
 * LOCKED}), so another replica neither waits for them nor takes them until the lease ends. A change
 * is recorded only over the change before it ({@code changes = seq - 1}), with its delivery, in one
 * transaction: a replica that evaluated the same change records nothing. A claim at a new head
 * takes a watch once per block of that chain ({@code head_blocks}); a timer run records there the
 * blocks it read its watches at. The unchanged evaluations of a run are written in one statement,
 * with the block each watch on one EVM chain read its verdict at ({@code verdict_block}, never
 * lowered there); a change sets that block to its own.
 */
public class PgWatchEvaluations implements WatchEvaluations {

  private static final String CLAIM =
      "with due as (select id from watch where expires_at > $1 and next_evaluation_at <= $1"
          + " order by next_evaluation_at limit $3 for update skip locked)"
          + " update watch w set next_evaluation_at = $2 from due where w.id = due.id"
          + " returning w.id, w.key_id, w.key_version, w.request_json, w.deliver_on,"
          + " w.last_pass, w.last_met, w.changes, w.created_at, w.paid_periods, w.failed_alone, w.verdict_block";

  /**
   * As {@link #CLAIM}, among the watches due by $4 with a condition whose {@code chainId} is $5 (a
   * number or a string of digits, leading zeros and spaces aside, or a chain's name) that no claim
   * took at head $6 or a later one of that chain ({@code head_blocks}); records $6 as theirs.
   */
  private static final String CLAIM_ON =
      "with due as (select id from watch where expires_at > $1 and next_evaluation_at <= $4"
          + " and coalesce((head_blocks ->> $5::text)::bigint, -1) < $6::bigint"
          + " and exists (select 1 from jsonb_array_elements(case when jsonb_typeof("
          + "request_json::jsonb -> 'conditions') = 'array' then request_json::jsonb ->"
          + " 'conditions' else '[]'::jsonb end) c where coalesce(nullif(ltrim(btrim(c ->>"
          + " 'chainId'), '0'), ''), '0') = $5)"
          + " order by next_evaluation_at limit $3 for update skip locked)"
          + " update watch w set next_evaluation_at = $2,"
          + " head_blocks = w.head_blocks || jsonb_build_object($5::text, $6::bigint)"
          + " from due where w.id = due.id"
          + " returning w.id, w.key_id, w.key_version, w.request_json, w.deliver_on,"
          + " w.last_pass, w.last_met, w.changes, w.created_at, w.paid_periods, w.failed_alone, w.verdict_block";

  /**
   * The blocks a timer run read watches at ($1 ids, $2 chains as {@link #CLAIM_ON} names them, $3
   * blocks), merged into {@code head_blocks} per watch, a recorded block never lowered.
   */
  private static final String READ_AT =
      "with r as (select u.id, jsonb_object_agg(u.chain, u.block) as blocks from unnest($1::text[],"
          + " $2::text[], $3::bigint[]) as u(id, chain, block) group by u.id)"
          + " update watch w set head_blocks = w.head_blocks || (select jsonb_object_agg(e.key,"
          + " greatest(coalesce((w.head_blocks ->> e.key)::bigint, -1), e.value::bigint))"
          + " from jsonb_each_text(r.blocks) e) from r where w.id = r.id";

  private static final String PAID =
      "update watch set paid_periods = greatest(paid_periods, $2) where id = $1";

  /**
   * Every unchanged watch of a run in one statement: ids, statuses, details and verdict blocks as
   * arrays (a block null when the evaluation read none; a kept block is never lowered, and stays
   * when none was read: {@code greatest} ignores nulls).
   */
  private static final String UNCHANGED =
      "update watch w set status = u.status, status_detail = u.detail, next_evaluation_at = $4,"
          + " failed_alone = 0, verdict_block = greatest(w.verdict_block, u.block)"
          + " from unnest($1::text[], $2::text[], $3::text[], $5::bigint[]) as u(id, status,"
          + " detail, block) where w.id = u.id";

  private static final String APART =
      "update watch set status = 'read_failed', status_detail = $3, next_evaluation_at = $4,"
          + " failed_alone = $2 where id = $1";

  private static final String CHANGED =
      "update watch set last_pass = $2, last_met = $3, last_attestation_id = $4, changes = $5,"
          + " status = 'active', status_detail = '', next_evaluation_at = $6, failed_alone = 0,"
          + " verdict_block = $7 where id = $1 and changes = $5 - 1";

  private static final String OUTBOX =
      "insert into watch_delivery (id, watch_id, seq, attestation_id, body, created_at,"
          + " next_attempt_at) values ($1, $2, $3, $4, $5, $6, $6)";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgWatchEvaluations(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<List<Due>> claim(Instant now, Duration lease, int limit) {
    return pool.preparedQuery(CLAIM)
        .execute(Tuple.of(utc(now), utc(now.plus(lease)), limit))
        .map(rows -> each(rows, PgWatchEvaluations::due));
  }

  @Override
  public Uni<List<Due>> claimOn(
      ChainId chain, long head, Instant now, Instant dueBy, Duration lease, int limit) {
    Tuple args =
        Tuple.of(utc(now), utc(now.plus(lease)), limit, utc(dueBy), chain.toString()).addLong(head);
    return pool.preparedQuery(CLAIM_ON)
        .execute(args)
        .map(rows -> each(rows, PgWatchEvaluations::due));
  }

  private static Due due(Row r) {
    return new Due(
        r.getString("id"),
        r.getLong("key_id"),
        r.getShort("key_version") == 1 ? KeyVersion.V1 : KeyVersion.V2,
        r.getString("request_json"),
        WatchCommand.DeliverOn.of(r.getString("deliver_on")),
        r.getBoolean("last_pass"),
        PgWatchStore.met(r.getString("last_met")),
        r.getInteger("changes"),
        r.getOffsetDateTime("created_at").toInstant(),
        r.getInteger("paid_periods"),
        r.getInteger("failed_alone"),
        r.getLong("verdict_block"));
  }

  @Override
  public Uni<Void> readAt(List<BlockRead> reads) {
    if (reads.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    // Column arrays like unchanged's by design: each statement unnests its own columns.
    String[] ids = new String[reads.size()];
    String[] chains = new String[ids.length];
    Long[] blocks = new Long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      BlockRead read = reads.get(i);
      ids[i] = read.id();
      chains[i] = read.chain().toString();
      blocks[i] = read.block();
    }
    return pool.preparedQuery(READ_AT).execute(Tuple.of(ids, chains, blocks)).replaceWithVoid();
  }

  @Override
  public Uni<Void> paid(String id, int periods) {
    return pool.preparedQuery(PAID).execute(Tuple.of(id, periods)).replaceWithVoid();
  }

  @Override
  public Uni<Void> unchanged(List<Unchanged> watches, Instant nextAt) {
    if (watches.isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    // Column arrays like readAt's by design: each statement unnests its own columns.
    String[] ids = new String[watches.size()];
    String[] statuses = new String[ids.length];
    String[] details = new String[ids.length];
    Long[] blocks = new Long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      Unchanged u = watches.get(i);
      ids[i] = u.id();
      statuses[i] = u.status().wireName();
      details[i] = u.detail();
      blocks[i] = u.verdictBlock();
    }
    return pool.preparedQuery(UNCHANGED)
        .execute(Tuple.of(ids, statuses, details, utc(nextAt), blocks))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> apart(String id, int failedAlone, String detail, Instant nextAt) {
    return pool.preparedQuery(APART)
        .execute(Tuple.of(id, failedAlone, detail, utc(nextAt)))
        .replaceWithVoid();
  }

  @Override
  public Uni<Void> changed(Change c) {
    Tuple watch =
        Tuple.wrap(
            new ArrayList<Object>(
                List.of(
                    c.watchId(),
                    c.pass(),
                    PgWatchStore.metText(c.met()),
                    c.attestationId(),
                    c.seq(),
                    utc(c.nextAt()))));
    watch.addLong(c.verdictBlock());
    Tuple delivery =
        Tuple.of(c.deliveryId(), c.watchId(), c.seq(), c.attestationId(), c.body(), utc(c.at()));
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(CHANGED)
                .execute(watch)
                .flatMap(
                    updated ->
                        updated.rowCount() == 1
                            ? connection.preparedQuery(OUTBOX).execute(delivery).replaceWithVoid()
                            : Uni.createFrom().voidItem()));
  }
}
