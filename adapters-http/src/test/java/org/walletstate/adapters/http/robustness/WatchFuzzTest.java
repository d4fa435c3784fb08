package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Fuzz campaign over the watch endpoints ({@code POST /v1/watches}, {@code GET} and {@code DELETE}
 * of one, its deliveries): broken JSON, every attest member broken as attest breaks it, every watch
 * member ({@code webhookUrl}, {@code lifetime}, {@code deliver}, {@code assurance}) broken, webhook
 * targets on private, loopback, link-local and reserved addresses, unknown and hostile ids, and
 * missing or wrong keys. Each gets its documented 4xx in the error envelope, never a 5xx; no watch
 * is created by them, nothing is charged, and the key's balance is as it was.
 *
 * <p>Size: {@code -Drobustness.watch-fuzz.cases=N} (CI default 400; {@code -Drobustness.full=true}
 * 3,000). Seed: {@code -Drobustness.watch-fuzz.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class WatchFuzzTest {

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  @Test
  void hostileWatchRequests_getTheirDocumentedAnswer_andCreateOrChargeNothing() {
    long seed = CampaignSettings.seed("watch-fuzz.seed", 20_261_129L);
    int cases = CampaignSettings.size("watch-fuzz.cases", 400, 3_000);
    TestKeys.TestKey key = TestKeys.create(pool, 25, 10_000, KeyVersion.V2);
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    long watchesBefore = count("select count(*) as n from watch");
    long entriesBefore = Ledger.allEntries(pool);
    long balanceBefore = Ledger.of(pool, key.id()).balance();

    WatchFuzzCases generator = new WatchFuzzCases(key.secret());
    List<String> failures = new ArrayList<>();
    Map<String, Map<Integer, Integer>> tally = new TreeMap<>();
    for (int i = 0; i < cases; i++) {
      WatchFuzzCases.Case c = generator.generate(seed, i);
      Answer answer = JdkExchange.send(client, root, c.request());
      tally.computeIfAbsent(c.kind(), k -> new TreeMap<>()).merge(answer.status(), 1, Integer::sum);
      List<String> problems = DocumentedShapes.problems(c.expect(), answer);
      if (!problems.isEmpty()) {
        failures.add(
            JdkExchange.failure(i, c.kind(), c.description(), c.request(), problems, answer));
      }
    }
    System.out.println("watch fuzz seed " + seed + ", " + cases + " cases: " + tally);
    assertThat(failures).as("seed %d", seed).isEmpty();
    assertThat(count("select count(*) as n from watch"))
        .as("no watch created")
        .isEqualTo(watchesBefore);
    assertThat(Ledger.allEntries(pool)).as("nothing charged").isEqualTo(entriesBefore);
    assertThat(Ledger.of(pool, key.id()).balance()).isEqualTo(balanceBefore);
    assertThat(tally).as("every kind of case was made").hasSize(WatchFuzzCases.KINDS);
  }

  private long count(String sql) {
    return pool.query(sql)
        .execute()
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("n");
  }
}
