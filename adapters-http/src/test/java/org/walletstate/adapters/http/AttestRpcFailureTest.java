package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.farcasterId;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.RpcCall;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Chain 10 is read through the fault proxy: whatever the endpoint does wrong, the answer is a 503
 * {@code rpc_failure} naming the conditions that could not be read, with {@code Retry-After},
 * nothing signed and nothing charged; once the endpoint behaves the same request succeeds. The
 * chain policy is production's (3 s per exchange, 3 attempts, 8 s per observation).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestRpcFailureTest {

  private static final long CREDITS = 10;

  /** Far above the 8 s observation deadline, so a loaded machine cannot make this flaky. */
  private static final Duration BOUND = Duration.ofSeconds(30);

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private TestKeys.TestKey key;

  @BeforeEach
  void freshHeadAndKey() {
    chain10.reset();
    // a new head on chain 10, so no answer of an earlier test can come from the read cache
    devnet.rpc(10).call("evm_mine");
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  private String holder() {
    return m.wallet("holder").address();
  }

  private Map<String, Object> usdOn10() {
    return tokenBalance(10, m.chain(10).address("token6"), "1");
  }

  /** A named fault, for readable test names. */
  record Broken(String name, Fault fault) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Broken> brokenEndpoints() {
    return Stream.of(
        new Broken("HTTP 500", Fault.status(500)),
        new Broken("HTTP 502", Fault.status(502)),
        new Broken("HTTP 503", Fault.status(503)),
        new Broken("HTTP 429 with Retry-After", Fault.rateLimited()),
        new Broken("malformed JSON", Fault.malformedJson()),
        new Broken("connection dropped", Fault.dropConnection()),
        new Broken("JSON-RPC error object", Fault.rpcError(-32603, "internal error")));
  }

  private void assertRpcFailure(Response response, List<Map<String, Object>> failedConditions) {
    response
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("ok", equalTo(false))
        .body("data", nullValue())
        .body("error.code", equalTo("rpc_failure"))
        .body("error.message", equalTo(Envelopes.RPC_FAILURE_MESSAGE))
        .body("error.failedConditions", hasSize(failedConditions.size()))
        .body("meta.version", equalTo("1.0"))
        .body("meta.creditsCharged", nullValue());
    assertThat(response.jsonPath().getList("error.failedConditions")).isEqualTo(failedConditions);
  }

  private void assertNothingCharged() {
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  private static Map<String, Object> failed(String source, String message) {
    return Map.of("source", source, "chainId", 10, "message", message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenEndpoints")
  void aBrokenEndpoint_isA503RpcFailure_chargedNothing_andTheSameCallWorksOnceItRecovers(
      Broken broken) {
    chain10.install(Rule.of(Match.any(), broken.fault()));

    Response refused = attest(key.secret(), body(holder(), usdOn10()));

    assertRpcFailure(refused, List.of(failed("chain_head_read", "chain head could not be read")));
    assertNothingCharged();
    assertThat(chain10.counts().calls("eth_getBlockByNumber"))
        .as("retried: %s", chain10.counts())
        .isGreaterThanOrEqualTo(3);

    chain10.clearRules();
    Response recovered = attest(key.secret(), body(holder(), usdOn10()));

    assertThat(verified(recovered).pass()).isTrue();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @Test
  void anRpcFailure_isLoggedOnceAtWarn_withChainSourceAndEndpointHost_andNoSecrets() {
    chain10.install(Rule.of(Match.any(), Fault.status(502)));

    List<LogCapture.Entry> warnings;
    try (LogCapture log = LogCapture.start()) {
      assertRpcFailure(
          attest(key.secret(), body(holder(), usdOn10())),
          List.of(failed("chain_head_read", "chain head could not be read")));
      warnings =
          log.entries().stream()
              .filter(e -> e.level().intValue() >= java.util.logging.Level.WARNING.intValue())
              .toList();
    }

    assertThat(warnings).hasSize(1);
    LogCapture.Entry warning = warnings.get(0);
    assertThat(warning.text())
        .contains("rpc_failure")
        .contains("chain 10 chain_head_read")
        .containsPattern("\\(127\\.0\\.0\\.1:[0-9]+: ")
        .contains("502")
        .doesNotContain("://");
    assertThat(warning.requestId()).as("the request id is on the line").isNotBlank();
    assertThat(warning.mentions(key.secret())).isFalse();
    assertThat(warning.mentions(holder())).isFalse();
    assertNothingCharged();
  }

  @Test
  void aHangingEndpoint_isA503WithinTheDeadline_andReleasesNothingSigned() {
    chain10.install(Rule.of(Match.any(), Fault.hang()));

    long started = System.nanoTime();
    Response refused = attest(key.secret(), body(holder(), usdOn10()));
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(took).isLessThan(BOUND);
    assertRpcFailure(refused, List.of(failed("chain_head_read", "chain head could not be read")));
    assertNothingCharged();

    chain10.clearRules();
    assertThat(verified(attest(key.secret(), body(holder(), usdOn10()))).pass()).isTrue();
  }

  @Test
  void aFailedReadOfOneCall_refusesTheWholeAnswer_namingOnlyThatCondition() {
    // the head and the eth_calls answer; every eth_getBalance gets a JSON-RPC error
    chain10.install(
        Rule.of(Match.method("eth_getBalance"), Fault.rpcError(-32000, "missing trie node")));

    Response refused =
        attest(
            key.secret(),
            body(holder(), usdOn10(), tokenBalance(10, "native", "1"), farcasterId()));

    assertRpcFailure(refused, List.of(failed("balance_read", "token balance could not be read")));
    assertNothingCharged();
  }

  @Test
  void failingReadsAfterAGoodHead_areNamedByTheReadThatFailed() {
    chain10.install(Rule.of(Match.method("eth_call"), Fault.status(503)));

    Response refused = attest(key.secret(), body(holder(), usdOn10(), farcasterId()));

    assertRpcFailure(
        refused,
        List.of(
            failed("token_metadata_read", "token decimals could not be read"),
            failed("identity_read", "identity registry could not be read")));
    assertNothingCharged();
  }

  @Test
  void oneChainFailing_refusesAMultiChainCall_listingOnlyItsConditions() {
    chain10.install(Rule.of(Match.any(), Fault.status(503)));

    Response refused =
        attest(
            key.secret(),
            body(
                holder(),
                tokenBalance(8453, m.chain(8453).address("token6"), "1"),
                usdOn10(),
                tokenBalance(1, m.chain(1).address("token6"), "1"),
                farcasterId()));

    assertRpcFailure(
        refused,
        List.of(
            failed("chain_head_read", "chain head could not be read"),
            failed("chain_head_read", "chain head could not be read")));
    assertNothingCharged();
  }

  @Test
  void transientFailures_withinTheRetries_areInvisibleToTheCaller() {
    chain10.install(Rule.of(Match.any(), Fault.status(503)).times(2));

    VerifiedAttestation attestation =
        verified(attest(key.secret(), body(holder(), usdOn10(), farcasterId())));

    assertThat(attestation.pass()).isTrue();
    assertThat(chain10.counts().faults("http_503")).isEqualTo(2);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @Test
  void aSlowEndpoint_withinTheTimeout_isJustSlow() {
    chain10.install(Rule.of(Match.any(), Fault.delay(Duration.ofMillis(300))));

    assertThat(verified(attest(key.secret(), body(holder(), usdOn10()))).pass()).isTrue();
    assertThat(chain10.counts().faults("delay")).isPositive();
  }

  @Test
  void theHeadMovingBetweenAnchorAndReads_stillReadsEverythingAtTheAnchor() {
    String holder = holder();
    DevnetSnapshot snapshot = devnet.snapshot();
    try {
      long anchor = devnet.rpc(10).blockNumber();
      // right after the service reads the head, the holder sends 1 of its 1.5 ETH away
      chain10.install(
          Rule.of(
                  Match.nthCall("eth_getBlockByNumber", 1),
                  Fault.moveHead(
                      RpcCall.of("anvil_impersonateAccount", holder),
                      RpcCall.of(
                          "eth_sendTransaction",
                          Map.of(
                              "from",
                              holder,
                              "to",
                              m.wallet("empty").address(),
                              "value",
                              "0xde0b6b3a7640000")),
                      RpcCall.of("anvil_stopImpersonatingAccount", holder)))
              .once());

      VerifiedAttestation pinned =
          verified(attest(key.secret(), body(holder, tokenBalance(10, "native", "1.5"))));

      assertThat(chain10.counts().faults("move_head")).isEqualTo(1);
      assertThat(devnet.rpc(10).blockNumber()).isGreaterThan(anchor);
      assertThat(pinned.results().get(0).asJson().get("blockNumber").asText())
          .isEqualTo("0x" + Long.toHexString(anchor));
      assertThat(pinned.results().get(0).met()).as("1.5 ETH at the anchored block").isTrue();

      VerifiedAttestation later =
          verified(attest(key.secret(), body(holder, tokenBalance(10, "native", "1.5"))));

      assertThat(Long.decode(later.results().get(0).asJson().get("blockNumber").asText()))
          .isGreaterThan(anchor);
      assertThat(later.results().get(0).met()).as("about 0.5 ETH at the new head").isFalse();
    } finally {
      devnet.revert(snapshot);
    }
  }
}
