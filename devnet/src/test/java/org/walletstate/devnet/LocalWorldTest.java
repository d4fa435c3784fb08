package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.devnet.replay.LocalNodes;

/**
 * What {@code ./run.sh --devnet} starts beside the devnet: the six local nodes answer their
 * family's documented calls from the scenario, the BTC/USD feed answers at Chainlink's address on
 * chain 1, the x402 facilitator supports Base and Solana, and the settings name all of it.
 */
class LocalWorldTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static Devnet devnet;
  private static LocalWorld world;

  @BeforeAll
  static void start() {
    devnet = Devnet.start();
    Path list =
        Devnet.locateDirectory()
            .getParent()
            .resolve("domain/src/main/resources/org/walletstate/domain/trust")
            .resolve("trust-checks-2026-10-08.tsv");
    world = LocalWorld.start(devnet.directory(), devnet.manifest(), list, true);
  }

  @AfterAll
  static void stop() {
    world.close();
    devnet.close();
  }

  private static JsonNode post(URI url, String body) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(url)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static JsonNode get(URI url) throws Exception {
    HttpResponse<String> response =
        HTTP.send(HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static URI node(String family, String path) {
    return world.nodes().urls().get(family).resolve(path);
  }

  @Test
  void settings_pointTheServiceAtEveryLocalNode_andTheDevnetsPaymentWallets() {
    Map<String, String> p = world.properties();
    for (String family : new String[] {"solana", "xrpl", "bitcoin", "tron", "stellar", "sui"}) {
      assertThat(p.get("walletstate.chains." + family + ".endpoints"))
          .isEqualTo(world.nodes().urls().get(family).toString());
    }
    DevnetManifest m = devnet.manifest();
    assertThat(p)
        .containsEntry("walletstate.x402.pay-to-evm", m.wallet("treasury").address())
        .containsEntry("walletstate.payments.receiver-evm", m.wallet("treasury").address())
        .containsEntry(
            "walletstate.payments.access-pass.contract", m.chain(8453).address("accessPass"))
        .containsEntry(
            "walletstate.payments.access-pass.minter-key",
            m.wallet("passMinter").privateKey().orElseThrow())
        .containsEntry(
            "walletstate.x402.relayer-key", m.wallet("relayer").privateKey().orElseThrow())
        .containsEntry("walletstate.x402.facilitator-url", world.facilitator().url().toString())
        .containsKeys(
            "walletstate.x402.pay-to-solana",
            "walletstate.payments.receiver-solana",
            "walletstate.payments.receiver-tron",
            "walletstate.payments.receiver-bitcoin");
  }

  @Test
  void solana_answersTheHoldersTokenAccounts_inTheDocumentedShape() throws Exception {
    JsonNode answer =
        post(
            node("solana", "/"),
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"getTokenAccountsByOwner\",\"params\":[\""
                + LocalNodes.SOLANA_HOLDER
                + "\",{\"programId\":\"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA\"},"
                + "{\"encoding\":\"jsonParsed\"}]}");
    JsonNode accounts = answer.path("result").path("value");
    assertThat(accounts.size()).isGreaterThan(1);
    assertThat(accounts.toString()).contains(LocalNodes.SOLANA_MINT).contains("2000500000");
    assertThat(answer.path("result").path("context").path("slot").asLong()).isPositive();
  }

  @Test
  void xrpl_answersAnUnfrozenLine_aLineToAFrozenIssuer_andAnNft() throws Exception {
    // reads are pinned to the validated ledger the node names, as the service pins them
    String ledger =
        post(
                node("xrpl", "/"),
                "{\"method\":\"ledger\",\"params\":[{\"ledger_index\":\"validated\"}]}")
            .findValue("ledger_index")
            .asText();
    JsonNode lines =
        post(
            node("xrpl", "/"),
            "{\"method\":\"account_lines\",\"params\":[{\"account\":\""
                + LocalNodes.XRPL_HOLDER
                + "\",\"ledger_index\":"
                + ledger
                + "}]}");
    assertThat(lines.path("result").path("lines").toString())
        .contains(LocalNodes.XRPL_ISSUER)
        .contains(LocalNodes.XRPL_FROZEN_ISSUER);
    JsonNode issuer =
        post(
            node("xrpl", "/"),
            "{\"method\":\"account_info\",\"params\":[{\"account\":\""
                + LocalNodes.XRPL_FROZEN_ISSUER
                + "\",\"ledger_index\":"
                + ledger
                + "}]}");
    assertThat(issuer.path("result").path("account_data").path("Flags").asLong())
        .isEqualTo(LocalNodes.XRPL_GLOBAL_FREEZE);
    JsonNode nfts =
        post(
            node("xrpl", "/"),
            "{\"method\":\"account_nfts\",\"params\":[{\"account\":\""
                + LocalNodes.XRPL_HOLDER
                + "\",\"ledger_index\":"
                + ledger
                + "}]}");
    assertThat(nfts.path("result").path("account_nfts").size()).isEqualTo(1);
  }

  @Test
  void bitcoinStellarTronAndSui_answerTheHoldersBalances() throws Exception {
    JsonNode address = get(node("bitcoin", "/address/" + LocalNodes.BITCOIN_HOLDER));
    assertThat(address.path("chain_stats").path("funded_txo_sum").asLong()).isEqualTo(150_000);
    JsonNode account = get(node("stellar", "/accounts/" + LocalNodes.STELLAR_HOLDER));
    assertThat(account.path("balances").toString()).contains("EURT").contains("80.8944518");
    JsonNode tron =
        post(
            node("tron", "/walletsolidity/getaccount"),
            "{\"address\":\"" + LocalNodes.TRON_HOLDER + "\",\"visible\":true}");
    assertThat(tron.path("balance").asLong()).isEqualTo(1_793_227_200L);
    // the service's query shape: an owner and a coin type per balance, a coin type per metadata
    JsonNode sui =
        post(
            node("sui", "/"),
            "{\"query\":\"query\",\"variables\":{\"o0\":\""
                + LocalNodes.SUI_HOLDER
                + "\",\"t0\":\""
                + LocalNodes.SUI_NATIVE
                + "\",\"c1\":\""
                + LocalNodes.SUI_USDC
                + "\"}}");
    assertThat(sui.toString()).contains("3000000000");
  }

  @Test
  void bitcoin_aPaymentToTheReceiver_isServedInEsplorasShapes_unconfirmedThenMined()
      throws Exception {
    String payer = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"; // not the scenario's holder
    String paid =
        post(
                node("bitcoin", "/devnet/pay"),
                "{\"from\":\""
                    + payer
                    + "\",\"to\":\""
                    + LocalNodes.BITCOIN_RECEIVER
                    + "\",\"sats\":25000}")
            .path("txid")
            .asText();
    assertThat(paid).matches("[0-9a-f]{64}");
    assertThat(get(node("bitcoin", "/tx/" + paid + "/status")).path("confirmed").asBoolean())
        .isFalse();
    long tip = Long.parseLong(text(node("bitcoin", "/blocks/tip/height"), 200));
    JsonNode mined = post(node("bitcoin", "/devnet/mine"), "{\"blocks\":3}");
    assertThat(mined.path("height").asLong()).isEqualTo(tip + 3);
    assertThat(text(node("bitcoin", "/blocks/tip/height"), 200)).isEqualTo("" + (tip + 3));
    assertThat(text(node("bitcoin", "/blocks/tip/hash"), 200))
        .isEqualTo(mined.path("hash").asText());
    assertThat(
            get(node("bitcoin", "/block/" + mined.path("hash").asText())).path("height").asLong())
        .isEqualTo(tip + 3);

    JsonNode tx = get(node("bitcoin", "/tx/" + paid));
    assertThat(tx.path("txid").asText()).isEqualTo(paid);
    assertThat(tx.path("status").path("confirmed").asBoolean()).isTrue();
    assertThat(tx.path("status").path("block_height").asLong()).isEqualTo(tip + 1);
    assertThat(tx.path("status").path("block_hash").asText()).matches("[0-9a-f]{64}");
    JsonNode prevout = tx.path("vin").path(0).path("prevout");
    assertThat(prevout.path("scriptpubkey_address").asText()).isEqualTo(payer);
    assertThat(prevout.path("scriptpubkey").asText())
        .isEqualTo("76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac");
    assertThat(prevout.path("scriptpubkey_type").asText()).isEqualTo("p2pkh");
    JsonNode out = tx.path("vout").path(0);
    assertThat(out.path("scriptpubkey_address").asText()).isEqualTo(LocalNodes.BITCOIN_RECEIVER);
    // BIP-173's example: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 is 0014751e…3bd6
    assertThat(out.path("scriptpubkey").asText())
        .isEqualTo("0014751e76e8199196d454941c45d1b3a323f1433bd6");
    assertThat(out.path("value").asLong()).isEqualTo(25_000);
    assertThat(get(node("bitcoin", "/tx/" + paid + "/status")).path("block_height").asLong())
        .isEqualTo(tip + 1);
    assertThat(text(node("bitcoin", "/tx/" + "0".repeat(64)), 404))
        .isEqualTo("Transaction not found");
    JsonNode receiver = get(node("bitcoin", "/address/" + LocalNodes.BITCOIN_RECEIVER));
    assertThat(receiver.path("chain_stats").path("funded_txo_sum").asLong()).isEqualTo(25_000);
  }

  private static String text(URI url, int status) throws Exception {
    HttpResponse<String> response =
        HTTP.send(HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return response.body();
  }

  @Test
  void btcUsdFeed_answersAFreshRound_atChainlinksAddressOnChain1() {
    String data =
        devnet
            .rpc(1)
            .call("eth_call", Map.of("to", BtcUsdFeed.PRODUCTION, "data", "0xfeaf968c"), "latest")
            .asText();
    BigInteger answer = new BigInteger(data.substring(2 + 64, 2 + 128), 16);
    long updatedAt = new BigInteger(data.substring(2 + 192, 2 + 256), 16).longValue();
    assertThat(answer).isEqualTo(LocalWorld.BTC_USD);
    assertThat(updatedAt).isGreaterThan(System.currentTimeMillis() / 1000 - 600);
  }

  @Test
  void facilitator_supportsBaseAndSolana() throws Exception {
    JsonNode supported = get(world.facilitator().url().resolve("/supported"));
    assertThat(supported.toString()).contains("eip155:8453").contains("solana:");
  }
}
