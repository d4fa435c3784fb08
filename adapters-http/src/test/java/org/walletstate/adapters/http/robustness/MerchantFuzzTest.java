package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Fuzz campaign over the merchant endpoints (onboarding, tokens, NFTs, settings, directory, domain
 * verification, registry submissions, scanners, scanner login, passes and their check): every rule
 * break is a 400 naming the member, broken JSON a 400, credentials 401, another key 403, an unknown
 * merchant 404 — never a 500. The merchant the refused requests were aimed at comes out exactly as
 * it went in, no merchant or registry row is created by them, and nothing is charged.
 *
 * <p>Size: {@code -Drobustness.merchant-fuzz.cases=N} (CI default 600; {@code
 * -Drobustness.full=true} 3,000). Seed: {@code -Drobustness.merchant-fuzz.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class MerchantFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  @Test
  void hostileMerchantRequests_getTheirDocumentedAnswer_andChangeNothing() throws Exception {
    long seed = CampaignSettings.seed("merchant-fuzz.seed", 20_261_125L);
    int cases = CampaignSettings.size("merchant-fuzz.cases", 600, 3_000);
    TestKeys.TestKey owner = TestKeys.create(pool, 25, 10_000_000, KeyVersion.V2);
    TestKeys.TestKey stranger = TestKeys.create(pool, 25, 10_000_000, KeyVersion.V2);
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    String target = "fuzz-t-" + UUID.randomUUID().toString().substring(0, 8);
    String scratch = "fuzz-s-" + UUID.randomUUID().toString().substring(0, 8);
    for (String id : List.of(target, scratch)) {
      assertThat(
              send(
                      client,
                      "POST",
                      "/v1/merchants",
                      "{\"companyName\":\"" + id + "\",\"companyId\":\"" + id + "\"}",
                      owner.secret())
                  .status())
          .isEqualTo(200);
    }
    assertThat(
            send(
                    client,
                    "PUT",
                    "/v1/merchants/" + target + "/tokens",
                    "{\"ownToken\":{\"symbol\":\"T\",\"chainId\":8453,\"contractAddress\":\""
                        + MerchantFuzzCases.USDC_BASE
                        + "\",\"decimals\":6,\"tiers\":[{\"name\":\"a\",\"threshold\":\"1\",\"discount\":5}]}}",
                    owner.secret())
                .status())
        .isEqualTo(200);
    String before = status(client, target, owner.secret());
    long merchantsBefore = count("select count(*) as n from merchant");
    long registryBefore = count("select count(*) as n from token_registry");
    long ledgerBefore = count("select count(*) as n from credit_entry");
    long scannersBefore = count("select count(*) as n from scanner");
    long sessionsBefore = count("select count(*) as n from scanner_session");

    MerchantFuzzCases generator =
        new MerchantFuzzCases(
            new MerchantFuzzCases.Fixture(
                root.getPort(), owner.secret(), stranger.secret(), target, scratch));
    List<String> failures = new ArrayList<>();
    Map<String, Map<Integer, Integer>> tally = new TreeMap<>();
    for (int i = 0; i < cases; i++) {
      MerchantFuzzCases.Case c = generator.generate(seed, i);
      Answer answer = send(client, c.request());
      tally.computeIfAbsent(c.kind(), k -> new TreeMap<>()).merge(answer.status(), 1, Integer::sum);
      List<String> problems = new ArrayList<>();
      if (c.status() == 200) {
        if (answer.status() != 200) {
          problems.add("status " + answer.status() + ", expected 200");
        } else {
          JsonNode body = JSON.readTree(answer.body());
          if (!body.path("ok").asBoolean(false) || !body.path("data").isObject()) {
            problems.add("not a success envelope");
          }
        }
      } else {
        problems.addAll(
            DocumentedShapes.problems(
                HostileCase.Expect.refused(c.status(), c.mentions()), answer));
      }
      if (!problems.isEmpty()) {
        failures.add(
            JdkExchange.failure(i, c.kind(), c.description(), c.request(), problems, answer));
      }
    }
    System.out.println("merchant fuzz seed " + seed + ", " + cases + " cases: " + tally);
    assertThat(failures).as("seed %d", seed).isEmpty();
    assertThat(status(client, target, owner.secret()))
        .as("the merchant every refused request was aimed at is unchanged")
        .isEqualTo(before);
    assertThat(count("select count(*) as n from merchant")).isEqualTo(merchantsBefore);
    assertThat(count("select count(*) as n from token_registry")).isEqualTo(registryBefore);
    assertThat(count("select count(*) as n from credit_entry"))
        .as("nothing charged")
        .isEqualTo(ledgerBefore);
    assertThat(count("select count(*) as n from scanner")).isEqualTo(scannersBefore);
    assertThat(count("select count(*) as n from scanner_session")).isEqualTo(sessionsBefore);
    assertThat(
            count(
                "select coalesce(max(failures), 0) as n from scanner_login l join merchant m on"
                    + " m.id = l.merchant_id where m.id_key = '"
                    + target
                    + "'"))
        .as("no malformed login counted against the lockout")
        .isZero();
  }

  private String status(HttpClient client, String id, String key) throws IOException {
    Answer a = send(client, "GET", "/v1/merchants/" + id + "/status", "", key);
    assertThat(a.status()).isEqualTo(200);
    JsonNode data = JSON.readTree(a.body()).path("data");
    return data.toString();
  }

  private long count(String sql) {
    return pool.preparedQuery(sql)
        .execute(Tuple.tuple())
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("n");
  }

  private Answer send(HttpClient client, String method, String path, String body, String key) {
    return send(client, JdkExchange.json(method, path, body, key));
  }

  private Answer send(HttpClient client, HostileCase.Http http) {
    return JdkExchange.send(client, root, http);
  }
}
