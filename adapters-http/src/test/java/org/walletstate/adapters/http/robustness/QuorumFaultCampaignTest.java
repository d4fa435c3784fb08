package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.AttestCalls;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.ForkedNode;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * The fault campaign with quorum reads: chain 1 read from two providers (two anvils forked from the
 * devnet at one block), the second behind the fault proxy, which misbehaves on a seeded share of
 * its exchanges (HTTP errors, rate limits, malformed answers, JSON-RPC errors, dropped connections,
 * delays). Every {@code "assurance": "quorum"} answer must be either a signed result the SDK
 * verifies with {@code readAssurance} quorum 2 of 2 and the devnet's truth, or a 503 {@code
 * rpc_failure} that signs nothing; the ledger holds exactly the quorum price (2 credits) per signed
 * answer and nothing for a failure. The read cache is off, so every request reads both providers.
 *
 * <p>Size: {@code -Drobustness.quorum.requests=N} (CI default 40; {@code -Drobustness.full=true}
 * 400); seed {@code -Drobustness.quorum.seed=<n|random>} (default 20261128).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(QuorumFaultCampaignTest.FaultedSecondProvider.class)
class QuorumFaultCampaignTest {

  private static final long CHAIN = 1;

  /** Two forks of chain 1 as its providers, the second reached through a fault proxy. */
  public static final class FaultedSecondProvider implements QuarkusTestResourceLifecycleManager {
    static ForkedNode one;
    static ForkedNode two;
    static FaultProxy proxy;

    @Override
    public Map<String, String> start() {
      Devnet devnet = Devnet.shared();
      one = ForkedNode.of(devnet, CHAIN);
      two = ForkedNode.of(devnet, CHAIN);
      proxy = FaultProxy.inFrontOf(two.url());
      String chain = "walletstate.chains.evm.\"" + CHAIN + "\".";
      return Map.of(
          chain + "providers.one.endpoints",
          one.url().toString(),
          chain + "providers.two.endpoints",
          proxy.url().toString(),
          chain + "quorum",
          "2",
          "walletstate.chains.evm-reads.cache-entries",
          "0");
    }

    @Override
    public void stop() {
      proxy.close();
      one.close();
      two.close();
    }
  }

  private record Plan(String name, Fault fault, double share) {}

  private static final List<Plan> PLANS =
      List.of(
          new Plan("HTTP 500", Fault.status(500), 0.5),
          new Plan("HTTP 502 on every exchange", Fault.status(502), 1.0),
          new Plan("HTTP 429", Fault.rateLimited(), 0.5),
          new Plan("malformed JSON", Fault.malformedJson(), 0.5),
          new Plan("JSON-RPC error", Fault.rpcError(-32000, "header not found"), 0.5),
          new Plan("dropped connection", Fault.dropConnection(), 0.5),
          new Plan("slow answers", Fault.delay(Duration.ofMillis(300)), 0.7),
          new Plan("no fault", Fault.passThrough(), 1.0));

  @Inject Pool pool;

  @Test
  void quorumAttests_areVerifiedQuorumResultsOrUnsignedUnchargedFailures() {
    int requests = CampaignSettings.size("quorum.requests", 40, 400);
    long seed = CampaignSettings.seed("quorum.seed", 20261128L);
    Random random = new Random(seed);
    String holder = Devnet.shared().manifest().wallet("holder").address();
    Map<String, Object> request =
        withMember(body(holder, tokenBalance(CHAIN, "native", "1")), "assurance", "quorum");
    long credits = 2L * requests;
    TestKeys.TestKey key = TestKeys.create(pool, credits, 100_000, KeyVersion.V2);
    FaultProxy proxy = FaultedSecondProvider.proxy;

    Set<String> signedIds = new HashSet<>();
    int signed = 0;
    int refused = 0;
    for (int i = 0; i < requests; i++) {
      Plan plan = PLANS.get(random.nextInt(PLANS.size()));
      proxy.reset();
      proxy.install(Rule.of(Match.sampled(plan.share(), random.nextLong()), plan.fault()));
      Response response = AttestCalls.attest(key.secret(), request);
      proxy.reset();
      String context = "request " + i + " (seed " + seed + "): " + plan.name();
      if (response.statusCode() == 200) {
        VerifiedAttestation verified = AttestCalls.verified(response);
        assertThat(verified.results().get(0).met()).as(context).isTrue();
        assertThat(verified.results().get(0).readAssurance())
            .as(context)
            .contains(new ReadAssurance("quorum", 2, 2));
        assertThat(signedIds.add(verified.id())).as(context + ": a fresh id").isTrue();
        signed++;
      } else {
        assertThat(response.statusCode()).as(context + ": " + response.asString()).isEqualTo(503);
        assertThat(response.jsonPath().getString("error.code"))
            .as(context)
            .isEqualTo("rpc_failure");
        assertThat(response.jsonPath().getMap("data")).as(context + ": nothing signed").isNull();
        assertThat(response.asString()).as(context).doesNotContain("\"sig\"");
        refused++;
      }
    }

    Ledger.Books books = Ledger.of(pool, key.id());
    assertThat(books.debits()).as("one debit per signed answer").isEqualTo(signed);
    assertThat(books.refunds()).isZero();
    assertThat(new HashSet<>(books.debitRequestIds())).isEqualTo(signedIds);
    assertThat(books.balance())
        .as("2 credits per signed quorum answer")
        .isEqualTo(credits - 2L * signed);
    assertThat(signed).as("some faults were absorbed by retries").isPositive();
    assertThat(refused).as("some faults outlasted the retries").isPositive();
  }
}
