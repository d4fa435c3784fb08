package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.robustness.HostileCase.Http;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.LogHygiene;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Fuzz campaign over {@code POST /v1/attest}: thousands of malformed and hostile requests, with a
 * valid key and without credentials, generated from a seed (see {@link AttestFuzzCases}). Every
 * answer must be one the interface documents for that request, never a 500; nothing but the few
 * valid requests with the key may be charged, and the ledger must explain the balance exactly.
 *
 * <p>Size: {@code -Drobustness.fuzz.cases=N} (CI default 2,500; {@code -Drobustness.full=true}
 * 12,000). Seed: {@code -Drobustness.fuzz.seed=S} ({@code random} for a fresh one). One case again:
 * {@code -Drobustness.fuzz.only=I} with its seed.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestFuzzTest {

  private static final long DEFAULT_SEED = 20_261_122L;
  private static final long CREDITS = 1_000;
  private static final int DAILY_LIMIT = 1_000_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  private record Outcome(HostileCase hostile, Answer answer, List<String> problems) {}

  @Test
  void hostileRequests_getTheirDocumentedRefusal_andOnlyValidOnesAreCharged() throws Exception {
    long seed = CampaignSettings.seed("fuzz.seed", DEFAULT_SEED);
    int cases = CampaignSettings.size("fuzz.cases", 2_500, 12_000);
    int threads = CampaignSettings.size("fuzz.threads", 4, 4);
    List<Integer> indices =
        CampaignSettings.setting("fuzz.only")
            .map(only -> List.of(Integer.parseInt(only)))
            .orElse(IntStream.range(0, cases).boxed().toList());

    TestKeys.TestKey key = TestKeys.create(pool, CREDITS, DAILY_LIMIT, KeyVersion.V2);
    DevnetManifest manifest = Devnet.shared().manifest();
    AttestFuzzCases generator =
        new AttestFuzzCases(
            new AttestFuzzCases.Fixture(
                key.secret(),
                root.getPort(),
                manifest.wallet("holder").address(),
                manifest.chain(8453).address("usdc"),
                manifest.chain(8453).address("nft"),
                manifest.chain(8453).address("allowList"),
                manifest.chain(8453).address("exchangeIndexer"),
                manifest.chain(8453).schemaUid("verifiedAccount"),
                manifest
                    .chain(8453)
                    .delegation("active")
                    .path("delegation")
                    .path("delegator")
                    .asText(),
                manifest.chain(8453).delegation("active").path("delegation").toString()));

    Ledger.Books before = Ledger.of(pool, key.id());
    long entriesBefore = Ledger.allEntries(pool);
    long keysBefore = Ledger.allKeys(pool);

    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    long started = System.nanoTime();
    List<Outcome> outcomes;
    List<LogCapture.Entry> logged;
    try (LogCapture log = LogCapture.start()) {
      outcomes = run(i -> generator.generate(seed, i), indices, threads, client);
      logged = log.entries();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    List<Outcome> failed = outcomes.stream().filter(o -> !o.problems().isEmpty()).toList();
    Set<String> attested = new HashSet<>();
    for (Outcome o : outcomes) {
      if (o.answer().status() == 200) {
        attested.add(
            JSON.readTree(o.answer().body()).path("data").path("attestation").path("id").asText());
      }
    }
    String summary = summary(seed, outcomes, took, attested.size());
    System.out.println(summary);
    write(seed, summary);

    assertThat(failed.size()).withFailMessage(() -> failureReport(seed, failed)).isZero();
    assertThat(LogHygiene.violations(logged, Set.of(key.secret())))
        .as("no email, API key, signing key or SQL in the service's log")
        .isEmpty();
    assertThat(logged)
        .as("hostile requests are client errors: nothing above DEBUG")
        .noneMatch(LogCapture.Entry::aboveDebug);
    assertThat(outcomes).noneMatch(o -> o.answer().status() == 500);

    Ledger.Books after = Ledger.of(pool, key.id());
    assertThat(after.balance())
        .as("balance: only the %d signed answers were charged", attested.size())
        .isEqualTo(before.balance() - attested.size());
    assertThat(after.entrySum()).as("balance equals the ledger sum").isEqualTo(after.balance());
    assertThat(after.debits() - before.debits())
        .as("one debit per signed answer")
        .isEqualTo(attested.size());
    assertThat(new HashSet<>(after.debitRequestIds()))
        .as("the debits are those of the attestations returned")
        .isEqualTo(attested);
    assertThat(after.refunds()).isEqualTo(before.refunds());
    assertThat(Ledger.allEntries(pool))
        .as("no ledger row for any other request, with or without credentials")
        .isEqualTo(entriesBefore + attested.size());
    assertThat(Ledger.allKeys(pool)).as("no key was created").isEqualTo(keysBefore);
  }

  private List<Outcome> run(
      java.util.function.IntFunction<HostileCase> generator,
      List<Integer> indices,
      int threads,
      HttpClient client)
      throws Exception {
    Outcome[] outcomes = new Outcome[indices.size()];
    AtomicInteger next = new AtomicInteger();
    ExecutorService workers = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        running.add(
            workers.submit(
                () -> {
                  for (int i = next.getAndIncrement();
                      i < indices.size();
                      i = next.getAndIncrement()) {
                    HostileCase hostile = generator.apply(indices.get(i));
                    Answer answer = send(client, hostile);
                    outcomes[i] =
                        new Outcome(
                            hostile, answer, DocumentedShapes.problems(hostile.expect(), answer));
                  }
                  return null;
                }));
      }
      for (Future<?> f : running) {
        f.get();
      }
    } finally {
      workers.shutdownNow();
    }
    return List.of(outcomes);
  }

  /**
   * The trust endpoints' share of the campaign: broken profile and batch bodies (every member
   * broken one way, wrong shapes, too many wallets, broken JSON), all with the key. Each must be
   * its documented 400 naming what is wrong, never a 500, and nothing may be charged or recorded.
   * Size {@code -Drobustness.fuzz.trust.cases=N} (CI default 600; full 3,000).
   */
  @Test
  void brokenTrustRequests_getTheirDocumented400_andNothingIsCharged() throws Exception {
    long seed = CampaignSettings.seed("fuzz.seed", DEFAULT_SEED);
    int cases = CampaignSettings.size("fuzz.trust.cases", 600, 3_000);
    TestKeys.TestKey key = TestKeys.create(pool, CREDITS, DAILY_LIMIT, KeyVersion.V2);
    DevnetManifest manifest = Devnet.shared().manifest();
    AttestFuzzCases generator =
        new AttestFuzzCases(
            new AttestFuzzCases.Fixture(
                key.secret(),
                root.getPort(),
                manifest.wallet("holder").address(),
                manifest.chain(8453).address("usdc"),
                manifest.chain(8453).address("nft"),
                manifest.chain(8453).address("allowList"),
                manifest.chain(8453).address("exchangeIndexer"),
                manifest.chain(8453).schemaUid("verifiedAccount"),
                "0x0000000000000000000000000000000000000001",
                "{}"));
    Ledger.Books before = Ledger.of(pool, key.id());
    long entriesBefore = Ledger.allEntries(pool);
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    long started = System.nanoTime();
    List<Outcome> outcomes =
        run(
            i -> generator.generateTrust(seed, i),
            IntStream.range(0, cases).boxed().toList(),
            4,
            client);
    String summary =
        summary(seed, outcomes, Duration.ofNanos(System.nanoTime() - started), 0)
            .replaceFirst("attest fuzz", "trust fuzz");
    System.out.println(summary);

    List<Outcome> failed = outcomes.stream().filter(o -> !o.problems().isEmpty()).toList();
    assertThat(failed.size()).withFailMessage(() -> failureReport(seed, failed)).isZero();
    assertThat(outcomes).allMatch(o -> o.answer().status() == 400);
    assertThat(outcomes.stream().map(o -> o.hostile().kind()).distinct().count())
        .as("every kind of break was tried")
        .isGreaterThanOrEqualTo(15);
    Ledger.Books after = Ledger.of(pool, key.id());
    assertThat(after.balance()).isEqualTo(before.balance());
    assertThat(after.debits()).isEqualTo(before.debits());
    assertThat(Ledger.allEntries(pool)).as("no ledger row").isEqualTo(entriesBefore);
  }

  private Answer send(HttpClient client, HostileCase hostile) {
    if (!(hostile.request() instanceof Http http)) {
      return RawHttp.exchange(
          root.getPort(), ((HostileCase.Raw) hostile.request()).bytes(), Duration.ofSeconds(20));
    }
    return JdkExchange.send(client, root, http);
  }

  private static String summary(long seed, List<Outcome> outcomes, Duration took, int charged) {
    Map<Integer, Integer> statuses = new TreeMap<>();
    Map<String, Map<Integer, Integer>> byKind = new TreeMap<>();
    for (Outcome o : outcomes) {
      statuses.merge(o.answer().status(), 1, Integer::sum);
      byKind
          .computeIfAbsent(o.hostile().kind(), k -> new TreeMap<>())
          .merge(o.answer().status(), 1, Integer::sum);
    }
    StringBuilder out = new StringBuilder();
    out.append("attest fuzz campaign: seed ")
        .append(seed)
        .append(", ")
        .append(outcomes.size())
        .append(" cases in ")
        .append(took.toMillis() / 1000.0)
        .append(" s; ")
        .append(outcomes.stream().filter(o -> !o.problems().isEmpty()).count())
        .append(" failed; ")
        .append(charged)
        .append(" charged\n");
    out.append("statuses (0 = no answer): ").append(statuses).append('\n');
    byKind.forEach(
        (kind, counts) ->
            out.append(
                String.format(
                    "  %-28s %6d  %s%n",
                    kind, counts.values().stream().mapToInt(Integer::intValue).sum(), counts)));
    return out.toString();
  }

  private static String failureReport(long seed, List<Outcome> failed) {
    StringBuilder out = new StringBuilder();
    out.append(failed.size())
        .append(" hostile requests were not answered as documented (seed ")
        .append(seed)
        .append(")\n");
    for (Outcome o : failed.subList(0, Math.min(25, failed.size()))) {
      HostileCase c = o.hostile();
      out.append("- case ")
          .append(c.index())
          .append(" [")
          .append(c.kind())
          .append("] ")
          .append(c.description())
          .append("\n  rerun: -Drobustness.fuzz.seed=")
          .append(seed)
          .append(" -Drobustness.fuzz.only=")
          .append(c.index())
          .append("\n  problems: ")
          .append(o.problems())
          .append("\n  request: ")
          .append(c.excerpt())
          .append("\n  answer: ")
          .append(o.answer().status())
          .append(' ')
          .append(abbreviate(DocumentedShapes.text(o.answer())))
          .append('\n');
    }
    return out.toString();
  }

  private static void write(long seed, String summary) {
    try {
      Path dir = Path.of("target", "robustness");
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("attest-fuzz-" + seed + ".txt"), summary, StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.out.println("could not write the campaign summary: " + e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 400 ? s.substring(0, 400) + "…" : s;
  }
}
