package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
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
import org.walletstate.devnet.ForkedNode;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.InsufficientAssuranceException;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code "assurance": "quorum"} end to end: chain 1 read for quorum requests from two providers,
 * two anvils forked from the devnet at one block (same block, same state), named {@code one} and
 * {@code two}. A test makes {@code two} differ with a cheat, undone after it (both nodes are
 * reverted to their snapshots).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumTest.TwoProviders.class)
class AttestQuorumTest {

  private static final long CHAIN = 1;

  /** Two forks of chain 1 at its current block, as the chain's two independent providers. */
  public static final class TwoProviders implements QuarkusTestResourceLifecycleManager {
    static ForkedNode one;
    static ForkedNode two;

    @Override
    public Map<String, String> start() {
      Devnet devnet = Devnet.shared();
      one = ForkedNode.of(devnet, CHAIN);
      two = ForkedNode.of(devnet, CHAIN);
      String chain = "walletstate.chains.evm.\"" + CHAIN + "\".";
      return Map.of(
          chain + "providers.one.endpoints", one.url().toString(),
          chain + "providers.two.endpoints", two.url().toString(),
          chain + "quorum", "2");
    }

    @Override
    public void stop() {
      one.close();
      two.close();
    }
  }

  @Inject Pool pool;

  private final String holder = Devnet.shared().manifest().wallet("holder").address();
  private TestKeys.TestKey key;
  private String snapshotOne;
  private String snapshotTwo;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    snapshotOne = TwoProviders.one.rpc().call("evm_snapshot").asText();
    snapshotTwo = TwoProviders.two.rpc().call("evm_snapshot").asText();
  }

  @AfterEach
  void undo() {
    TwoProviders.one.rpc().call("evm_revert", snapshotOne);
    TwoProviders.two.rpc().call("evm_revert", snapshotTwo);
  }

  private Map<String, Object> request(String assurance) {
    Map<String, Object> request = body(holder, tokenBalance(CHAIN, "native", "1"));
    return assurance == null ? request : withMember(request, "assurance", assurance);
  }

  @Test
  void agreeingProviders_signQuorumTwoOfTwo_andChargeTheQuorumPrice() {
    VerifiedAttestation attestation = verified(attest(key.secret(), request("quorum")));

    assertThat(attestation.pass()).isTrue();
    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    // walletstate.chains.quorum.sign-provider-names is off by default: no provider is named
    assertThat(attestation.results().get(0).readAssurance().orElseThrow().names()).isEmpty();
    assertThat(attestation.results().get(0).asJson().get("readAssurance").has("names")).isFalse();
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(Long.decode(attestation.results().get(0).asJson().get("blockNumber").asText()))
        .isEqualTo(TwoProviders.one.forkBlock());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @Test
  void withoutTheOption_nothingMoreIsSigned_andOneCreditIsCharged() {
    TwoProviders.two.rpc().call("anvil_setBalance", holder, "0x1");

    VerifiedAttestation attestation = verified(attest(key.secret(), request(null)));

    assertThat(attestation.results().get(0).readAssurance()).isEmpty();
    assertThat(attestation.results().get(0).asJson().has("readAssurance")).isFalse();
    assertThatThrownBy(() -> attestation.requireQuorum(2))
        .isInstanceOf(InsufficientAssuranceException.class);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(99);
  }

  @Test
  void singleAssurance_signsSingle() {
    VerifiedAttestation attestation = verified(attest(key.secret(), request("single")));

    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("single", 1, 1));
  }

  @Test
  void aProviderWithAnotherBalance_isA503_saysTheProvidersDisagree_andChargesNothing() {
    // Quorum reads are cached per provider and block hash, and other tests may have read the fork
    // block: a balance set on it now would change state at a block hash, which a real chain
    // cannot do, and the cached answers would rightly still agree. So the balance is set on two and
    // then one new block is mined on both at one timestamp. A forked anvil computes no state root
    // (it is zero), so both hold the same block (same hash) and two answers another balance at it:
    // a provider that lies about the block the providers agree on. The timestamp is used by no
    // other block mined in these tests, so no other state shares this block's hash.
    TwoProviders.two.rpc().call("anvil_setBalance", holder, "0x1");
    long timestamp = latestTimestamp(TwoProviders.one) + 1_000;
    TwoProviders.one.rpc().call("evm_mine", timestamp);
    TwoProviders.two.rpc().call("evm_mine", timestamp);
    assertThat(blockHash(TwoProviders.two, TwoProviders.two.forkBlock() + 1))
        .as("one block on both providers")
        .isEqualTo(blockHash(TwoProviders.one, TwoProviders.one.forkBlock() + 1));

    Response response = attest(key.secret(), request("quorum"));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].message"))
        .contains("providers disagree");
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("chain_head_read");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
  }

  private static long latestTimestamp(ForkedNode node) {
    return Long.decode(
        node.rpc().call("eth_getBlockByNumber", "latest", false).get("timestamp").asText());
  }

  private static String blockHash(ForkedNode node, long number) {
    return node.rpc()
        .call("eth_getBlockByNumber", "0x" + Long.toHexString(number), false)
        .get("hash")
        .asText();
  }
}
