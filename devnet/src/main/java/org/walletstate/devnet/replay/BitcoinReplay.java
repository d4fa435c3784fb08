package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bitcoin served through a {@link JsonRpcReplay} in the shapes of the Esplora API (Blockstream's
 * {@code esplora/API.md}): {@code GET /blocks/tip/hash} and {@code GET /blocks/tip/height} (plain
 * text), {@code GET /block/:hash}, {@code GET /address/:address} (confirmed and mempool stats),
 * {@code GET /tx/:txid} and {@code GET /tx/:txid/status} (HTTP 404 {@code Transaction not found}
 * for one it does not know). An address it does not hold answers with zero stats, as Esplora does
 * for an address never used.
 *
 * <p>Payments are made as on a regtest node, by two calls that are not Esplora's (like anvil's
 * {@code anvil_*} methods beside Ethereum's): {@code POST /devnet/pay} {@code {from, to, sats}}
 * puts a transaction from {@code from} paying {@code sats} to {@code to} (and change back to {@code
 * from}) into the mempool and answers {@code {txid}}; {@code POST /devnet/mine} {@code {blocks}}
 * mines that many blocks (the first takes the mempool) and answers the new tip {@code {height,
 * hash}}. Neither checks that the sender could sign: they stand for a wallet that holds the coins.
 */
public final class BitcoinReplay {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The change every devnet payment returns to its sender, and its fee (10 sat/vB, 141 vB). */
  static final long CHANGE = 100_000;

  static final long FEE = 1_410;

  private volatile long height = 923456;
  private volatile String hash = "00000000000000000001a0b3c6f4e8a1d2c3b4a5968778695a4b3c2d1e0f1a2b";
  private final Map<String, ObjectNode> addresses = new ConcurrentHashMap<>();
  private final Map<String, Long> blocks = new ConcurrentHashMap<>(Map.of(hash, height));
  private final Map<String, ObjectNode> transactions = new ConcurrentHashMap<>();
  private final List<ObjectNode> mempool = new ArrayList<>();

  public long height() {
    return height;
  }

  public String hash() {
    return hash;
  }

  public synchronized BitcoinReplay tip(long height, String hash) {
    this.height = height;
    this.hash = hash;
    blocks.put(hash, height);
    return this;
  }

  public BitcoinReplay clear() {
    addresses.clear();
    return this;
  }

  /** An address with confirmed {@code funded} and {@code spent} sums and mempool ones. */
  public BitcoinReplay address(
      String address, long funded, long spent, long mempoolFunded, long mempoolSpent) {
    ObjectNode answer = JSON.createObjectNode().put("address", address);
    answer.set("chain_stats", stats(funded, spent));
    answer.set("mempool_stats", stats(mempoolFunded, mempoolSpent));
    addresses.put(address, answer);
    return this;
  }

  /**
   * A transaction from {@code from} paying {@code sats} to {@code to}, put into the mempool (as
   * {@code POST /devnet/pay}): one input of {@code from}, the payment and {@link #CHANGE} back.
   *
   * @return its txid (64 hex digits)
   */
  public synchronized String pay(String from, String to, long sats) {
    if (sats <= 0) {
      throw new IllegalArgumentException("sats must be a positive whole number");
    }
    ObjectNode tx = JSON.createObjectNode();
    String txid = randomHex();
    tx.put("txid", txid).put("version", 2).put("locktime", 0);
    ObjectNode input = tx.putArray("vin").addObject();
    input.put("txid", randomHex()).put("vout", 0);
    input.set("prevout", EsploraShapes.output(from, sats + CHANGE + FEE));
    input.put("scriptsig", "").put("scriptsig_asm", "");
    input.putArray("witness").add("30440220" + randomHex() + "01").add("02" + randomHex());
    input.put("is_coinbase", false).put("sequence", 4294967293L);
    tx.putArray("vout").add(EsploraShapes.output(to, sats)).add(EsploraShapes.output(from, CHANGE));
    tx.put("size", 222).put("weight", 561).put("fee", FEE);
    tx.set("status", EsploraShapes.status(-1, null, 0));
    transactions.put(txid, tx);
    mempool.add(tx);
    return txid;
  }

  /** Mines {@code count} blocks (as {@code POST /devnet/mine}); the first takes the mempool. */
  public synchronized BitcoinReplay mine(int count) {
    for (int i = 0; i < count; i++) {
      long next = height + 1;
      String nextHash = blockHash();
      long time = System.currentTimeMillis() / 1000;
      for (ObjectNode tx : mempool) {
        tx.set("status", EsploraShapes.status(next, nextHash, time));
        JsonNode input = tx.path("vin").path(0).path("prevout");
        credit(input.path("scriptpubkey_address").asText(), input.path("value").asLong(), 0);
        credit(input.path("scriptpubkey_address").asText(), 0, input.path("value").asLong());
        for (JsonNode output : tx.path("vout")) {
          credit(output.path("scriptpubkey_address").asText(), output.path("value").asLong(), 0);
        }
      }
      mempool.clear();
      tip(next, nextHash);
    }
    return this;
  }

  /** Esplora's {@code GET /tx/:txid} answer, when this node knows the transaction. */
  public Optional<JsonNode> transaction(String txid) {
    return Optional.ofNullable(transactions.get(txid));
  }

  /** Serves this chain on {@code replay}. */
  public BitcoinReplay serveOn(JsonRpcReplay replay) {
    replay.on("/blocks/tip/hash", request -> Reply.json(hash));
    replay.on("/blocks/tip/height", request -> Reply.json(Long.toString(height)));
    replay.on("/block/*", request -> block(last(request)));
    replay.on("/address/*", request -> Reply.json(addressAnswer(last(request))));
    replay.on("/tx/*", this::tx);
    replay.on("/devnet/pay", this::payRequest);
    replay.on("/devnet/mine", this::mineRequest);
    return this;
  }

  private Reply tx(JsonNode request) {
    String[] parts = request.path("method").asText().split("/");
    ObjectNode tx = parts.length > 2 ? transactions.get(parts[2]) : null;
    if (tx == null || parts.length > 4 || (parts.length == 4 && !parts[3].equals("status"))) {
      return new Reply(404, "Transaction not found", Duration.ZERO, false);
    }
    synchronized (this) {
      return Reply.json(parts.length == 4 ? tx.get("status").toString() : tx.toString());
    }
  }

  private Reply payRequest(JsonNode request) {
    JsonNode body = request.path("body");
    try {
      String txid =
          pay(
              body.path("from").asText(""),
              body.path("to").asText(""),
              body.path("sats").canConvertToLong() ? body.path("sats").asLong() : 0);
      return Reply.json(JSON.createObjectNode().put("txid", txid).toString());
    } catch (RuntimeException bad) {
      return badRequest("pay: " + bad.getMessage() + " (body {from, to, sats})");
    }
  }

  private Reply mineRequest(JsonNode request) {
    int count = request.path("body").path("blocks").asInt(1);
    if (count < 1 || count > 100) {
      return badRequest("mine: blocks is 1 to 100");
    }
    mine(count);
    return Reply.json(JSON.createObjectNode().put("height", height).put("hash", hash).toString());
  }

  private Reply block(String blockHash) {
    Long number = blocks.get(blockHash);
    if (number == null) {
      return new Reply(404, "Block not found", Duration.ZERO, false);
    }
    return Reply.json(blockAnswer(blockHash, number));
  }

  public String blockAnswer() {
    return blockAnswer(hash, height);
  }

  private static String blockAnswer(String id, long number) {
    return JSON.createObjectNode()
        .put("id", id)
        .put("height", number)
        .put("version", 536870912)
        .put("timestamp", 1764030000 + (number - 923456) * 600)
        .put("tx_count", 3021)
        .toString();
  }

  private synchronized String addressAnswer(String address) {
    ObjectNode answer = addresses.get(address);
    if (answer == null) {
      answer = JSON.createObjectNode().put("address", address);
      answer.set("chain_stats", stats(0, 0));
      answer.set("mempool_stats", stats(0, 0));
    }
    return answer.toString();
  }

  /** Adds a confirmed output of {@code funded} sats to the address, or spends {@code spent}. */
  private void credit(String address, long funded, long spent) {
    if (!addresses.containsKey(address)) {
      address(address, 0, 0, 0, 0);
    }
    ObjectNode stats = (ObjectNode) addresses.get(address).get("chain_stats");
    if (funded > 0) {
      stats.put("funded_txo_count", stats.get("funded_txo_count").asLong() + 1);
      stats.put("funded_txo_sum", stats.get("funded_txo_sum").asLong() + funded);
    }
    if (spent > 0) {
      stats.put("spent_txo_count", stats.get("spent_txo_count").asLong() + 1);
      stats.put("spent_txo_sum", stats.get("spent_txo_sum").asLong() + spent);
    }
    stats.put("tx_count", stats.get("tx_count").asLong() + 1);
  }

  private static String last(JsonNode request) {
    String path = request.path("method").asText();
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static Reply badRequest(String message) {
    return new Reply(400, message, Duration.ZERO, false);
  }

  /** A mined block's hash: 8 zero digits, then random ones (a devnet has no proof of work). */
  private static String blockHash() {
    return "00000000" + randomHex().substring(8);
  }

  private static String randomHex() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static ObjectNode stats(long funded, long spent) {
    return JSON.createObjectNode()
        .put("funded_txo_count", funded > 0 ? 2 : 0)
        .put("funded_txo_sum", funded)
        .put("spent_txo_count", spent > 0 ? 1 : 0)
        .put("spent_txo_sum", spent)
        .put("tx_count", funded > 0 ? 3 : 0);
  }
}
