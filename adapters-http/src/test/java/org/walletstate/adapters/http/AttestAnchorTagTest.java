package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
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
import org.walletstate.devnet.JsonRpc;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * The {@code anchor} option on the devnet, with head following on and chain 10 (which serves the
 * {@code safe} and {@code finalized} tags) behind the fault proxy. Anvil answers {@code safe} as
 * latest − 32 and {@code finalized} as latest − 64 (never below block 0), so the chain is mined 100
 * blocks ahead first, making the three blocks distinct.
 */
@QuarkusTest
@TestProfile(AttestAnchorTagTest.Following.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestAnchorTagTest {

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

  @BeforeEach
  void aheadOfFinality() {
    chain10.reset();
    key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    devnet.rpc(10).call("anvil_mine", "0x64");
    chain10.reset();
  }

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  private String holder() {
    return m.wallet("holder").address();
  }

  private Map<String, Object> usdc(String threshold) {
    return tokenBalance(10, m.chain(10).address("usdc"), threshold);
  }

  private long tagged(String tag) {
    return JsonRpc.quantity(devnet.rpc(10).block(tag).get("number").asText()).longValueExact();
  }

  private static String field(VerifiedAttestation attestation, int result, String name) {
    var value = attestation.results().get(result).asJson().get(name);
    return value == null ? null : value.asText();
  }

  @Test
  void finalized_pinsEveryReadToTheFinalizedBlock_andTheSignedResultNamesIt() {
    // a wallet that holds nothing until a block after the finalized one
    String late = "0x00000000000000000000000000000000000a1c4e";
    devnet.rpc(10).call("anvil_setBalance", late, "0xde0b6b3a7640000");
    devnet.rpc(10).call("evm_mine");
    long funded = devnet.rpc(10).blockNumber();
    long finalized = tagged("finalized");
    assertThat(finalized).isEqualTo(funded - 64);
    assertThat(JsonRpc.quantity(devnet.rpc(10).call("eth_getBalance", late, "latest").asText()))
        .isPositive();
    Map<String, Object> request =
        withMember(body(late, tokenBalance(10, "native", "1"), usdc("1")), "anchor", "finalized");

    VerifiedAttestation before = verified(attest(key.secret(), request));

    assertThat(Long.decode(field(before, 0, "blockNumber"))).isEqualTo(finalized);
    assertThat(field(before, 1, "blockNumber")).isEqualTo(field(before, 0, "blockNumber"));
    assertThat(before.results().get(0).met()).as("no balance yet at the finalized block").isFalse();
    assertThat(before.results().get(0).blockTag()).contains("finalized");
    assertThat(before.results().get(1).blockTag()).contains("finalized");

    // once the funding block is final, the same request sees the balance
    devnet.rpc(10).call("anvil_mine", "0x41");
    long later = tagged("finalized");
    assertThat(later).isGreaterThanOrEqualTo(funded);

    VerifiedAttestation after = verified(attest(key.secret(), request));

    assertThat(Long.decode(field(after, 0, "blockNumber"))).isEqualTo(later);
    assertThat(after.results().get(0).met()).as("funded at or before the finalized block").isTrue();
    assertThat(after.results().get(0).blockTag()).contains("finalized");
  }

  @Test
  void safe_anchorsAtTheSafeBlock_readFromTheChainNotTheFollowedHead() {
    // follow the latest head first, so a tagged request that used it would show
    verified(attest(key.secret(), body(holder(), usdc("1"))));
    chain10.reset();
    long safe = tagged("safe");

    VerifiedAttestation answered =
        verified(attest(key.secret(), withMember(body(holder(), usdc("1")), "anchor", "safe")));

    assertThat(answered.pass()).isTrue();
    assertThat(Long.decode(field(answered, 0, "blockNumber"))).isEqualTo(safe);
    assertThat(field(answered, 0, "blockTag")).isEqualTo("safe");
    assertThat(answered.results().get(0).blockTag()).contains("safe");
    assertThat(chain10.counts().calls("eth_getBlockByNumber"))
        .as("the safe block is read, the followed latest head is not used")
        .isEqualTo(1);
  }

  @Test
  void latest_orNoAnchor_answersWithoutABlockTag() {
    Response explicit =
        attest(key.secret(), withMember(body(holder(), usdc("1")), "anchor", "latest"));
    Response implicit = attest(key.secret(), body(holder(), usdc("1")));

    for (Response response : new Response[] {explicit, implicit}) {
      VerifiedAttestation answered = verified(response);
      assertThat(answered.pass()).isTrue();
      assertThat(answered.results().get(0).asJson().has("blockTag")).isFalse();
      assertThat(response.asString()).doesNotContain("blockTag");
    }
  }

  @Test
  void aChainWithoutTheTag_isA400NamingChainAndTag_andChargesNothing() {
    TestKeys.TestKey other = TestKeys.create(pool, 10, 1000, KeyVersion.V2);

    Response polygon =
        attest(
            other.secret(),
            withMember(
                body(holder(), usdc("1"), tokenBalance(137, "native", "1")),
                "anchor",
                "finalized"));
    Response solana =
        attest(
            other.secret(),
            withMember(
                withMember(
                    body(
                        holder(),
                        Map.of(
                            "type",
                            "token_balance",
                            "chainId",
                            "solana",
                            "contractAddress",
                            "native",
                            "threshold",
                            "1")),
                    "solanaWallet",
                    "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"),
                "anchor",
                "safe"));

    assertThat(polygon.statusCode()).as(polygon.asString()).isEqualTo(400);
    assertThat(polygon.jsonPath().getString("error.message"))
        .contains("anchor \"finalized\" is not available on Polygon (chain 137, conditions[1])");
    assertThat(solana.statusCode()).as(solana.asString()).isEqualTo(400);
    assertThat(solana.jsonPath().getString("error.message"))
        .contains("anchor \"safe\" is not available on Solana (chain solana, conditions[0])");
    assertThat(chain10.counts().requests()).isZero();
    assertThat(Ledger.entries(pool, other.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
  }

  @Test
  void aFailedFinalizedRead_isA503_signsNothing_andChargesNothing() {
    TestKeys.TestKey other = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    // the latest head is followed and fresh, so only the tagged read meets the fault
    verified(attest(key.secret(), body(holder(), usdc("1"))));
    chain10.reset();
    chain10.install(
        Rule.of(
            Match.callWith("eth_getBlockByNumber", "finalized"),
            Fault.rpcError(-32603, "internal error")));

    Response refused =
        attest(other.secret(), withMember(body(holder(), usdc("1")), "anchor", "finalized"));

    assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(503);
    assertThat(refused.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(refused.jsonPath().getList("error.failedConditions.source"))
        .contains("chain_head_read");
    assertThat(refused.asString()).doesNotContain("\"sig\"");
    assertThat(chain10.counts().faults("rpc_error")).isPositive();
    assertThat(chain10.counts().calls("eth_call")).isZero();
    assertThat(Ledger.entries(pool, other.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");

    chain10.reset();
    VerifiedAttestation latest = verified(attest(other.secret(), body(holder(), usdc("1"))));
    assertThat(latest.pass()).as("the followed latest head still answers").isTrue();
  }
}
