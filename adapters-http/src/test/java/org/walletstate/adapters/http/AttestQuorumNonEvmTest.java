package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;

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
import org.walletstate.adapters.http.testbed.NonEvmTwoProviders;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code "assurance": "quorum"} end to end on the XRP Ledger and Solana: each chain read for quorum
 * requests from the two replay servers of {@link NonEvmTwoProviders}, holding the same state unless
 * a test makes {@code two} differ.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(NonEvmTwoProviders.class)
class AttestQuorumNonEvmTest {

  private static final String XRPL_WALLET = LocalNodes.XRPL_HOLDER;
  private static final String SOL_WALLET = LocalNodes.SOLANA_HOLDER;

  @Inject Pool pool;

  private NonEvmTwoProviders.States providers;
  private TestKeys.TestKey key;

  @BeforeEach
  void sameStateAndKey() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    providers =
        new NonEvmTwoProviders.States()
            .xrpl(ledger -> ledger.clear().account(XRPL_WALLET, "25000000", 0))
            .solana(chain -> chain.clear().slot(341197933).wallet(SOL_WALLET, 2_500_000_000L));
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
    providers.serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), xrpl()));

    assertThat(attestation.pass()).isTrue();
    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(attestation.results().get(0).asJson().get("ledgerHash").asText())
        .isEqualTo(providers.xrplOne.ledgerHash());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @Test
  void xrpl_aProviderWithAnotherBalance_isA503_saysTheProvidersDisagree_andChargesNothing() {
    providers.xrplTwo.account(XRPL_WALLET, "24999999", 0);
    providers.serve();

    assertRefusedAsDisagreement(attest(key.secret(), xrpl()));
  }

  @Test
  void solana_agreeingProviders_signQuorumTwoOfTwo() {
    providers.solanaTwo.slot(341197934);
    providers.serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), solana()));

    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @Test
  void solana_aProviderWithAnotherBalance_isA503_andChargesNothing() {
    providers.solanaTwo.wallet(SOL_WALLET, 1);
    providers.serve();

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
