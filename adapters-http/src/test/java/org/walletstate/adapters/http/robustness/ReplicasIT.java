package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.Conditions;
import org.walletstate.adapters.http.testbed.X402Calls;
import org.walletstate.adapters.persistence.embedded.EmbeddedDatabase;
import org.walletstate.application.port.out.RateLimits;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.account.ApiKey;

/**
 * Two replicas of the packaged service ({@code target/quarkus-app}, production profile) on one
 * PostgreSQL database and the devnet, driven at once, requests alternating between them. What one
 * replica does the other must see: a key's credits are spent once (balance equals the ledger sum,
 * one debit per signed answer), its daily limit is never passed in total, an email address gets one
 * key, a client's rate limit is counted once across both, an Idempotency-Key sent to both at once
 * is executed and charged once; paid calls settle under nonces the replicas allocate from the one
 * database, and a due mint is sent by one of them.
 *
 * <p>Runs at {@code verify} (failsafe), after the application is packaged, on the database {@code
 * DB_URL} names, else on an embedded one started for it.
 */
class ReplicasIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DAY = Duration.ofDays(1);
  private static final int RATE_LIMIT = 7;

  private static final List<Process> replicas = new ArrayList<>();
  private static final List<URI> bases = new ArrayList<>();
  private static final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  static final String PAY_TO = X402Calls.newEvmAddress();
  private static EmbeddedDatabase embedded;
  private static String jdbcUrl;
  private static String dbUser;
  private static String dbPassword;

  @BeforeAll
  static void startTwoReplicas() throws Exception {
    String dbUrl = System.getenv("DB_URL");
    if (dbUrl == null || dbUrl.isBlank()) {
      embedded = EmbeddedDatabase.ephemeral();
      dbUrl = embedded.url();
    }
    jdbcUrl = "jdbc:" + dbUrl;
    dbUser = System.getenv().getOrDefault("DB_USER", "postgres");
    dbPassword = System.getenv().getOrDefault("DB_PASSWORD", "");
    emptyDatabase();
    Path app = Path.of("target", "quarkus-app", "quarkus-run.jar");
    assertThat(app).as("the packaged application").exists();
    Path keys = Path.of("target", "test-signing-keys");
    assertThat(keys).as("signing keys written by the tests").isDirectory();
    Devnet devnet = Devnet.shared();

    String java = ProcessHandle.current().info().command().orElse("java");
    for (int r = 0; r < 2; r++) {
      int port = freePort();
      List<String> command = new ArrayList<>(List.of(java, "-Xmx384m"));
      Map<String, String> props = new HashMap<>();
      props.put("quarkus.http.port", Integer.toString(port));
      props.put("quarkus.management.port", Integer.toString(freePort()));
      props.put("quarkus.management.host", "127.0.0.1");
      props.put("quarkus.http.host", "127.0.0.1");
      props.put("walletstate.rate-limits.enabled", "true");
      props.put("walletstate.rate-limits.templates.requests", Integer.toString(RATE_LIMIT));
      props.put("walletstate.rate-limits.templates.window", "P1D");
      props.put("walletstate.http.trusted-proxies", "127.0.0.1/32");
      props.putAll(ReplicaSettlements.properties(devnet, PAY_TO));
      devnet
          .rpcUrls()
          .forEach(
              (chain, url) ->
                  props.put("walletstate.chains.evm.\"" + chain + "\".endpoints", url.toString()));
      props.forEach((k, v) -> command.add("-D" + k + "=" + v));
      command.addAll(List.of("-jar", app.toString()));
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(Path.of("target", "replica-" + r + ".log").toFile());
      builder.environment().put("DB_URL", dbUrl);
      builder.environment().put("DB_USER", dbUser);
      builder.environment().put("DB_PASSWORD", dbPassword);
      builder
          .environment()
          .put("SIGNING_P256_JWK", Files.readString(keys.resolve("p256.private.jwk.json")));
      builder
          .environment()
          .put(
              "SIGNING_ML_DSA_65_JWK",
              Files.readString(keys.resolve("ml-dsa-65.private.jwk.json")));
      builder.environment().put("PUBLIC_BASE_URL", "http://127.0.0.1:" + port);
      replicas.add(builder.start());
      bases.add(URI.create("http://127.0.0.1:" + port));
    }
    for (int r = 0; r < 2; r++) {
      awaitReady(r);
    }
  }

  @AfterAll
  static void stopReplicas() throws InterruptedException {
    for (Process p : replicas) {
      p.destroy();
    }
    for (Process p : replicas) {
      if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    if (embedded != null) {
      embedded.close();
    }
  }

  private static void awaitReady(int replica) throws Exception {
    Instant until = Instant.now().plus(Duration.ofMinutes(3));
    while (Instant.now().isBefore(until)) {
      assertThat(replicas.get(replica).isAlive())
          .as("replica %d is running (see target/replica-%d.log)", replica, replica)
          .isTrue();
      try {
        HttpResponse<String> ready =
            http.send(
                HttpRequest.newBuilder(bases.get(replica).resolve("/q/health/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (ready.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new AssertionError("replica " + replica + " was not ready within 3 minutes");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Sends {@code count} requests, request i to replica i % 2, eight at a time; their statuses. */
  private static List<Integer> acrossReplicas(int count, IntFunction<HttpRequest.Builder> request)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int n = i;
        Callable<Integer> call =
            () ->
                http.send(
                        request.apply(n).timeout(Duration.ofSeconds(60)).build(),
                        HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        answers.add(pool.submit(call));
      }
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> f : answers) {
        statuses.add(f.get());
      }
      return statuses;
    } finally {
      pool.shutdownNow();
    }
  }

  static URI on(int request, String path) {
    return bases.get(request % 2).resolve(path);
  }

  private static long count(List<Integer> statuses, int status) {
    return statuses.stream().filter(s -> s == status).count();
  }

  @Test
  void creditsAndTheDailyLimit_areSpentOnceAcrossBothReplicas() throws Exception {
    int credits = 30;
    int dailyLimit = 50;
    int requests = 80;
    Key key = insertKey(credits, dailyLimit);
    DevnetManifest m = Devnet.shared().manifest();
    byte[] body =
        JSON.writeValueAsBytes(
            Conditions.body(
                m.wallet("holder").address(),
                Conditions.tokenBalance(8453, m.chain(8453).address("usdc"), "1")));

    List<Integer> statuses =
        acrossReplicas(
            requests,
            i ->
                HttpRequest.newBuilder(on(i, "/v1/attest"))
                    .header("Content-Type", "application/json")
                    .header("X-API-Key", key.secret())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)));

    assertThat(count(statuses, 429)).as("past the daily limit: " + statuses).isEqualTo(30);
    assertThat(count(statuses, 200) + count(statuses, 402) + count(statuses, 503))
        .as("answered within the daily limit: " + statuses)
        .isEqualTo(dailyLimit);
    assertThat(count(statuses, 200))
        .as("signed: the credits, less any rpc_failure")
        .isEqualTo(Math.min(credits, dailyLimit - count(statuses, 503)));
    try (Connection db = database()) {
      long balance = single(db, "select credits from api_key where id = ?", key.id());
      long ledger =
          single(
              db,
              "select coalesce(sum(amount), 0) from credit_entry where api_key_id = ?",
              key.id());
      long debits =
          single(
              db,
              "select count(*) from credit_entry where api_key_id = ? and kind = 'debit'",
              key.id());
      long used =
          single(
              db,
              "select coalesce(max(used), 0) from key_daily_usage where api_key_id = ?",
              key.id());
      assertThat(balance).as("balance equals the ledger sum").isEqualTo(ledger);
      assertThat(balance).isEqualTo(credits - count(statuses, 200)).isNotNegative();
      assertThat(debits).as("one debit per signed answer").isEqualTo(count(statuses, 200));
      assertThat(used).as("the daily count, never past the limit").isEqualTo(dailyLimit);
    }
  }

  @Test
  void oneIdempotencyKey_sentToBothReplicasAtOnce_isExecutedAndChargedOnce() throws Exception {
    Key key = insertKey(20, 1_000);
    DevnetManifest m = Devnet.shared().manifest();
    byte[] body =
        JSON.writeValueAsBytes(
            Conditions.body(
                m.wallet("holder").address(),
                Conditions.tokenBalance(8453, m.chain(8453).address("usdc"), "1")));
    String idem = java.util.UUID.randomUUID().toString();
    IntFunction<HttpRequest> request =
        i ->
            HttpRequest.newBuilder(on(i, "/v1/attest"))
                .header("Content-Type", "application/json")
                .header("X-API-Key", key.secret())
                .header("Idempotency-Key", idem)
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();

    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<HttpResponse<byte[]>> answers = new ArrayList<>();
    try {
      List<Future<HttpResponse<byte[]>>> sent = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        int n = i;
        sent.add(
            pool.submit(
                () -> http.send(request.apply(n), HttpResponse.BodyHandlers.ofByteArray())));
      }
      for (Future<HttpResponse<byte[]>> f : sent) {
        answers.add(f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    HttpResponse<byte[]> executed = null;
    for (HttpResponse<byte[]> a : answers) {
      assertThat(a.statusCode()).as(new String(a.body())).isIn(200, 409);
      if (a.statusCode() == 200 && a.headers().firstValue("Idempotent-Replayed").isEmpty()) {
        assertThat(executed).as("executed once").isNull();
        executed = a;
      }
    }
    assertThat(executed).as("one of them executed").isNotNull();
    for (int r = 0; r < 2; r++) {
      HttpResponse<byte[]> again =
          http.send(request.apply(r), HttpResponse.BodyHandlers.ofByteArray());
      assertThat(again.statusCode()).isEqualTo(200);
      assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
      assertThat(again.body()).isEqualTo(executed.body());
    }
    try (Connection db = database()) {
      assertThat(
              single(
                  db,
                  "select count(*) from credit_entry where api_key_id = ? and kind = 'debit'",
                  key.id()))
          .as("one debit on either replica")
          .isEqualTo(1);
    }
  }

  @Test
  void oneEmail_getsOneKey_whicheverReplicaIsAsked() throws Exception {
    String email = "replicas-" + Long.toHexString(new SecureRandom().nextLong()) + "@example.org";
    byte[] body =
        JSON.writeValueAsBytes(Map.of("email", email, "appName", "replicas", "tier", "free"));
    List<Integer> statuses =
        acrossReplicas(
            20,
            i ->
                HttpRequest.newBuilder(on(i, "/v1/keys/create"))
                    .header("Content-Type", "application/json")
                    .header("X-Forwarded-For", "198.19.0." + (1 + i))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)));

    assertThat(count(statuses, 200)).as(statuses.toString()).isEqualTo(1);
    assertThat(count(statuses, 409)).as(statuses.toString()).isEqualTo(19);
    try (Connection db = database();
        PreparedStatement q =
            db.prepareStatement("select count(*) from api_key where lower(email) = lower(?)")) {
      q.setString(1, email);
      try (ResultSet rows = q.executeQuery()) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void aClientsRateLimit_isCountedOnceAcrossBothReplicas() throws Exception {
    String client = "198.18.7." + (1 + new SecureRandom().nextInt(254));
    for (int tries = 0; ; tries++) {
      long window = RateLimits.windowStart(DAY, Instant.now());
      List<Integer> statuses =
          acrossReplicas(
              30,
              i ->
                  HttpRequest.newBuilder(on(i, "/v1/compliance/templates"))
                      .header("X-Forwarded-For", client)
                      .GET());
      if (window != RateLimits.windowStart(DAY, Instant.now()) && tries == 0) {
        continue; // the day turned mid-way and reset the count: once more
      }
      assertThat(count(statuses, 200)).as(statuses.toString()).isEqualTo(RATE_LIMIT);
      assertThat(count(statuses, 429)).as(statuses.toString()).isEqualTo(30 - RATE_LIMIT);
      return;
    }
  }

  @Test
  void fiftyPaidCallsFromDifferentPayers_settleOnceEach_underNoncesNeverReused() throws Exception {
    ReplicaSettlements.fiftyPaidCalls(http);
  }

  @Test
  void aMintDueOnBothReplicas_isSentOnce() throws Exception {
    ReplicaSettlements.aMintDueOnBoth();
  }

  record Key(String secret, long id) {}

  /**
   * Empties the test database, as the test profile's Flyway clean does for the in-process tests
   * (the replicas run the production profile, which never cleans). What earlier test runs left
   * there belongs to devnets that are gone: a pending pass mint would be sent by these replicas'
   * minter, and a sender's next nonce from another chain would open a gap on this one.
   */
  private static void emptyDatabase() throws SQLException {
    try (Connection db = database();
        Statement sql = db.createStatement()) {
      sql.execute("drop schema if exists public cascade");
      sql.execute("create schema public");
    }
  }

  static Connection database() throws SQLException {
    return DriverManager.getConnection(jdbcUrl, dbUser, dbPassword);
  }

  private static long single(Connection db, String sql, long id) throws SQLException {
    try (PreparedStatement q = db.prepareStatement(sql)) {
      q.setLong(1, id);
      try (ResultSet rows = q.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  static Key insertKey(long credits, int dailyLimit) throws SQLException {
    byte[] random = new byte[20];
    new SecureRandom().nextBytes(random);
    ApiKey key = ApiKey.fromRandom(random);
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    try (Connection db = database()) {
      db.setAutoCommit(false);
      long id;
      try (PreparedStatement insert =
          db.prepareStatement(
              "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                  + " created_at) values (?, 'replicas test', 'pro', 2, ?, ?, ?) returning id")) {
        insert.setString(1, key.hash().hex());
        insert.setInt(2, dailyLimit);
        insert.setLong(3, credits);
        insert.setObject(4, now);
        try (ResultSet rows = insert.executeQuery()) {
          rows.next();
          id = rows.getLong(1);
        }
      }
      try (PreparedStatement grant =
          db.prepareStatement(
              "insert into credit_entry (api_key_id, kind, amount, reason, created_at)"
                  + " values (?, 'grant', ?, 'test grant', ?)")) {
        grant.setLong(1, id);
        grant.setLong(2, credits);
        grant.setObject(3, now);
        grant.executeUpdate();
      }
      db.commit();
      return new Key(key.reveal(), id);
    }
  }
}
