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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code "assurance": "quorum"} end to end on the XRP Ledger, Solana, Stellar and Sui: each chain
 * read for quorum requests from two replay servers in the official API shapes, named {@code one}
 * and {@code two}, holding the same state unless a test makes {@code two} differ. Where the family
 * allows, {@code two} is a little ahead of {@code one}: the signed anchor is then {@code one}'s.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumNonEvmTest.TwoProviders.class)
class AttestQuorumNonEvmTest {

  private static final String XRPL_WALLET = LocalNodes.XRPL_HOLDER;
  private static final String SOL_WALLET = LocalNodes.SOLANA_HOLDER;
  private static final String STELLAR_WALLET = LocalNodes.STELLAR_HOLDER;
  private static final String SUI_WALLET = LocalNodes.SUI_HOLDER;
  private static final long SLOT = 341197933;
  private static final long STELLAR_LEDGER = 40074676;
  private static final String STELLAR_HASH =
      "e1218a337cecda05526fba902c61d3d7130baa58d8db41f544bf563f779b6329";
  private static final long CHECKPOINT = 164329987;
  private static final String DIGEST = "4Hp7dkzYDb3nKPFAbGfqHE3eYAvvYKbmxFYTpYDjfPPq";

  /** The families read with a quorum of two replay servers. */
  enum Family {
    XRPL,
    SOLANA,
    STELLAR,
    SUI
  }

  /** Two replay servers per chain, as its two independent providers. */
  public static final class TwoProviders implements QuarkusTestResourceLifecycleManager {
    static final JsonRpcReplay XRPL_ONE = JsonRpcReplay.start();
    static final JsonRpcReplay XRPL_TWO = JsonRpcReplay.start();
    static final JsonRpcReplay SOLANA_ONE = JsonRpcReplay.start();
    static final JsonRpcReplay SOLANA_TWO = JsonRpcReplay.start();
    static final HorizonReplay STELLAR_ONE = HorizonReplay.start();
    static final HorizonReplay STELLAR_TWO = HorizonReplay.start();
    static final JsonRpcReplay SUI_ONE = JsonRpcReplay.start();
    static final JsonRpcReplay SUI_TWO = JsonRpcReplay.start();

    @Override
    public Map<String, String> start() {
      return Map.of(
          "walletstate.chains.xrpl.providers.one.endpoints", XRPL_ONE.url().toString(),
          "walletstate.chains.xrpl.providers.two.endpoints", XRPL_TWO.url().toString(),
          "walletstate.chains.xrpl.quorum", "2",
          "walletstate.chains.solana.providers.one.endpoints", SOLANA_ONE.url().toString(),
          "walletstate.chains.solana.providers.two.endpoints", SOLANA_TWO.url().toString(),
          "walletstate.chains.stellar.providers.one.endpoints", STELLAR_ONE.url().toString(),
          "walletstate.chains.stellar.providers.two.endpoints", STELLAR_TWO.url().toString(),
          "walletstate.chains.sui.providers.one.endpoints", SUI_ONE.url().toString(),
          "walletstate.chains.sui.providers.two.endpoints", SUI_TWO.url().toString());
    }

    @Override
    public void stop() {
      List.of(XRPL_ONE, XRPL_TWO, SOLANA_ONE, SOLANA_TWO, SUI_ONE, SUI_TWO)
          .forEach(JsonRpcReplay::close);
      List.of(STELLAR_ONE, STELLAR_TWO).forEach(HorizonReplay::close);
    }
  }

  @Inject Pool pool;

  private final XrplReplay xrplOne = new XrplReplay();
  private final XrplReplay xrplTwo = new XrplReplay();
  private final SolanaReplay solanaOne = new SolanaReplay();
  private final SolanaReplay solanaTwo = new SolanaReplay();
  private final SuiReplay suiOne = new SuiReplay();
  private final SuiReplay suiTwo = new SuiReplay();
  private TestKeys.TestKey key;

  @BeforeEach
  void sameStateAndKey() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    List.of(
            TwoProviders.XRPL_ONE,
            TwoProviders.XRPL_TWO,
            TwoProviders.SOLANA_ONE,
            TwoProviders.SOLANA_TWO,
            TwoProviders.SUI_ONE,
            TwoProviders.SUI_TWO)
        .forEach(JsonRpcReplay::reset);
    for (XrplReplay ledger : List.of(xrplOne, xrplTwo)) {
      ledger.clear().account(XRPL_WALLET, "25000000", 0);
    }
    for (SolanaReplay chain : List.of(solanaOne, solanaTwo)) {
      chain.clear().slot(SLOT).wallet(SOL_WALLET, 2_500_000_000L);
    }
    for (HorizonReplay horizon : List.of(TwoProviders.STELLAR_ONE, TwoProviders.STELLAR_TWO)) {
      horizon.reset().ledger(STELLAR_LEDGER, STELLAR_HASH).account(STELLAR_WALLET, "80.8944518");
    }
    for (SuiReplay chain : List.of(suiOne, suiTwo)) {
      chain
          .clear()
          .checkpoint(CHECKPOINT, DIGEST)
          .balance(SUI_WALLET, LocalNodes.SUI_NATIVE, "3000000000");
    }
  }

  private void serve() {
    xrplOne.serveOn(TwoProviders.XRPL_ONE);
    xrplTwo.serveOn(TwoProviders.XRPL_TWO);
    solanaOne.serveOn(TwoProviders.SOLANA_ONE);
    solanaTwo.serveOn(TwoProviders.SOLANA_TWO);
    suiOne.serveOn(TwoProviders.SUI_ONE);
    suiTwo.serveOn(TwoProviders.SUI_TWO);
  }

  private static Map<String, Object> request(Family family) {
    String[] walletAndChain =
        switch (family) {
          case XRPL -> new String[] {"xrplWallet", XRPL_WALLET, "xrpl"};
          case SOLANA -> new String[] {"solanaWallet", SOL_WALLET, "solana"};
          case STELLAR -> new String[] {"stellarWallet", STELLAR_WALLET, "stellar"};
          case SUI -> new String[] {"suiWallet", SUI_WALLET, "sui"};
        };
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", walletAndChain[2]);
    condition.put("contractAddress", "native");
    condition.put("threshold", "1");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(walletAndChain[0], walletAndChain[1]);
    body.put("conditions", List.of(condition));
    body.put("assurance", "quorum");
    return body;
  }

  /** Provider two a little ahead where the family allows; the anchor member signed: one's. */
  private Map.Entry<String, String> twoAheadOfOne(Family family) {
    return switch (family) {
      case XRPL -> Map.entry("ledgerHash", xrplOne.ledgerHash());
      case SOLANA -> {
        solanaTwo.slot(SLOT + 1);
        yield Map.entry("slot", Long.toString(SLOT));
      }
      case STELLAR -> {
        TwoProviders.STELLAR_TWO
            .ledger(STELLAR_LEDGER + 1, "ab".repeat(32))
            .account(STELLAR_WALLET, "80.8944518");
        yield Map.entry("ledgerHash", STELLAR_HASH);
      }
      case SUI -> {
        suiTwo.checkpoint(CHECKPOINT + 1, "5yWvPgzZ2mJtR8kLh3QbNcX7aDfE9uVs6HqTnBpWxYrK");
        suiTwo.alsoHolds(CHECKPOINT, DIGEST);
        yield Map.entry("checkpointDigest", DIGEST);
      }
    };
  }

  /** Provider two answers another balance of the wallet than provider one. */
  private void twoDiffers(Family family) {
    switch (family) {
      case XRPL -> xrplTwo.account(XRPL_WALLET, "24999999", 0);
      case SOLANA -> solanaTwo.wallet(SOL_WALLET, 1);
      case STELLAR -> TwoProviders.STELLAR_TWO.account(STELLAR_WALLET, "80.8944517");
      case SUI -> suiTwo.balance(SUI_WALLET, LocalNodes.SUI_NATIVE, "2999999999");
    }
  }

  @ParameterizedTest
  @EnumSource(Family.class)
  void agreeingProviders_signQuorumTwoOfTwo_atTheLowerAnchor_andChargeTheQuorumPrice(
      Family family) {
    Map.Entry<String, String> anchor = twoAheadOfOne(family);
    serve();

    VerifiedAttestation attestation = verified(attest(key.secret(), request(family)));

    assertThat(attestation.pass()).isTrue();
    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    assertThat(attestation.results().get(0).asJson().get(anchor.getKey()).asText())
        .isEqualTo(anchor.getValue());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
  }

  @ParameterizedTest
  @EnumSource(Family.class)
  void aProviderWithAnotherBalance_isA503_saysTheProvidersDisagree_andChargesNothing(
      Family family) {
    twoDiffers(family);
    serve();

    assertRefusedAsDisagreement(attest(key.secret(), request(family)));
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
