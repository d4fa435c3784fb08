package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;

/**
 * Discounts from Solana and XRP Ledger holdings, read from the replay servers in the chains'
 * documented answer shapes: an EVM token with an alsoOn Solana mint summed across both, XRPL trust
 * lines (a frozen one earns nothing), XRPL NFTs, and a Solana or XRPL read that does not complete
 * (503, nothing charged, no code).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class DiscountsSolanaXrplTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final DevnetManifest M = Devnet.shared().manifest();
  static final String HOLDER = M.wallet("holder").address();
  static final String SOL_WALLET = AttestSolanaXrplTest.SOL_WALLET;
  static final String MINT = AttestSolanaXrplTest.MINT;
  static final String XRPL_WALLET = AttestSolanaXrplTest.XRPL_WALLET;
  static final String ISSUER = AttestSolanaXrplTest.ISSUER;
  static final String FROZEN_ISSUER = AttestSolanaXrplTest.FROZEN_ISSUER;
  static final String NFT_ISSUER = AttestSolanaXrplTest.NFT_ISSUER;

  @Inject Pool pool;

  private final JsonRpcReplay solanaRpc = DevnetTestResource.solana();
  private final JsonRpcReplay xrplRpc = DevnetTestResource.xrpl();
  private final SolanaReplay solana = new SolanaReplay();
  private final XrplReplay xrpl = new XrplReplay();

  @BeforeEach
  void chains() {
    solanaRpc.reset();
    xrplRpc.reset();
    solana.clear().slot(341197933);
    solana.wallet(SOL_WALLET, 2_500_000_000L);
    // 2,000.5 of the mint (6 decimals)
    solana.mint(MINT, 6, SolanaReplay.TOKEN);
    solana.tokenAccount(
        AttestSolanaXrplTest.ATA, SOL_WALLET, MINT, "2000500000", 6, SolanaReplay.TOKEN);
    solana.serveOn(solanaRpc);
    xrpl.clear();
    xrpl.account(XRPL_WALLET, "25000000", 0);
    xrpl.account(ISSUER, "1000000000", 0);
    xrpl.account(FROZEN_ISSUER, "1000000000", 0x00400000);
    xrpl.account(NFT_ISSUER, "1000000000", 0);
    xrpl.line(XRPL_WALLET, ISSUER, "USD", "150.25", false, false, false);
    xrpl.line(XRPL_WALLET, FROZEN_ISSUER, "EUR", "500", false, false, false);
    xrpl.nft(XRPL_WALLET, NFT_ISSUER, 42, 4);
    xrpl.serveOn(xrplRpc);
  }

  @AfterEach
  void quiet() {
    solanaRpc.reset();
    xrplRpc.reset();
  }

  static String freeKey() {
    return DiscountsTest.freeKey();
  }

  static String tiers(String threshold, int discount) {
    return "[{\"name\":\"T"
        + discount
        + "\",\"threshold\":\""
        + threshold
        + "\",\"discount\":"
        + discount
        + "}]";
  }

  String store(String key, String tokens, String nfts, String settings) {
    String id = "dx-" + UUID.randomUUID().toString().substring(0, 10);
    MerchantsTest.as(key)
        .body(Map.of("companyName", "Dx " + id, "companyId", id))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    DiscountsTest.put(key, id, "tokens", tokens);
    if (nfts != null) {
      DiscountsTest.put(key, id, "nfts", nfts);
    }
    if (settings != null) {
      DiscountsTest.put(key, id, "settings", settings);
    }
    return id;
  }

  long codes(String id) {
    return pool.preparedQuery("select count(*) as n from discount_code where merchant_id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("n");
  }

  static Response verify(String key, Map<String, Object> body) {
    return MerchantsTest.as(key).body(body).post("/v1/verify");
  }

  @Test
  void alsoOnSolana_isSummedWithTheEvmNetwork_andTheTierAwardedOnce() throws Exception {
    String key = freeKey();
    // dUSD 1500.25 on 8453 + 2000.5 of the mint on Solana = 3500.75
    String token =
        "{\"ownToken\":{\"symbol\":\"dUSD\",\"chainId\":8453,\"contractAddress\":\""
            + M.chain(8453).address("token6")
            + "\",\"decimals\":6,\"tiers\":[{\"name\":\"Low\",\"threshold\":\"2000\",\"discount\":5},"
            + "{\"name\":\"High\",\"threshold\":\"3500.75\",\"discount\":12}],\"alsoOn\":[{\"chainId\":\"solana\","
            + "\"contractAddress\":\""
            + MINT
            + "\"}]}}";
    String id = store(key, token, null, null);
    Map<String, Object> both = new HashMap<>();
    both.put("merchantId", id);
    both.put("wallet", HOLDER);
    both.put("solanaWallet", SOL_WALLET);
    Response r = verify(key, both);
    r.then().statusCode(200).body("data.discountPercent", equalTo(12));
    JsonNode breakdown = JSON.readTree(r.asString()).path("data").path("breakdown");
    assertThat(breakdown).hasSize(1);
    assertThat(breakdown.get(0).path("tier").asText()).isEqualTo("High");
    assertThat(Verifier.fromServedKeys().verifyDiscount(r.asString()).discountPercent())
        .isEqualTo(12);

    // the EVM wallet alone holds 1500.25: no tier
    verify(key, Map.of("merchantId", id, "wallet", HOLDER))
        .then()
        .statusCode(200)
        .body("data.discountPercent", equalTo(0))
        .body("data.verified", equalTo(false));

    // a Solana snapshot that cannot be taken refuses the whole check
    solanaRpc.on("getMultipleAccounts", Reply.status(503));
    long before = codes(id);
    verify(key, both).then().statusCode(503).body("error.code", equalTo("rpc_failure"));
    assertThat(codes(id)).isEqualTo(before);
  }

  @Test
  void xrplTrustLines_frozenLinesEarnNothing_andNftsByIssuerAndTaxon() throws Exception {
    String key = freeKey();
    String tokens =
        "{\"ownToken\":{\"symbol\":\"RUSD\",\"chainId\":\"xrpl\",\"contractAddress\":\""
            + ISSUER
            + "\",\"currency\":\"USD\",\"decimals\":6,\"tiers\":"
            + tiers("150.25", 7)
            + "},\"partnerTokens\":[{\"symbol\":\"FEUR\",\"chainId\":\"xrpl\",\"contractAddress\":\""
            + FROZEN_ISSUER
            + "\",\"currency\":\"EUR\",\"decimals\":6,\"tiers\":"
            + tiers("1", 40)
            + "}]}";
    String nfts =
        "{\"nftCollections\":[{\"name\":\"Ledger Pass\",\"chainId\":\"xrpl\",\"contractAddress\":\""
            + NFT_ISSUER
            + "\",\"taxon\":42,\"discount\":9},{\"name\":\"Other Taxon\",\"chainId\":\"xrpl\","
            + "\"contractAddress\":\""
            + NFT_ISSUER
            + "\",\"taxon\":43,\"discount\":30}]}";
    String id = store(key, tokens, nfts, "{\"discountMode\":\"stack\"}");
    Response r = verify(key, Map.of("merchantId", id, "xrplWallet", XRPL_WALLET));
    r.then().statusCode(200).body("data.discountPercent", equalTo(7 + 9));
    List<String> earned = new ArrayList<>();
    JSON.readTree(r.asString())
        .path("data")
        .path("breakdown")
        .forEach(e -> earned.add(e.path("symbol").asText()));
    assertThat(earned).containsExactly("RUSD", "Ledger Pass");
    assertThat(Verifier.fromServedKeys().verifyDiscount(r.asString()).discountPercent())
        .isEqualTo(16);

    xrplRpc.on("ledger", Reply.dropped());
    long before = codes(id);
    verify(key, Map.of("merchantId", id, "xrplWallet", XRPL_WALLET)).then().statusCode(503);
    assertThat(codes(id)).isEqualTo(before);
  }
}
