package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bitcoin served through a {@link JsonRpcReplay} in the shapes of the Esplora API: {@code GET
 * /blocks/tip/hash} (plain text), {@code GET /block/:hash} and {@code GET /address/:address}
 * (confirmed and mempool stats). An address it does not hold answers with zero stats, as Esplora
 * does for an address never used.
 */
public final class BitcoinReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private volatile long height = 923456;
  private volatile String hash = "00000000000000000001a0b3c6f4e8a1d2c3b4a5968778695a4b3c2d1e0f1a2b";
  private final Map<String, ObjectNode> addresses = new ConcurrentHashMap<>();

  public long height() {
    return height;
  }

  public String hash() {
    return hash;
  }

  public BitcoinReplay tip(long height, String hash) {
    this.height = height;
    this.hash = hash;
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

  /** Serves this chain on {@code replay}. */
  public BitcoinReplay serveOn(JsonRpcReplay replay) {
    replay.on("/blocks/tip/hash", request -> Reply.json(hash));
    replay.on("/block/*", request -> Reply.json(blockAnswer()));
    replay.on(
        "/address/*",
        request -> {
          String path = request.path("method").asText();
          String address = path.substring(path.lastIndexOf('/') + 1);
          ObjectNode answer = addresses.get(address);
          if (answer == null) {
            answer = JSON.createObjectNode().put("address", address);
            answer.set("chain_stats", stats(0, 0));
            answer.set("mempool_stats", stats(0, 0));
          }
          return Reply.json(answer.toString());
        });
    return this;
  }

  public String blockAnswer() {
    return JSON.createObjectNode()
        .put("id", hash)
        .put("height", height)
        .put("version", 536870912)
        .put("timestamp", 1764030000)
        .put("tx_count", 3021)
        .toString();
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
