package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * The service with head following on, chain 10 behind the fault proxy. Polls are an hour apart and
 * a followed head stays usable for two, so every exchange the proxy sees is a request's own: a
 * request either anchors at the followed head (its pinned batch only) or reads the head first.
 * (Stale heads, lagging endpoints and heads that move mid-request are covered against a moved clock
 * in {@code FollowedHeadRpcTest}.)
 */
@QuarkusTest
@TestProfile(AttestHeadFollowingTest.Following.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestHeadFollowingTest {

  /** Head following on, with polls that never come during a test. */
  public static final class Following implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "walletstate.chains.evm-reads.head-following", "true",
          "walletstate.chains.evm-reads.head-poll-interval", "1h",
          "walletstate.chains.evm-reads.head-max-age", "2h");
    }
  }

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private TestKeys.TestKey key;
  private long anchor;

  /** One request (USDC on 10) so that chain 10's head is followed; the chain then moves on. */
  @BeforeEach
  void followChain10() {
    chain10.reset();
    key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    VerifiedAttestation first =
        verified(attest(key.secret(), body(holder(), usd(10, "usdc", "1"))));
    anchor = blockNumber(first);
    devnet.rpc(10).call("evm_mine");
    chain10.reset();
  }

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  private String holder() {
    return m.wallet("holder").address();
  }

  private Map<String, Object> usd(long chain, String token, String threshold) {
    return tokenBalance(chain, m.chain(chain).address(token), threshold);
  }

  private static long blockNumber(VerifiedAttestation attestation) {
    return Long.decode(attestation.results().get(0).asJson().get("blockNumber").asText());
  }

  @Test
  void aFollowedHeadAnchorsTheNextRequest_inOneRoundTrip_atARealEarlierBlock() {
    long latest = devnet.rpc(10).blockNumber();

    // another token than the first request's, so its reads are not in the read cache
    VerifiedAttestation second =
        verified(attest(key.secret(), body(holder(), usd(10, "token6", "1"))));

    assertThat(second.pass()).isTrue();
    assertThat(blockNumber(second)).isEqualTo(anchor).isLessThan(latest);
    assertThat(chain10.counts().calls("eth_getBlockByNumber")).isZero();
    assertThat(chain10.counts().requests()).as("one HTTP exchange: the pinned batch").isEqualTo(1);
  }

  @Test
  void anEndpointFailingHeadReads_doesNotStopARequestWhileTheFollowedHeadIsFresh() {
    chain10.install(Rule.of(Match.method("eth_getBlockByNumber"), Fault.status(500)));

    VerifiedAttestation answered =
        verified(attest(key.secret(), body(holder(), usd(10, "token18", "1"))));

    assertThat(answered.pass()).isTrue();
    assertThat(blockNumber(answered)).isEqualTo(anchor);
    assertThat(chain10.counts().faults("status")).isZero();
  }

  @Test
  void readsThatFailAtAFollowedHead_areA503_signNothing_andChargeNothing() {
    TestKeys.TestKey other = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    chain10.install(Rule.of(Match.method("eth_call"), Fault.rpcError(-32603, "internal error")));

    Response refused = attest(other.secret(), body(holder(), usd(10, "token0", "1")));

    assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(503);
    assertThat(refused.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(refused.jsonPath().getList("error.failedConditions.source"))
        .doesNotContain("chain_head_read");
    assertThat(chain10.counts().calls("eth_getBlockByNumber")).isZero();
    assertThat(Ledger.entries(pool, other.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
  }

  @Test
  void aDelayedEndpoint_costsARequestOneDelayNotTwo() {
    chain10.install(Rule.of(Match.any(), Fault.delay(Duration.ofMillis(200))));

    // the native balance: a read no other test makes, so it is not in the read cache
    VerifiedAttestation answered =
        verified(attest(key.secret(), body(holder(), tokenBalance(10, "native", "1"))));

    assertThat(answered.pass()).isTrue();
    assertThat(chain10.counts().faults("delay")).as("only the pinned batch waited").isEqualTo(1);
    assertThat(chain10.counts().calls("eth_getBlockByNumber")).isZero();
    assertThat(blockNumber(answered)).isEqualTo(anchor);
  }
}
