package org.walletstate.bench.tlog;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.postgresql.PGConnection;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.NodeColumns;
import org.walletstate.domain.tlog.Subtree;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeNode;
import org.walletstate.domain.tlog.TreeProofs;

/**
 * Builds a transparency log of {@code --entries} leaves (10 million by default) in an embedded
 * PostgreSQL with the service's schema (migrations V20_1 and V22_1) and the domain's incremental
 * append, in batches of {@code --batch} leaves as the batch job integrates them (nodes written with
 * COPY), then measures proof generation as the service does it: the nodes a proof needs (the
 * domain's {@code TreeProofs}) read with the adapter's query ({@code unnest} join on {@code
 * log_node}), and the proof's hashes computed from them. Prints percentiles over {@code --proofs}
 * random proofs of each kind. Not a test: nothing is asserted.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar org.walletstate.bench.tlog.LogTreeBench [--entries
 * N] [--batch N] [--proofs N]}, from the repository's root.
 */
public final class LogTreeBench {

  private static final String NODES =
      "select n.level, n.idx, n.hash from log_node n"
          + " join unnest(?::int[], ?::bigint[]) as w(level, idx)"
          + " on n.level = w.level and n.idx = w.idx";

  /** The adapter's append for one entry: its leaf index from the counter row, and the insert. */
  public static final String APPEND =
      "with taken as (update log_sequence set next_index = next_index + 1 where id = 1"
          + " returning next_index - 1 as first)"
          + " insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash, leaf_index)"
          + " select ?, ?, ?, ?, ?, taken.first from taken returning leaf_index";

  private LogTreeBench() {}

  public static void main(String[] args) throws Exception {
    long entries = 10_000_000L;
    int batch = 10_000;
    int proofs = 2_000;
    int appendsPerClient = 2_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--entries" -> entries = Long.parseLong(args[++i]);
        case "--batch" -> batch = Integer.parseInt(args[++i]);
        case "--proofs" -> proofs = Integer.parseInt(args[++i]);
        case "--appends" -> appendsPerClient = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    System.out.println("load before: " + loadAverage());
    Path migrations = Path.of("adapters-persistence/src/main/resources/db/migration");
    String schema =
        Files.readString(migrations.resolve("V20_1__transparency_log.sql"))
            + "\n"
            + Files.readString(migrations.resolve("V22_1__log_sequencing.sql"));
    try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
        Connection db = postgres.getPostgresDatabase().getConnection()) {
      try (Statement statement = db.createStatement()) {
        statement.execute(schema);
        ResultSet settings =
            statement.executeQuery(
                "select current_setting('fsync'), current_setting('synchronous_commit'),"
                    + " version()");
        settings.next();
        System.out.printf(
            "fsync %s, synchronous_commit %s, %s%n",
            settings.getString(1), settings.getString(2), settings.getString(3));
      }
      long started = System.nanoTime();
      build(db, entries, batch);
      double buildSeconds = (System.nanoTime() - started) / 1e9;
      try (Statement statement = db.createStatement()) {
        statement.execute("analyze log_node");
        ResultSet size =
            statement.executeQuery(
                "select count(*), pg_total_relation_size('log_node') from log_node");
        size.next();
        System.out.printf(
            "built %,d leaves in %.1f s (%,.0f leaves/s): %,d node rows, %,d MB with the index%n",
            entries,
            buildSeconds,
            entries / buildSeconds,
            size.getLong(1),
            size.getLong(2) / (1024 * 1024));
      }
      measure(db, entries, proofs);
      for (int clients : new int[] {1, 8}) {
        appends(postgres, clients, appendsPerClient);
      }
    }
    System.out.println("load after: " + loadAverage());
  }

  /** The batch job's work, batch by batch: the edge, the domain's append, the nodes by COPY. */
  private static void build(Connection db, long entries, int batch) throws Exception {
    db.setAutoCommit(false);
    Map<TreeNode, byte[]> edge = new HashMap<>();
    long size = 0;
    byte[] hash = new byte[32];
    while (size < entries) {
      int take = (int) Math.min(batch, entries - size);
      List<byte[]> leaves = new ArrayList<>(take);
      for (int i = 0; i < take; i++) {
        long n = size + i;
        for (int b = 0; b < 8; b++) {
          hash[b] = (byte) (n >>> (8 * b));
        }
        leaves.add(new LoggedStatement(null, "attestation", "service-attest-v2", hash).leafHash());
      }
      TreeAppend.Appended appended = TreeAppend.append(size, edge, leaves);
      copy(db, appended.nodes());
      db.commit();
      size = appended.size();
      Map<TreeNode, byte[]> known = new HashMap<>(edge);
      known.putAll(appended.nodes());
      edge.clear();
      for (TreeNode node : TreeAppend.edge(size)) {
        edge.put(node, known.get(node));
      }
      if (size % 1_000_000 < batch) {
        System.out.printf("  %,d leaves%n", size);
      }
    }
    db.setAutoCommit(true);
  }

  private static void copy(Connection db, Map<TreeNode, byte[]> nodes) throws Exception {
    ByteArrayOutputStream text = new ByteArrayOutputStream(nodes.size() * 80);
    HexFormat hex = HexFormat.of();
    for (Map.Entry<TreeNode, byte[]> node : nodes.entrySet()) {
      text.writeBytes(
          (node.getKey().level()
                  + "\t"
                  + node.getKey().index()
                  + "\t\\\\x"
                  + hex.formatHex(node.getValue())
                  + "\n")
              .getBytes(StandardCharsets.US_ASCII));
    }
    db.unwrap(PGConnection.class)
        .getCopyAPI()
        .copyIn(
            "copy log_node (level, idx, hash) from stdin",
            new ByteArrayInputStream(text.toByteArray()));
  }

  private static void measure(Connection db, long size, int proofs) throws Exception {
    Random random = new Random(36);
    long[] inclusion = new long[proofs];
    long[] consistency = new long[proofs];
    int hashes = 0;
    for (int round = -200; round < proofs; round++) {
      long leaf = Math.floorMod(random.nextLong(), size);
      long started = System.nanoTime();
      hashes += proof(db, TreeProofs.inclusion(leaf, size)).size();
      long middle = System.nanoTime();
      hashes += proof(db, TreeProofs.consistency(leaf + 1, size)).size();
      long ended = System.nanoTime();
      if (round >= 0) {
        inclusion[round] = middle - started;
        consistency[round] = ended - middle;
      }
    }
    report("inclusion proof", inclusion);
    report("consistency proof", consistency);
    System.out.println("(" + hashes + " proof hashes made)");
  }

  /**
   * The append as the adapter makes it: the sequencing statement (counter row and insert) committed
   * on its own, from {@code clients} connections at once, timed per insert.
   */
  private static void appends(EmbeddedPostgres postgres, int clients, int each) throws Exception {
    long[] nanos = new long[clients * each];
    List<Thread> threads = new ArrayList<>();
    java.util.concurrent.atomic.AtomicReference<Exception> failed =
        new java.util.concurrent.atomic.AtomicReference<>();
    for (int c = 0; c < clients; c++) {
      int client = c;
      threads.add(
          new Thread(
              () -> {
                try (Connection db = postgres.getPostgresDatabase().getConnection();
                    PreparedStatement insert = db.prepareStatement(APPEND)) {
                  byte[] hash = new byte[32];
                  for (int i = -200; i < each; i++) {
                    hash[0] = (byte) client;
                    hash[1] = (byte) i;
                    hash[2] = (byte) (i >> 8);
                    LoggedStatement statement =
                        new LoggedStatement(
                            "att_" + client + "_" + i, "attestation", "service-attest-v2", hash);
                    long started = System.nanoTime();
                    insert.setString(1, statement.id());
                    insert.setBytes(2, statement.statementHash());
                    insert.setString(3, statement.kind());
                    insert.setString(4, statement.kid());
                    insert.setBytes(5, statement.leafHash());
                    insert.executeQuery().close();
                    if (i >= 0) {
                      nanos[client * each + i] = System.nanoTime() - started;
                    }
                  }
                } catch (Exception e) {
                  failed.set(e);
                }
              }));
    }
    long started = System.nanoTime();
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    if (failed.get() != null) {
      throw failed.get();
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    report("append (sequencing statement, autocommit) at " + clients + " clients", nanos);
    System.out.printf("  %,.0f appends/s%n", (clients * (each + 200)) / seconds);
  }

  private static List<byte[]> proof(Connection db, List<Subtree> subtrees) throws Exception {
    Set<TreeNode> wanted = TreeProofs.nodesOf(subtrees);
    NodeColumns columns = NodeColumns.of(wanted);
    Map<TreeNode, byte[]> found = new HashMap<>();
    try (PreparedStatement query = db.prepareStatement(NODES)) {
      Array levelArray = db.createArrayOf("int4", columns.levels());
      Array indexArray = db.createArrayOf("int8", columns.indexes());
      query.setArray(1, levelArray);
      query.setArray(2, indexArray);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          found.put(new TreeNode(rows.getInt(1), rows.getLong(2)), rows.getBytes(3));
        }
      }
    }
    return TreeProofs.hashes(subtrees, found);
  }

  private static void report(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%s over %,d: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n",
        what,
        sorted.length,
        at(sorted, 0.50),
        at(sorted, 0.90),
        at(sorted, 0.99),
        sorted[sorted.length - 1] / 1e6);
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  private static double at(long[] sorted, double q) {
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] / 1e6;
  }
}
