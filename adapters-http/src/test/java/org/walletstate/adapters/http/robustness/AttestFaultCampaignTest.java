package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.farcasterId;
import static org.walletstate.adapters.http.testbed.Conditions.nftOwnership;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToSupply;
import static org.walletstate.adapters.http.testbed.Conditions.template;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.viewCall;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Level;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.AttestCalls;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.LogHygiene;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * The fault campaign: attest requests across condition types while the endpoint of chain 10
 * misbehaves in every way the proxy knows — HTTP errors, rate limits, malformed answers, JSON-RPC
 * errors, dropped connections, delays, hangs, and a head that moves between the anchor and the
 * pinned reads — each on a seeded share of the exchanges.
 *
 * <p>Every answer must be either a 503 {@code rpc_failure} of the documented shape, or a signed
 * result that the verifier SDK accepts in full and whose every verdict equals the devnet's known
 * truth: a read that failed can never have become a verdict. Afterwards the ledger holds exactly
 * one debit per signed answer (its attestation id) and nothing for any failure.
 *
 * <p>The same faults hit trust profiles and batches (23 chains, chain 10 misbehaving): a profile is
 * a verified profile whose USDC-on-Optimism row is the devnet's truth, or a 503 naming chain 10; a
 * batch always answers 200, each entry a verified profile or an error entry naming chain 10, and
 * only signed profiles are charged ({@code -Drobustness.faults.trust=N}, CI default 24).
 *
 * <p>Size: {@code -Drobustness.faults.requests=N} (CI default 120; {@code -Drobustness.full=true}
 * 1,200); seed {@code -Drobustness.faults.seed=<n|random>} (default 20261122).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class AttestFaultCampaignTest {

  private static final Logger LOG = Logger.getLogger(AttestFaultCampaignTest.class);
  private static final Set<String> SOURCES =
      Set.of(
          "balance_read",
          "token_metadata_read",
          "supply_read",
          "attestation_read",
          "identity_read",
          "view_call",
          "chain_head_read",
          "chain_read");

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  /** A request with the verdicts the devnet's state dictates. */
  record Scenario(String name, Map<String, Object> body, List<Boolean> expectedMet) {}

  /** A kind of misbehaviour, applied to a share of the proxied exchanges. */
  record Plan(String name, Fault fault, double share) {}

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  private List<Scenario> scenarios() {
    String holder = m.wallet("holder").address();
    String empty = m.wallet("empty").address();
    DevnetManifest.ChainInfo op = m.chain(10);
    String usd = op.address("token6");
    String eth18 = op.address("token18");
    String pts0 = op.address("token0");
    List<Scenario> list = new ArrayList<>();
    list.add(
        new Scenario(
            "holder: balances of every decimals, native, NFT",
            body(
                holder,
                tokenBalance(10, usd, "1000"),
                tokenBalance(10, eth18, "2.5"),
                tokenBalance(10, pts0, "8"),
                tokenBalance(10, "native", "1"),
                nftOwnership(10, op.address("nft"))),
            List.of(true, true, false, true, true)));
    list.add(
        new Scenario(
            "holder: view call, code state, farcaster, passport score, supply share",
            body(
                holder,
                viewCall(10, op.address("allowList"), "isAllowed(address)"),
                accountCode(10, "none"),
                farcasterId(),
                template("humanity_passport_score"),
                ratioToSupply(10, usd, "0.000001")),
            List.of(true, true, true, true, true)));
    list.add(
        new Scenario(
            "empty wallet: nothing held on chain 10",
            body(
                empty,
                tokenBalance(10, usd, "1"),
                nftOwnership(10, op.address("nft")),
                farcasterId(),
                template("humanity_passport_active")),
            List.of(false, false, false, false)));
    list.add(
        new Scenario(
            "holder across chains 1, 8453 and 10 (only 10 misbehaves)",
            body(
                holder,
                tokenBalance(1, m.chain(1).address("usdc"), "250"),
                template("exchange_verified_account"),
                tokenBalance(10, m.chain(10).address("usdc"), "250.000001")),
            List.of(true, true, false)));
    return list;
  }

  private static List<Plan> plans() {
    return List.of(
        new Plan("HTTP 500", Fault.status(500), 0.5),
        new Plan("HTTP 502 on every exchange", Fault.status(502), 1.0),
        new Plan("HTTP 503", Fault.status(503), 0.3),
        new Plan("HTTP 429", Fault.rateLimited(), 0.5),
        new Plan("malformed JSON", Fault.malformedJson(), 0.5),
        new Plan("malformed JSON on every exchange", Fault.malformedJson(), 1.0),
        new Plan("JSON-RPC error", Fault.rpcError(-32000, "header not found"), 0.5),
        new Plan("JSON-RPC limit error", Fault.rpcError(-32005, "limit exceeded"), 1.0),
        new Plan("dropped connection", Fault.dropConnection(), 0.5),
        new Plan("slow answers", Fault.delay(Duration.ofMillis(400)), 0.7),
        new Plan("head moves after the anchor", Fault.moveHead(), 1.0),
        new Plan("hang", Fault.hang(), 1.0));
  }

  @Test
  void faultedRequests_answerRpcFailureOrACorrectVerifiedResult_andNeverChargeAFailure() {
    int requests = CampaignSettings.size("faults.requests", 120, 1_200);
    long seed = CampaignSettings.seed("faults.seed", 20261122L);
    LOG.infof("fault campaign: %d requests, seed %d", requests, seed);
    Random random = new Random(seed);
    List<Scenario> scenarios = scenarios();
    List<Plan> plans = plans();
    TestKeys.TestKey key = TestKeys.create(pool, 10 * requests, 100_000, KeyVersion.V2);

    Map<String, int[]> tally = new TreeMap<>();
    Set<String> signedIds = new HashSet<>();
    int signed = 0;
    int refused = 0;
    LogCapture log = LogCapture.start();
    List<LogCapture.Entry> logged;
    try {
      for (int i = 0; i < requests; i++) {
        Scenario scenario = scenarios.get(random.nextInt(scenarios.size()));
        // a hang costs the whole observation deadline: keep it to a few in a hundred requests
        Plan plan =
            random.nextInt(100) < 3
                ? plans.get(plans.size() - 1)
                : plans.get(random.nextInt(plans.size() - 1));
        // a new head on chain 10 for every request, so pinned reads miss the read cache
        devnet.rpc(10).call("evm_mine");
        chain10.reset();
        chain10.install(
            Rule.of(
                plan.name().startsWith("head moves")
                    ? Match.method("eth_getBlockByNumber")
                    : Match.sampled(plan.share(), random.nextLong()),
                plan.fault()));
        Response response = AttestCalls.attest(key.secret(), scenario.body());
        chain10.reset();
        if ((i + 1) % 50 == 0) {
          LOG.infof("fault campaign: %d of %d requests answered", i + 1, requests);
        }

        String context =
            "request " + i + " (seed " + seed + "): " + scenario.name() + " / " + plan.name();
        int[] counts = tally.computeIfAbsent(plan.name(), k -> new int[2]);
        if (response.statusCode() == 200) {
          VerifiedAttestation verified = AttestCalls.verified(response);
          assertThat(verified.results())
              .as(context)
              .extracting(r -> r.met())
              .containsExactlyElementsOf(scenario.expectedMet());
          assertThat(signedIds.add(verified.id())).as(context + ": a fresh id").isTrue();
          signed++;
          counts[0]++;
        } else {
          assertRpcFailure(response, context);
          refused++;
          counts[1]++;
        }
      }
    } finally {
      log.close();
    }
    logged = log.entries();

    assertThat(LogHygiene.violations(logged, Set.of(key.secret())))
        .as("no email, API key, signing key or SQL in the service's log")
        .isEmpty();
    List<LogCapture.Entry> warnings =
        logged.stream().filter(e -> e.level().intValue() >= Level.WARNING.intValue()).toList();
    assertThat(warnings)
        .as("one WARN line per rpc_failure, nothing else above INFO")
        .hasSize(refused)
        .allSatisfy(
            w -> {
              assertThat(w.text())
                  .startsWith("rpc_failure: conditions[")
                  .doesNotContain("://")
                  .as("every cause names its endpoint as host:port: " + w)
                  .doesNotContainPattern("(_read|_call|_check) \\((?!127\\.0\\.0\\.1:[0-9]+: )");
              assertThat(w.requestId()).as("the request id of " + w).isNotBlank();
            });

    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.debits()).as("one debit per signed answer").isEqualTo(signed);
    assertThat(books.refunds()).isZero();
    assertThat(new HashSet<>(books.debitRequestIds())).isEqualTo(signedIds);
    assertThat(books.balance()).isEqualTo(10L * requests - signed).isEqualTo(books.entrySum());
    assertThat(signed).as("some faults were absorbed by retries").isPositive();
    assertThat(refused).as("some faults outlasted the retries").isPositive();
    Map<String, String> report = new LinkedHashMap<>();
    tally.forEach((plan, c) -> report.put(plan, c[0] + " signed / " + c[1] + " rpc_failure"));
    LOG.infof(
        "fault campaign done: %d signed, %d rpc_failure, 0 charged for a failure; by fault: %s",
        signed, refused, report);
  }

  @Test
  void faultedTrustProfilesAndBatches_signOnlyWhatWasRead_andChargeOnlySignedProfiles() {
    int requests = CampaignSettings.size("faults.trust", 24, 240);
    long seed = CampaignSettings.seed("faults.seed", 20261122L);
    Random random = new Random(seed + 15);
    List<Plan> plans = plans();
    long grant = 6L * 3 * requests;
    TestKeys.TestKey key = TestKeys.create(pool, grant, 100_000, KeyVersion.V2);
    String holder = m.wallet("holder").address();
    String empty = m.wallet("empty").address();
    Set<String> profileIds = new HashSet<>();
    int charged = 0;
    int failures = 0;
    for (int i = 0; i < requests; i++) {
      Plan plan =
          random.nextInt(100) < 3
              ? plans.get(plans.size() - 1)
              : plans.get(random.nextInt(plans.size() - 1));
      boolean batch = random.nextBoolean();
      devnet.rpc(10).call("evm_mine");
      chain10.reset();
      chain10.install(
          Rule.of(
              plan.name().startsWith("head moves")
                  ? Match.method("eth_getBlockByNumber")
                  : Match.sampled(plan.share(), random.nextLong()),
              plan.fault()));
      Response response =
          io.restassured.RestAssured.given()
              .header("X-API-Key", key.secret())
              .contentType(io.restassured.http.ContentType.JSON)
              .body(
                  batch
                      ? Map.of(
                          "wallets", List.of(Map.of("wallet", holder), Map.of("wallet", empty)))
                      : Map.of("wallet", holder))
              .post(batch ? "/v1/trust/batch" : "/v1/trust");
      chain10.reset();
      String context = "trust request " + i + " (seed " + seed + "): " + plan.name();
      if (!batch) {
        if (response.statusCode() == 200) {
          checkProfile(response.asString(), true, context, profileIds);
          charged += 3;
        } else {
          assertRpcFailure(response, context);
          failures++;
        }
        continue;
      }
      assertThat(response.statusCode()).as(context + "\n" + response.asString()).isEqualTo(200);
      JsonPath json = JsonPath.from(response.asString());
      List<Map<String, Object>> results = json.getList("data.results");
      int succeeded = 0;
      for (int e = 0; e < results.size(); e++) {
        if (Boolean.FALSE.equals(results.get(e).get("ok"))) {
          assertThat(json.getString("data.results[" + e + "].error.code")).isEqualTo("rpc_failure");
          assertThat(json.getList("data.results[" + e + "].error.failedConditions.chainId"))
              .as(context)
              .isNotEmpty()
              .allMatch(chain -> Integer.valueOf(10).equals(chain));
          failures++;
        } else {
          String entry =
              new com.fasterxml.jackson.databind.ObjectMapper()
                  .valueToTree(results.get(e))
                  .toString();
          checkProfile(entry, e == 0, context, profileIds);
          succeeded++;
        }
      }
      assertThat(json.getMap("data.summary"))
          .as(context)
          .isEqualTo(Map.of("requested", 2, "succeeded", succeeded, "failed", 2 - succeeded));
      assertThat(json.getInt("meta.creditsCharged")).as(context).isEqualTo(3 * succeeded);
      charged += 3 * succeeded;
    }
    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.balance()).isEqualTo(grant - charged).isEqualTo(books.entrySum());
    assertThat(books.refunds()).isZero();
    assertThat(profileIds).containsAll(books.debitRequestIds());
    LOG.infof(
        "trust fault campaign done: %d requests, %d profiles signed, %d credits, %d failures",
        requests, profileIds.size(), charged, failures);
  }

  /** The SDK accepts the profile and its chain-10 USDC row is the devnet's truth. */
  private static void checkProfile(
      String response, boolean holderHasUsdc, String context, Set<String> ids) {
    org.walletstate.verifier.VerifiedTrustProfile verified;
    try {
      verified =
          org.walletstate.adapters.http.testbed.Verifier.fromServedKeys()
              .verifyTrustProfile(response);
    } catch (Exception e) {
      throw new AssertionError(context + ": the SDK rejected a profile\n" + response, e);
    }
    boolean found = false;
    for (var check : verified.asJson().path("dimensions").path("stablecoins").path("checks")) {
      if (check.path("label").asText().equals("USDC on Optimism")) {
        assertThat(check.path("met").asBoolean()).as(context).isEqualTo(holderHasUsdc);
        found = true;
      }
    }
    assertThat(found).as(context).isTrue();
    assertThat(ids.add(verified.asJson().path("id").asText())).as(context + ": fresh id").isTrue();
  }

  private static void assertRpcFailure(Response response, String context) {
    String body = response.asString();
    assertThat(response.statusCode()).as(context + "\n" + body).isEqualTo(503);
    assertThat(response.header("Retry-After")).as(context).isNotBlank();
    JsonPath json = JsonPath.from(body);
    assertThat(json.getBoolean("ok")).as(context).isFalse();
    assertThat(json.getString("error.code")).as(context).isEqualTo("rpc_failure");
    assertThat(json.getString("error.message")).as(context).isNotBlank();
    assertThat(json.getMap("data")).as(context + ": nothing signed").isNull();
    List<Map<String, Object>> failed = json.getList("error.failedConditions");
    assertThat(failed).as(context).isNotEmpty();
    for (Map<String, Object> entry : failed) {
      assertThat(entry.get("source")).as(context).isIn(SOURCES.toArray());
      assertThat(entry.get("chainId")).as(context + ": only chain 10 misbehaves").isEqualTo(10);
      assertThat((String) entry.get("message")).as(context).isNotBlank();
    }
  }
}
