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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * {@code "assurance": "quorum"} end to end on every non-EVM family (the XRP Ledger, Solana,
 * Bitcoin, Tron, Stellar and Sui): each chain read for quorum requests from two replay servers in
 * the official API shapes, named {@code one} and {@code two}, holding the same state unless a test
 * makes {@code two} differ. Where the family allows, {@code two} is a little ahead of {@code one}:
 * the signed anchor is then {@code one}'s.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(NonEvmTwoProviders.class)
class AttestQuorumNonEvmTest {

  private static final String XRPL_WALLET = LocalNodes.XRPL_HOLDER;
  private static final String SOL_WALLET = LocalNodes.SOLANA_HOLDER;
  private static final String BTC_WALLET = LocalNodes.BITCOIN_HOLDER;
  private static final String TRON_WALLET = LocalNodes.TRON_HOLDER;
  private static final String STELLAR_WALLET = LocalNodes.STELLAR_HOLDER;
  private static final String SUI_WALLET = LocalNodes.SUI_HOLDER;
  private static final long STELLAR_LEDGER = 40074676;
  private static final String STELLAR_HASH =
      "e1218a337cecda05526fba902c61d3d7130baa58d8db41f544bf563f779b6329";
  private static final long CHECKPOINT = 164329987;
  private static final String DIGEST = "4Hp7dkzYDb3nKPFAbGfqHE3eYAvvYKbmxFYTpYDjfPPq";

  /**
   * One family's request: its wallet member and wallet, the anchor member a result signs and the
   * value provider {@code one} holds there.
   */
  private record Family(String wallets, String wallet, String anchorMember, String anchor) {}

  @Inject Pool pool;

  private NonEvmTwoProviders.States states;
  private TestKeys.TestKey key;

  @BeforeEach
  void sameStateAndKey() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    states =
        new NonEvmTwoProviders.States()
            .xrpl(ledger -> ledger.clear().account(XRPL_WALLET, "25000000", 0))
            .solana(chain -> chain.clear().slot(341197933).wallet(SOL_WALLET, 2_500_000_000L))
            .bitcoin(chain -> chain.clear().address(BTC_WALLET, 150_000, 50_000, 0, 0))
            .tron(chain -> chain.clear().account(TRON_WALLET, 1_793_227_200L))
            .stellar(
                horizon ->
                    horizon
                        .ledger(STELLAR_LEDGER, STELLAR_HASH)
                        .account(STELLAR_WALLET, "80.8944518"))
            .sui(
                chain ->
                    chain
                        .clear()
                        .checkpoint(CHECKPOINT, DIGEST)
                        .balance(SUI_WALLET, LocalNodes.SUI_NATIVE, "3000000000"));
  }

  private Family family(String chain) {
    return switch (chain) {
      case "xrpl" ->
          new Family("xrplWallet", XRPL_WALLET, "ledgerHash", states.xrplOne.ledgerHash());
      case "solana" -> new Family("solanaWallet", SOL_WALLET, "slot", "341197933");
      case "bitcoin" ->
          new Family("bitcoinWallet", BTC_WALLET, "blockHash", states.bitcoinOne.hash());
      case "tron" -> new Family("tronWallet", TRON_WALLET, "blockHash", states.tronOne.blockId());
      case "stellar" -> new Family("stellarWallet", STELLAR_WALLET, "ledgerHash", STELLAR_HASH);
      case "sui" -> new Family("suiWallet", SUI_WALLET, "checkpointDigest", DIGEST);
      default -> throw new IllegalArgumentException(chain);
    };
  }

  /** Provider {@code two} a little ahead of {@code one}, within the chain's lag, same values. */
  private void twoAhead(String chain) {
    switch (chain) {
      case "solana" -> states.solanaTwo.slot(341197934);
      case "bitcoin" ->
          states.bitcoinTwo.tip(states.bitcoinOne.height() + 1, "00000000" + "ab".repeat(28));
      case "tron" ->
          states.tronTwo.head(states.tronOne.number() + 2, "0000000003fe266d" + "cd".repeat(24));
      case "stellar" ->
          NonEvmTwoProviders.stellarServers()
              .get(1)
              .ledger(STELLAR_LEDGER + 1, "ab".repeat(32))
              .account(STELLAR_WALLET, "80.8944518");
      case "sui" ->
          states
              .suiTwo
              .checkpoint(CHECKPOINT + 1, "5yWvPgzZ2mJtR8kLh3QbNcX7aDfE9uVs6HqTnBpWxYrK")
              .alsoHolds(CHECKPOINT, DIGEST);
      default -> {
        // the XRPL case of a provider ahead is in QuorumSnapshotChainStateTest
      }
    }
  }

  /** Provider {@code two} answering another balance for the wallet. */
  private void anotherBalanceOnTwo(String chain) {
    switch (chain) {
      case "xrpl" -> states.xrplTwo.account(XRPL_WALLET, "24999999", 0);
      case "solana" -> states.solanaTwo.wallet(SOL_WALLET, 1);
      case "bitcoin" -> states.bitcoinTwo.address(BTC_WALLET, 150_000, 50_001, 0, 0);
      case "tron" -> states.tronTwo.account(TRON_WALLET, 1);
      case "stellar" ->
          NonEvmTwoProviders.stellarServers().get(1).account(STELLAR_WALLET, "80.8944517");
      case "sui" -> states.suiTwo.balance(SUI_WALLET, LocalNodes.SUI_NATIVE, "2999999999");
      default -> throw new IllegalArgumentException(chain);
    }
  }

  private Map<String, Object> request(String chain) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", chain);
    condition.put("contractAddress", "native");
    condition.put("threshold", "0.0001");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(family(chain).wallets(), family(chain).wallet());
    body.put("conditions", List.of(condition));
    body.put("assurance", "quorum");
    return body;
  }

  @ParameterizedTest
  @ValueSource(strings = {"xrpl", "solana", "bitcoin", "tron", "stellar", "sui"})
  void agreeingProviders_signQuorumTwoOfTwo_atTheLowerAnchor_andChargeTheQuorumPrice(String chain) {
    twoAhead(chain);
    states.serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), request(chain)));

    assertThat(attestation.pass()).isTrue();
    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(attestation.results().get(0).asJson().get(family(chain).anchorMember()).asText())
        .isEqualTo(family(chain).anchor());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @ParameterizedTest
  @ValueSource(strings = {"xrpl", "solana", "bitcoin", "tron", "stellar", "sui"})
  void aProviderWithAnotherBalance_isA503_saysTheProvidersDisagree_andChargesNothing(String chain) {
    anotherBalanceOnTwo(chain);
    states.serve();

    assertRefusedAsDisagreement(attest(key.secret(), request(chain)));
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
