package org.walletstate.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.walletstate.domain.attest.ReadPlan;

/**
 * The least any correct implementation of one attestation must do, in this JVM: the same chain
 * reads (a head read, then one JSON-RPC batch of every read pinned to it, per chain: {@link
 * BaselineReads}), an ES256 signature and an ML-DSA-65 signature (hedged) over preimages of the
 * service's sizes with the raw BouncyCastle calls (for ES256 the fastest raw call measured here,
 * the fixed-point comb; the JDK's SunEC is about six times slower), and one ledger insert in
 * PostgreSQL (autocommit, one statement). No HTTP server, authentication, evaluation or JSON
 * response.
 */
final class FloorWork implements LoadRun.Operation, AutoCloseable {

  private static final String INSERT =
      "insert into credit_entry"
          + " (api_key_id, kind, amount, reason, request_id, idempotency_key, created_at)"
          + " values (?, 'debit', -1, 'floor', ?, ?, ?)";

  private final BaselineReads reads;
  private final long keyId;
  private final String jdbcUrl;
  private final byte[] preimage;
  private final byte[] companion;
  private final RawSignatures signatures;
  private final ThreadLocal<Connection> connections;
  private final List<Connection> opened = new ArrayList<>();

  FloorWork(
      ReadPlan plan,
      Map<Long, URI> rpcUrls,
      HttpClient http,
      String jdbcUrl,
      long keyId,
      int preimageBytes,
      int companionBytes)
      throws Exception {
    this.reads = new BaselineReads(plan, rpcUrls, http);
    this.jdbcUrl = jdbcUrl;
    this.keyId = keyId;
    this.signatures = new RawSignatures();
    this.preimage = signatures.randomBytes(preimageBytes);
    this.companion = signatures.randomBytes(companionBytes);
    this.connections = ThreadLocal.withInitial(this::connect);
  }

  private synchronized Connection connect() {
    try {
      Connection connection = DriverManager.getConnection(jdbcUrl, "postgres", "");
      connection.setAutoCommit(true);
      opened.add(connection);
      return connection;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to " + jdbcUrl, e);
    }
  }

  @Override
  public void run() throws Exception {
    reads.observe();
    signatures.sign(preimage, companion);
    String id = UUID.randomUUID().toString();
    try (PreparedStatement insert = connections.get().prepareStatement(INSERT)) {
      insert.setLong(1, keyId);
      insert.setString(2, id);
      insert.setString(3, id);
      insert.setTimestamp(4, Timestamp.from(Instant.now()));
      if (insert.executeUpdate() != 1) {
        throw new IllegalStateException("the ledger insert wrote no row");
      }
    }
  }

  @Override
  public synchronized void close() {
    for (Connection connection : opened) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // closing at the end of a run
      }
    }
  }
}
