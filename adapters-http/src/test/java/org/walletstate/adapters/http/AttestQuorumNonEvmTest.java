package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code "assurance": "quorum"} end to end on the XRP Ledger and Solana: each chain read for quorum
 * requests from two replay servers in the official API shapes, named {@code one} and {@code two},
 * holding the same state unless a test makes {@code two} differ.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumNonEvmTest.TwoProviders.class)
class AttestQuorumNonEvmTest {

  private static final String XRPL_WALLET = LocalNodes.XRPL_HOLDER;
  private static final String SOL_WALLET = LocalNodes.SOLANA_HOLDER;

  /** Two replay servers per chain, as its two independent providers. */
  public static final class TwoProviders implements QuarkusTestResourceLifecycleManager {
    static final JsonRpcReplay XRPL_ONE = JsonRpcReplay.start();
    static final JsonRpcReplay XRPL_TWO = JsonRpcReplay.start();
    static final JsonRpcReplay SOLANA_ONE = JsonRpcReplay.start();
    static final JsonRpcReplay SOLANA_TWO = JsonRpcReplay.start();

    @Override
    public Map<String, String> start() {
      return Map.of(
          "walletstate.chains.xrpl.providers.one.endpoints", XRPL_ONE.url().toString(),
          "walletstate.chains.xrpl.providers.two.endpoints", XRPL_TWO.url().toString(),
          "walletstate.chains.xrpl.quorum", "2",
          "walletstate.chains.solana.providers.one.endpoints", SOLANA_ONE.url().toString(),
          "walletstate.chains.solana.providers.two.endpoints", SOLANA_TWO.url().toString());
    }

    @Override
    public void stop() {
      List.of(XRPL_ONE, XRPL_TWO, SOLANA_ONE, SOLANA_TWO).forEach(JsonRpcReplay::close);
    }
  }

  @Inject Pool pool;

  private final XrplReplay xrplOne = new XrplReplay();
  private final XrplReplay xrplTwo = new XrplReplay();
  private final SolanaReplay solanaOne = new SolanaReplay();
  private final SolanaReplay solanaTwo = new SolanaReplay();
  private TestKeys.TestKey key;

  @BeforeEach
  void sameStateAndKey() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    List.of(
            TwoProviders.XRPL_ONE,
            TwoProviders.XRPL_TWO,
            TwoProviders.SOLANA_ONE,
            TwoProviders.SOLANA_TWO)
        .forEach(JsonRpcReplay::reset);
    for (XrplReplay ledger : List.of(xrplOne, xrplTwo)) {
      ledger.clear().account(XRPL_WALLET, "25000000", 0);
    }
    for (SolanaReplay chain : List.of(solanaOne, solanaTwo)) {
      chain.clear().slot(341197933).wallet(SOL_WALLET, 2_500_000_000L);
    }
  }

  private void serve() {
    xrplOne.serveOn(TwoProviders.XRPL_ONE);
    xrplTwo.serveOn(TwoProviders.XRPL_TWO);
    solanaOne.serveOn(TwoProviders.SOLANA_ONE);
    solanaTwo.serveOn(TwoProviders.SOLANA_TWO);
  }

  private static Map<String, Object> request(String wallets, String wallet, String chain) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", chain);
    condition.put("contractAddress", "native");
    condition.put("threshold", "1");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(wallets, wallet);
    body.put("conditions", List.of(condition));
    body.put("assurance", "quorum");
    return body;
  }

  private static Map<String, Object> xrpl() {
    return request("xrplWallet", XRPL_WALLET, "xrpl");
  }

  private static Map<String, Object> solana() {
    return request("solanaWallet", SOL_WALLET, "solana");
  }

  @Test
  void xrpl_agreeingProviders_signQuorumTwoOfTwo_atTheirLedger_andChargeTheQuorumPrice() {
    serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), xrpl()));

    assertThat(attestation.pass()).isTrue();
    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(attestation.results().get(0).asJson().get("ledgerHash").asText())
        .isEqualTo(xrplOne.ledgerHash());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @Test
  void xrpl_aProviderWithAnotherBalance_isA503_saysTheProvidersDisagree_andChargesNothing() {
    xrplTwo.account(XRPL_WALLET, "24999999", 0);
    serve();

    assertRefusedAsDisagreement(attest(key.secret(), xrpl()));
  }

  @Test
  void solana_agreeingProviders_signQuorumTwoOfTwo() {
    solanaTwo.slot(341197934);
    serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), solana()));

    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @Test
  void solana_aProviderWithAnotherBalance_isA503_andChargesNothing() {
    solanaTwo.wallet(SOL_WALLET, 1);
    serve();

    assertRefusedAsDisagreement(attest(key.secret(), solana()));
  }

  private void assertRefusedAsDisagreement(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].message"))
        .contains("providers disagree");
    assertThat(response.asString()).doesNotContain("\"signature\"");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
  }
}
