package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.viewCall;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.payload.KeyVersion;

/**
 * A caller names the contract an {@code evm_view_call} reads, and a contract can return megabytes.
 * On the devnet (real anvil, real JSON-RPC) a contract returning 3 MB, 6 MB of hex in the node's
 * answer, is over the 4 MiB answer bound: the attest is a 503 {@code rpc_failure} naming the
 * condition, quickly and charged nothing, the oversized answer is not asked for again on a retry,
 * and the next ordinary attest succeeds.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestOversizedAnswerTest {

  private static final long CREDITS = 10;

  /** An address no other test uses; digits only, so its checksum is itself. */
  private static final String HUGE = "0x0000000000000000000000000000000000777777";

  /** Runtime code: RETURN(0, 3_000_000), whatever the call data: PUSH3 size, PUSH1 0, RETURN. */
  private static final String RETURNS_3_MB = "0x622dc6c06000f3";

  /** Far above the 8 s observation deadline, so a loaded machine cannot make this flaky. */
  private static final Duration BOUND = Duration.ofSeconds(30);

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private TestKeys.TestKey key;

  @BeforeEach
  void hugeContractAndKey() {
    chain10.reset();
    devnet.rpc(10).call("anvil_setCode", HUGE, RETURNS_3_MB);
    devnet.rpc(10).call("evm_mine");
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void removeTheContract() {
    devnet.rpc(10).call("anvil_setCode", HUGE, "0x");
    devnet.rpc(10).call("evm_mine");
    chain10.reset();
  }

  private String holder() {
    return m.wallet("holder").address();
  }

  @Test
  void aViewCallReturningMegabytes_isA503RpcFailure_notRetried_chargedNothing() {
    long started = System.nanoTime();
    Response refused;
    List<String> warnings;
    try (LogCapture log = LogCapture.start()) {
      refused = attest(key.secret(), body(holder(), viewCall(10, HUGE, "isAllowed(address)")));
      warnings =
          log.entries().stream()
              .filter(e -> e.level().intValue() >= Level.WARNING.intValue())
              .map(LogCapture.Entry::text)
              .toList();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    refused
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("ok", equalTo(false))
        .body("data", nullValue())
        .body("error.code", equalTo("rpc_failure"))
        .body("error.message", equalTo(Envelopes.RPC_FAILURE_MESSAGE))
        .body("meta.creditsCharged", nullValue());
    assertThat(refused.jsonPath().getList("error.failedConditions"))
        .isEqualTo(
            List.of(
                Map.of(
                    "source", "view_call",
                    "chainId", 10,
                    "message", "view function gave no boolean answer")));
    // without the bound the 3 MB would be read and judged "no boolean answer": the same 503, so
    // the logged cause is what shows the answer was cut off
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("rpc_failure")
        .contains(AnswerBound.TOO_LARGE + " of " + AnswerBound.DEFAULT_MAX_BYTES + " bytes");
    assertThat(took).isLessThan(BOUND);
    assertThat(chain10.counts().calls("eth_call"))
        .as("the oversized answer is asked for once, not once per attempt: %s", chain10.counts())
        .isEqualTo(1);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);

    Response ordinary =
        attest(key.secret(), body(holder(), tokenBalance(10, m.chain(10).address("token6"), "1")));

    assertThat(verified(ordinary).pass()).isTrue();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }
}
