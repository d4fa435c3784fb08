package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.VerificationReport;

/**
 * Concurrency soak: many clients at once mixing attest calls and balance reads on four keys — two
 * with ample credits, one that runs out, one that reaches its daily limit. Afterwards the books of
 * every key must explain every answer: one debit per signed attestation and no other, balances
 * equal to their ledgers and never negative, 402 only once the credits were gone, 429 only past the
 * limit.
 *
 * <p>Size: {@code -Drobustness.soak.clients=N} (default 200) × {@code -Drobustness.soak.requests=M}
 * per client (CI default 3; {@code -Drobustness.full=true} 25), after {@code
 * -Drobustness.soak.warmup=W} unmeasured calls on a key of their own (200; full 400). Mix: {@code
 * -Drobustness.soak.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestSoakTest {

  private static final long DEFAULT_SEED = 7_919L;
  private static final Pattern SHORT_OF =
      Pattern.compile("Insufficient credits: (\\d+) available, (\\d+) required\\.");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  private enum Role {
    AMPLE_A,
    AMPLE_B,
    RUNS_OUT,
    LIMITED
  }

  private record Account(Role role, TestKeys.TestKey key, long credits, int dailyLimit) {}

  /** One answer as a client saw it. */
  private record Call(
      int client,
      int sequence,
      Role role,
      boolean attest,
      int status,
      long nanos,
      JsonNode body,
      String retryAfter,
      String remaining,
      String failure) {}

  @Test
  void concurrentClients_neverLoseOrDuplicateADebit_andHonourCreditsAndLimits() throws Exception {
    int clients = CampaignSettings.size("soak.clients", 200, 200);
    int perClient = CampaignSettings.size("soak.requests", 3, 25);
    long seed = CampaignSettings.seed("soak.seed", DEFAULT_SEED);
    int total = clients * perClient;

    Map<Role, Account> accounts = new LinkedHashMap<>();
    accounts.put(Role.AMPLE_A, account(Role.AMPLE_A, 1_000_000, 1_000_000));
    accounts.put(Role.AMPLE_B, account(Role.AMPLE_B, 1_000_000, 1_000_000));
    accounts.put(Role.RUNS_OUT, account(Role.RUNS_OUT, Math.max(10, total / 40), 1_000_000));
    accounts.put(Role.LIMITED, account(Role.LIMITED, 1_000_000, Math.max(10, total / 25)));
    List<String> bodies = bodies(Devnet.shared().manifest());

    warmUp(CampaignSettings.size("soak.warmup", 200, 400), bodies);

    LocalDate dayBefore = LocalDate.now(ZoneOffset.UTC);
    long started = System.nanoTime();
    List<Call> calls = run(clients, perClient, seed, accounts, bodies);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    boolean sameDay = dayBefore.equals(LocalDate.now(ZoneOffset.UTC));

    String summary = summary(clients, perClient, seed, took, calls, accounts);
    System.out.println(summary);
    write(summary);

    assertThat(calls).as("answers").hasSize(total);
    assertThat(calls).filteredOn(c -> c.status() == 0).as("requests without an answer").isEmpty();
    assertThat(calls).filteredOn(c -> c.status() == 500).as("server errors").isEmpty();

    Map<String, Role> attestedBy = new HashMap<>();
    for (Account account : accounts.values()) {
      Role role = account.role();
      List<Call> mine = calls.stream().filter(c -> c.role() == role).toList();
      List<Call> attests = mine.stream().filter(Call::attest).toList();
      List<String> signedIds =
          attests.stream()
              .filter(c -> c.status() == 200)
              .map(c -> c.body().path("data").path("attestation").path("id").asText())
              .toList();
      signedIds.forEach(id -> attestedBy.put(id, role));
      Ledger.Books books = Ledger.of(pool, account.key().id());

      assertThat(allowedStatuses(mine, role)).as("%s: only documented answers", role).isTrue();
      assertThat(books.balance())
          .as("%s: balance equals the ledger", role)
          .isEqualTo(books.entrySum());
      assertThat(books.balance()).as("%s: never negative", role).isGreaterThanOrEqualTo(0);
      assertThat(books.debits())
          .as("%s: one debit per signed answer", role)
          .isEqualTo(signedIds.size());
      assertThat(books.debitRequestIds())
          .as("%s: the debits are exactly the attestations returned, each once", role)
          .doesNotHaveDuplicates()
          .containsExactlyInAnyOrderElementsOf(signedIds);
      assertThat(books.balance())
          .as("%s: balance is what was granted less what was signed", role)
          .isEqualTo(account.credits() - signedIds.size());
      assertThat(books.refunds()).isZero();
      assertThat(nonIncreasingBalances(mine))
          .as("%s: each client saw its balance only fall", role)
          .isTrue();

      List<Call> shortOf = attests.stream().filter(c -> c.status() == 402).toList();
      List<Call> limited = mine.stream().filter(c -> c.status() == 429).toList();
      if (role != Role.RUNS_OUT) {
        assertThat(shortOf).as("%s: no 402 on a funded key", role).isEmpty();
      } else {
        assertThat(shortOf).as("the small key ran out").isNotEmpty();
        assertThat(books.balance()).as("402 only once the credits were gone").isZero();
        for (Call c : shortOf) {
          Matcher m = SHORT_OF.matcher(c.body().path("error").path("message").asText());
          assertThat(m.find()).as("402 message %s", c.body()).isTrue();
          assertThat(Long.parseLong(m.group(1)))
              .as("available at refusal")
              .isLessThan(Long.parseLong(m.group(2)));
        }
      }
      if (role != Role.LIMITED) {
        assertThat(limited).as("%s: no 429 below the limit", role).isEmpty();
      } else {
        assertThat(limited).as("the limited key reached its limit").isNotEmpty();
        assertThat(limited)
            .allSatisfy(
                c -> {
                  assertThat(c.retryAfter()).as("Retry-After").isNotNull();
                  assertThat(c.remaining()).isEqualTo("0");
                  assertThat(c.body().path("error").path("code").asInt()).isEqualTo(429);
                });
        if (sameDay) {
          assertThat(mine.size() - limited.size())
              .as("429 only past the limit: exactly the limit's worth of calls went through")
              .isEqualTo(account.dailyLimit());
          assertThat(books.usedToday()).isEqualTo(account.dailyLimit());
        }
      }
    }

    assertThat(attestedBy).as("attestations were signed on the funded keys").isNotEmpty();
    verifySignatures(calls, perClient > 3 ? 300 : Integer.MAX_VALUE, seed);
  }

  /**
   * Attest calls on a key of their own before the measured run, so that its latencies are not those
   * of a freshly started JVM compiling its hot paths.
   */
  private void warmUp(int requests, List<String> bodies) throws Exception {
    if (requests <= 0) {
      return;
    }
    TestKeys.TestKey key = TestKeys.create(pool, requests, requests * 2, KeyVersion.V2);
    Map<Role, Account> warm = new LinkedHashMap<>();
    for (Role role : Role.values()) {
      warm.put(role, new Account(role, key, requests, requests * 2));
    }
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ExecutorService threads = Executors.newFixedThreadPool(20);
    try {
      List<Future<Call>> calls = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        int n = i;
        calls.add(threads.submit(() -> call(http, n, 0, new Random(n), warm, bodies)));
      }
      for (Future<Call> call : calls) {
        call.get();
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private Account account(Role role, long credits, int dailyLimit) {
    return new Account(
        role, TestKeys.create(pool, credits, dailyLimit, KeyVersion.V2), credits, dailyLimit);
  }

  private static List<String> bodies(DevnetManifest manifest) {
    String holder = manifest.wallet("holder").address();
    String usdc = manifest.chain(8453).address("usdc");
    String nft = manifest.chain(8453).address("nft");
    String wallet = "{\"wallet\":\"" + holder + "\",\"conditions\":[";
    return List.of(
        wallet
            + "{\"type\":\"token_balance\",\"chainId\":8453,\"contractAddress\":\""
            + usdc
            + "\",\"threshold\":\"1\"}]}",
        wallet
            + "{\"type\":\"nft_ownership\",\"chainId\":8453,\"contractAddress\":\""
            + nft
            + "\"},"
            + "{\"type\":\"account_code\",\"chainId\":8453,\"expect\":\"none\"}]}",
        wallet
            + "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\"native\",\"threshold\":\"0.5\"}]}");
  }

  private List<Call> run(
      int clients, int perClient, long seed, Map<Role, Account> accounts, List<String> bodies)
      throws Exception {
    ExecutorService io = Executors.newFixedThreadPool(8);
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .executor(io)
            .build();
    ExecutorService clientThreads = Executors.newFixedThreadPool(clients);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<Call>>> running = new ArrayList<>();
    try {
      for (int client = 0; client < clients; client++) {
        int id = client;
        running.add(
            clientThreads.submit(
                () -> {
                  Random random = new Random(AttestFuzzCases.caseSeed(seed, id));
                  List<Call> mine = new ArrayList<>();
                  start.await();
                  for (int i = 0; i < perClient; i++) {
                    mine.add(call(http, id, i, random, accounts, bodies));
                  }
                  return mine;
                }));
      }
      start.countDown();
      List<Call> all = new ArrayList<>();
      for (Future<List<Call>> f : running) {
        all.addAll(f.get());
      }
      return all;
    } finally {
      clientThreads.shutdownNow();
      io.shutdownNow();
    }
  }

  private Call call(
      HttpClient http,
      int client,
      int sequence,
      Random random,
      Map<Role, Account> accounts,
      List<String> bodies) {
    int roll = random.nextInt(100);
    Role role;
    boolean attest = roll < 85;
    if (roll < 35) {
      role = Role.AMPLE_A;
    } else if (roll < 60) {
      role = Role.AMPLE_B;
    } else if (roll < 75) {
      role = Role.RUNS_OUT;
    } else if (roll < 85) {
      role = Role.LIMITED;
    } else {
      role = Role.values()[random.nextInt(Role.values().length)];
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder()
            .timeout(Duration.ofSeconds(120))
            .header("X-API-Key", accounts.get(role).key().secret());
    if (attest) {
      request
          .uri(root.resolve("/v1/attest"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(bodies.get(random.nextInt(bodies.size()))));
    } else {
      request.uri(root.resolve("/v1/credits")).GET();
    }
    long t0 = System.nanoTime();
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      long nanos = System.nanoTime() - t0;
      JsonNode body;
      try {
        body = JSON.readTree(response.body());
      } catch (IOException e) {
        body = JSON.createObjectNode().put("unparsed", response.body());
      }
      return new Call(
          client,
          sequence,
          role,
          attest,
          response.statusCode(),
          nanos,
          body,
          response.headers().firstValue("Retry-After").orElse(null),
          response.headers().firstValue("X-RateLimit-Remaining").orElse(null),
          null);
    } catch (IOException e) {
      return new Call(
          client,
          sequence,
          role,
          attest,
          0,
          System.nanoTime() - t0,
          null,
          null,
          null,
          e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Call(client, sequence, role, attest, 0, 0, null, null, null, "interrupted");
    }
  }

  /**
   * Attest: 200, 503 rpc_failure, 402 on the small key, 429 on the limited one; reads: 200, 429.
   */
  private static boolean allowedStatuses(List<Call> calls, Role role) {
    for (Call c : calls) {
      Set<Integer> allowed = new HashSet<>(c.attest() ? Set.of(200, 503) : Set.of(200));
      if (role == Role.RUNS_OUT && c.attest()) {
        allowed.add(402);
      }
      if (role == Role.LIMITED) {
        allowed.add(429);
      }
      if (!allowed.contains(c.status())) {
        System.out.println("undocumented answer for " + role + ": " + c.status() + " " + c.body());
        return false;
      }
      if (c.status() != 200) {
        List<String> problems = new ArrayList<>();
        Answer answer =
            new Answer(
                c.status(),
                Map.of(
                    "content-type",
                    List.of("application/json"),
                    "retry-after",
                    c.retryAfter() == null ? List.of() : List.of(c.retryAfter())),
                c.body().toString().getBytes(StandardCharsets.UTF_8),
                null);
        if (c.status() == 503) {
          DocumentedShapes.rpcFailure(answer, problems);
        } else {
          DocumentedShapes.envelope(answer, null, problems);
        }
        if (!problems.isEmpty()) {
          System.out.println("answer not in its documented shape: " + problems + " " + c.body());
          return false;
        }
      }
    }
    return true;
  }

  /** Per client, the balances it was shown (credits read, credits remaining) never go up. */
  private static boolean nonIncreasingBalances(List<Call> calls) {
    Map<Integer, List<Call>> byClient = calls.stream().collect(Collectors.groupingBy(Call::client));
    for (List<Call> mine : byClient.values()) {
      long last = Long.MAX_VALUE;
      for (Call c :
          mine.stream().sorted((a, b) -> Integer.compare(a.sequence(), b.sequence())).toList()) {
        if (c.status() != 200) {
          continue;
        }
        long seen =
            c.attest()
                ? c.body().path("meta").path("creditsRemaining").asLong()
                : c.body().path("data").path("credits").asLong();
        if (seen > last) {
          System.out.println(
              "client " + c.client() + " saw its balance rise from " + last + " to " + seen);
          return false;
        }
        last = seen;
      }
    }
    return true;
  }

  private void verifySignatures(List<Call> calls, int sample, long seed) {
    List<Call> signed =
        new ArrayList<>(calls.stream().filter(c -> c.attest() && c.status() == 200).toList());
    Collections.shuffle(signed, new Random(seed));
    AttestationVerifier verifier = Verifier.fromServedKeys();
    for (Call c : signed.subList(0, Math.min(sample, signed.size()))) {
      VerificationReport report = verifier.report(c.body().toString());
      assertThat(report.valid()).as(report.toString()).isTrue();
    }
  }

  private static String summary(
      int clients,
      int perClient,
      long seed,
      Duration took,
      List<Call> calls,
      Map<Role, Account> accounts) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "attest soak: %d clients x %d requests = %d, seed %d, %.1f s (%.0f requests/s)%n",
            clients,
            perClient,
            calls.size(),
            seed,
            took.toMillis() / 1000.0,
            calls.size() / (took.toMillis() / 1000.0)));
    for (Account a : accounts.values()) {
      Map<String, Integer> tally = new TreeMap<>();
      calls.stream()
          .filter(c -> c.role() == a.role())
          .forEach(
              c ->
                  tally.merge((c.attest() ? "attest " : "credits ") + c.status(), 1, Integer::sum));
      out.append(
          String.format(
              "  %-9s credits %-8d limit %-8d %s%n", a.role(), a.credits(), a.dailyLimit(), tally));
    }
    out.append(
        latencies(
            "attest, signed (200)", calls.stream().filter(c -> c.attest() && c.status() == 200)));
    out.append(
        latencies(
            "attest, refused before reads (402/429)",
            calls.stream().filter(c -> c.attest() && (c.status() == 402 || c.status() == 429))));
    out.append(latencies("attest, all", calls.stream().filter(Call::attest)));
    out.append(latencies("GET /v1/credits", calls.stream().filter(c -> !c.attest())));
    return out.toString();
  }

  private static String latencies(String what, java.util.stream.Stream<Call> calls) {
    long[] nanos = calls.mapToLong(Call::nanos).sorted().toArray();
    if (nanos.length == 0) {
      return String.format("  %-40s none%n", what);
    }
    return String.format(
        "  %-40s n=%-6d p50 %7.1f ms  p90 %7.1f ms  p99 %7.1f ms  max %7.1f ms%n",
        what,
        nanos.length,
        percentile(nanos, 50),
        percentile(nanos, 90),
        percentile(nanos, 99),
        nanos[nanos.length - 1] / 1e6);
  }

  /** Nearest-rank percentile, in milliseconds. */
  static double percentile(long[] sortedNanos, double p) {
    int rank = (int) Math.ceil(p / 100.0 * sortedNanos.length);
    return sortedNanos[Math.max(0, Math.min(sortedNanos.length, rank) - 1)] / 1e6;
  }

  private static void write(String summary) {
    try {
      Path dir = Path.of("target", "robustness");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("attest-soak.txt"), summary, StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.out.println("could not write the soak summary: " + e);
    }
  }
}
