package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What {@code POST /v1/attest} does alike on every chain family served by a replay (Solana, XRPL,
 * Tron, Stellar, Sui, Bitcoin): a native and a token {@code token_balance} met at what the wallet
 * holds and not met one base unit above, Merkle proofs declined with the premium refunded, and a
 * node that cannot be reached turned into a 503 {@code rpc_failure}, unsigned and uncharged. What
 * only one family does (anchors and their signed members, address kinds, freezes and
 * authorisations, decimals rules, the 400s) stays in that family's class ({@link AttestTronTest},
 * {@link AttestStellarTest}, {@link AttestSuiTest}, {@link AttestBitcoinTest}, {@link
 * AttestSolanaXrplTest}).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestFamiliesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  /**
   * A family as these tests use it: its wallet, a native and (where the family has tokens) a token
   * condition with the threshold the wallet meets exactly and the one just above it, how its replay
   * is arranged, and how its node is made unreachable.
   */
  record Family(
      String chainId,
      String walletMember,
      String wallet,
      Holding nativeHolding,
      Holding token,
      Runnable arrange,
      Runnable cutOff) {

    @Override
    public String toString() {
      return chainId;
    }

    List<Holding> holdings() {
      return token == null ? List.of(nativeHolding) : List.of(nativeHolding, token);
    }
  }

  /** A {@code token_balance} condition's members, the threshold held and the one above it. */
  record Holding(Map<String, Object> members, String held, String above) {}

  static Stream<Family> families() {
    return Stream.of(solana(), xrpl(), tron(), stellar(), sui(), bitcoin());
  }

  private static Family solana() {
    String wallet = AttestSolanaXrplTest.SOL_WALLET;
    String mint = AttestSolanaXrplTest.MINT;
    SolanaReplay solana = new SolanaReplay();
    return new Family(
        "solana",
        "solanaWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "2.5", "2.500000001"),
        new Holding(Map.of("contractAddress", mint), "420000000", "420000000.000001"),
        () -> {
          solana.clear().slot(341197933);
          solana.wallet(wallet, 2_500_000_000L);
          solana.mint(mint, 6, SolanaReplay.TOKEN);
          solana.tokenAccount(
              AttestSolanaXrplTest.ATA, wallet, mint, "420000000000000", 6, SolanaReplay.TOKEN);
          solana.serveOn(DevnetTestResource.solana());
        },
        () -> DevnetTestResource.solana().on("getMultipleAccounts", Reply.dropped()));
  }

  private static Family xrpl() {
    String wallet = AttestSolanaXrplTest.XRPL_WALLET;
    String issuer = AttestSolanaXrplTest.ISSUER;
    XrplReplay xrpl = new XrplReplay();
    return new Family(
        "xrpl",
        "xrplWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "25", "25.000001"),
        new Holding(Map.of("contractAddress", issuer, "currency", "USD"), "150.25", "150.26"),
        () -> {
          xrpl.clear();
          xrpl.account(wallet, "25000000", 0);
          xrpl.account(issuer, "1000000000", 0);
          xrpl.line(wallet, issuer, "USD", "150.25", false, false, false);
          xrpl.serveOn(DevnetTestResource.xrpl());
        },
        () -> DevnetTestResource.xrpl().on("ledger", Reply.dropped()));
  }

  private static Family tron() {
    String wallet = LocalNodes.TRON_HOLDER;
    String usdt = LocalNodes.TRON_USDT;
    TronReplay tron = new TronReplay();
    return new Family(
        "tron",
        "tronWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "1793.2272", "1793.227201"),
        new Holding(Map.of("contractAddress", usdt), "1087.36", "1087.360001"),
        () -> {
          tron.clear();
          tron.account(wallet, 1_793_227_200L);
          tron.token(usdt, 6);
          tron.holds(usdt, LocalNodes.TRON_HOLDER_HEX, BigInteger.valueOf(1087360000));
          tron.serveOn(DevnetTestResource.tron());
        },
        () -> DevnetTestResource.tron().on("/walletsolidity/getnowblock", Reply.dropped()));
  }

  private static Family stellar() {
    String wallet = LocalNodes.STELLAR_HOLDER;
    String issuer = LocalNodes.STELLAR_ISSUER;
    return new Family(
        "stellar",
        "stellarWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "80.8944518", "80.8944519"),
        new Holding(
            Map.of("contractAddress", issuer, "assetCode", "EURT"), "150.25", "150.2500001"),
        () -> {
          DevnetTestResource.stellar().account(wallet, "80.8944518");
          DevnetTestResource.stellar().trustline(wallet, "EURT", issuer, "150.2500000", true);
        },
        () -> DevnetTestResource.stellar().fail("ledgers", Reply.dropped()));
  }

  private static Family sui() {
    String wallet = LocalNodes.SUI_HOLDER;
    String usdc = LocalNodes.SUI_USDC;
    SuiReplay sui = new SuiReplay();
    return new Family(
        "sui",
        "suiWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "3", "3.000000001"),
        new Holding(Map.of("contractAddress", usdc), "250", "250.000001"),
        () -> {
          sui.clear();
          sui.balance(wallet, LocalNodes.SUI_NATIVE, "3000000000");
          sui.balance(wallet, usdc, "250000000");
          sui.coin(usdc, 6);
          sui.serveOn(DevnetTestResource.sui());
        },
        () -> DevnetTestResource.sui().on("graphql", Reply.dropped()));
  }

  private static Family bitcoin() {
    String wallet = LocalNodes.BITCOIN_HOLDER;
    BitcoinReplay bitcoin = new BitcoinReplay();
    return new Family(
        "bitcoin",
        "bitcoinWallet",
        wallet,
        new Holding(Map.of("contractAddress", "native"), "0.001", "0.00100001"),
        null,
        () -> {
          bitcoin.clear();
          bitcoin.address(wallet, 150_000, 50_000, 0, 0);
          bitcoin.serveOn(DevnetTestResource.bitcoin());
        },
        () -> DevnetTestResource.bitcoin().on("/blocks/tip/hash", Reply.status(503)));
  }

  @Inject Pool pool;

  private TestKeys.TestKey key;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    resetReplays();
  }

  private static void resetReplays() {
    DevnetTestResource.solana().reset();
    DevnetTestResource.xrpl().reset();
    DevnetTestResource.tron().reset();
    DevnetTestResource.stellar().reset();
    DevnetTestResource.sui().reset();
    DevnetTestResource.bitcoin().reset();
  }

  private static void arrange(Family family) {
    resetReplays();
    family.arrange().run();
  }

  private static Map<String, Object> body(Family family, List<Map<String, Object>> conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(family.walletMember(), family.wallet());
    body.put("conditions", conditions);
    return body;
  }

  private static Map<String, Object> condition(Family family, Holding holding, String threshold) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", family.chainId());
    condition.putAll(holding.members());
    condition.put("threshold", threshold);
    return condition;
  }

  private static JsonNode results(Response response) throws Exception {
    verified(response);
    return JSON.readTree(response.asString()).path("data").path("attestation").path("results");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("families")
  void tokenBalance_nativeAndToken_metAtWhatIsHeld_notMetOneUnitAbove(Family family)
      throws Exception {
    arrange(family);
    List<Map<String, Object>> conditions = new ArrayList<>();
    List<Boolean> expected = new ArrayList<>();
    for (Holding holding : family.holdings()) {
      conditions.add(condition(family, holding, holding.held()));
      conditions.add(condition(family, holding, holding.above()));
      expected.addAll(List.of(true, false));
    }

    JsonNode results = results(attest(key.secret(), body(family, conditions)));

    assertThat(results.findValues("met").stream().map(JsonNode::asBoolean))
        .containsExactlyElementsOf(expected);
    assertThat(results.findValues("chainId").stream().map(JsonNode::asText))
        .containsOnly(family.chainId());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("families")
  void merkleProofs_areDeclined_andThePremiumRefunded(Family family) throws Exception {
    arrange(family);
    List<Map<String, Object>> conditions = new ArrayList<>();
    family.holdings().forEach(holding -> conditions.add(condition(family, holding, "0.000001")));
    Map<String, Object> body = body(family, conditions);
    body.put("proof", "merkle");

    Response response = attest(key.secret(), body);

    JsonNode results = results(response);
    assertThat(results).hasSize(conditions.size());
    for (JsonNode result : results) {
      assertThat(result.path("proof").path("available").asBoolean()).isFalse();
      assertThat(result.path("proof").path("reason").asText()).isNotBlank();
    }
    assertThat(JSON.readTree(response.asString()).path("meta").path("creditsCharged").asInt())
        .isEqualTo(1);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("families")
  void anUnreachableNode_isA503RpcFailure_unsignedAndUncharged(Family family) {
    arrange(family);
    family.cutOff().run();

    Response response =
        attest(
            key.secret(),
            body(family, List.of(condition(family, family.nativeHolding(), "0.000001"))));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId"))
        .isEqualTo(family.chainId());
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }
}
