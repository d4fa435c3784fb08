package org.walletstate.bench.load;

import java.net.URI;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.walletstate.devnet.Devnet;

/**
 * The benchmark's watches, written directly into the service's {@code watch} table (as the service
 * writes one it created, with a verdict of false: the watched wallets are fresh and hold nothing),
 * one key's, spread evenly over {@link WatchBench#CHAINS}.
 */
final class WatchRows {

  /** One watch: its id, wallet and chain, and whether a round has flipped it. */
  static final class Row {
    final String id;
    final String wallet;
    final long chain;
    boolean flipped;

    Row(String id, String wallet, long chain) {
      this.id = id;
      this.wallet = wallet;
      this.chain = chain;
    }
  }

  private final String jdbc;
  private final List<Row> rows;
  private final Instant writtenAt;
  private final long insertMillis;

  private WatchRows(String jdbc, List<Row> rows, Instant writtenAt, long insertMillis) {
    this.jdbc = jdbc;
    this.rows = rows;
    this.writtenAt = writtenAt;
    this.insertMillis = insertMillis;
  }

  static WatchRows insert(String jdbc, Devnet devnet, int count, URI receiver) throws SQLException {
    SecureRandom random = new SecureRandom();
    List<Row> rows = new ArrayList<>();
    long started = System.nanoTime();
    try (Connection db = DriverManager.getConnection(jdbc, "postgres", "")) {
      long key;
      try (ResultSet r = db.createStatement().executeQuery("select max(id) from api_key")) {
        r.next();
        key = r.getLong(1);
      }
      db.setAutoCommit(false);
      Timestamp now = Timestamp.from(Instant.now());
      Timestamp expires = Timestamp.from(Instant.now().plus(Duration.ofDays(7)));
      try (PreparedStatement insert =
          db.prepareStatement(
              "insert into watch (id, key_id, request_json, key_version, webhook_url,"
                  + " webhook_secret, deliver_on, created_at, expires_at, last_pass, last_met,"
                  + " last_attestation_id, next_evaluation_at)"
                  + " values (?, ?, ?, 2, ?, ?, 'pass', ?, ?, false, '0', 'ATST-bench', ?)")) {
        for (int i = 0; i < count; i++) {
          long chain = WatchBench.CHAINS.get(i % WatchBench.CHAINS.size());
          byte[] bytes = new byte[20];
          random.nextBytes(bytes);
          String wallet = "0x" + HexFormat.of().formatHex(bytes);
          byte[] id = new byte[12];
          random.nextBytes(id);
          byte[] secret = new byte[24];
          random.nextBytes(secret);
          Row row = new Row("wch_" + HexFormat.of().formatHex(id), wallet, chain);
          rows.add(row);
          insert.setString(1, row.id);
          insert.setLong(2, key);
          insert.setString(3, body(wallet, chain, token(devnet, chain)));
          insert.setString(4, WatchBench.url(receiver, chain, wallet).toString());
          insert.setString(5, "whsec_" + Base64.getEncoder().encodeToString(secret));
          insert.setTimestamp(6, now);
          insert.setTimestamp(7, expires);
          insert.setTimestamp(8, now);
          insert.addBatch();
        }
        insert.executeBatch();
      }
      db.commit();
    }
    return new WatchRows(jdbc, rows, Instant.now(), (System.nanoTime() - started) / 1_000_000);
  }

  static String token(Devnet devnet, long chain) {
    return devnet.manifest().chain(chain).address("token6");
  }

  /** The attest body of a watch: 1 raw unit (0.000001) of the chain's 6-decimal token. */
  static String body(String wallet, long chain, String token) {
    return "{\"wallet\":\""
        + wallet
        + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":"
        + chain
        + ",\"contractAddress\":\""
        + token
        + "\",\"threshold\":\"0.000001\"}]}";
  }

  List<Row> rows() {
    return rows;
  }

  long insertMillis() {
    return insertMillis;
  }

  /** Waits until every watch was claimed by an evaluation at least once, then two blocks more. */
  void awaitEvaluated(Duration within) throws Exception {
    Instant deadline = Instant.now().plus(within);
    long waiting;
    while ((waiting =
            count("next_evaluation_at <= '" + Timestamp.from(writtenAt) + "'::timestamptz"))
        > 0) {
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException(waiting + " watches were never evaluated");
      }
      Thread.sleep(200);
    }
    Thread.sleep(4_000);
    System.out.printf(
        "every watch evaluated once; read_failed: %d%n", count("status = 'read_failed'"));
  }

  long count(String where) throws SQLException {
    try (Connection db = DriverManager.getConnection(jdbc, "postgres", "");
        ResultSet r =
            db.createStatement().executeQuery("select count(*) from watch where " + where)) {
      r.next();
      return r.getLong(1);
    }
  }
}
