package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sui's GraphQL served through a {@link JsonRpcReplay} (as method {@code graphql}) in the schema's
 * shape: {@code data.checkpoint {sequenceNumber, digest, query {b<i>: {balance {totalBalance}}}}}
 * and {@code data.m<j> {decimals}}, answering the variables {@code o<i>/t<i>} and {@code c<j>} the
 * reader sends. Coin types are matched as sent (the reader sends the 64-hex long form). A query
 * pinned to a checkpoint (variable {@code at}, for {@code checkpoint(sequenceNumber: $at)}) is
 * answered at it when it is the latest or one {@link #alsoHolds} names, with the same state, and
 * with {@code checkpoint: null} otherwise, as the schema says of one never or no longer held.
 */
public final class SuiReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private volatile long sequence = 164329987;
  private volatile String digest = "4Hp7dkzYDb3nKPFAbGfqHE3eYAvvYKbmxFYTpYDjfPPq";
  private final Map<String, String> balances = new ConcurrentHashMap<>();
  private final Map<String, Integer> decimals = new ConcurrentHashMap<>();
  private final Map<Long, String> earlier = new ConcurrentHashMap<>();

  public long sequence() {
    return sequence;
  }

  public String digest() {
    return digest;
  }

  // Head and reset in the same shape as XrplReplay's, TronReplay's and HorizonReplay's by design:
  // each replay speaks its own chain's words and returns its own type.
  public SuiReplay clear() {
    balances.clear();
    decimals.clear();
    earlier.clear();
    return this;
  }

  /** The latest checkpoint: every query not pinned to another is answered at it. */
  public SuiReplay checkpoint(long sequenceNumber, String checkpointDigest) {
    this.sequence = sequenceNumber;
    this.digest = checkpointDigest;
    return this;
  }

  /**
   * Also serves checkpoint {@code sequenceNumber} with {@code checkpointDigest}, holding the same
   * state: a server ahead of another still answers at the other's checkpoint.
   */
  public SuiReplay alsoHolds(long sequenceNumber, String checkpointDigest) {
    earlier.put(sequenceNumber, checkpointDigest);
    return this;
  }

  /** {@code owner} holds {@code total} base units of {@code coinType} (long form). */
  public SuiReplay balance(String owner, String coinType, String total) {
    balances.put(owner + "|" + coinType, total);
    return this;
  }

  /** {@code coinType} (long form) has metadata with {@code places} decimals. */
  public SuiReplay coin(String coinType, int places) {
    decimals.put(coinType, places);
    return this;
  }

  public SuiReplay serveOn(JsonRpcReplay replay) {
    replay.on("graphql", request -> Reply.json(answer(request.path("variables"))));
    return this;
  }

  /** The answer to a query with these variables. */
  public String answer(JsonNode variables) {
    ObjectNode data = JSON.createObjectNode();
    long at = variables.has("at") ? variables.path("at").asLong() : sequence;
    String held = at == sequence ? digest : earlier.get(at);
    if (held == null) {
      data.putNull("checkpoint");
    }
    ObjectNode checkpoint = held == null ? JSON.createObjectNode() : data.putObject("checkpoint");
    checkpoint.put("sequenceNumber", at).put("digest", held);
    ObjectNode query = checkpoint.putObject("query");
    for (Iterator<String> names = variables.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (name.startsWith("o")) {
        String i = name.substring(1);
        String owner = variables.path(name).asText();
        String type = variables.path("t" + i).asText();
        String total = balances.get(owner + "|" + type);
        ObjectNode address = query.putObject("b" + i);
        if (total == null) {
          address.putNull("balance");
        } else {
          address
              .putObject("balance")
              .put("totalBalance", total)
              .put("coinBalance", total)
              .put("addressBalance", "0");
        }
      } else if (name.startsWith("c")) {
        Integer places = decimals.get(variables.path(name).asText());
        if (places == null) {
          data.putNull("m" + name.substring(1));
        } else {
          data.putObject("m" + name.substring(1)).put("decimals", places).put("symbol", "X");
        }
      }
    }
    ObjectNode answer = JSON.createObjectNode();
    answer.set("data", data);
    return answer.toString();
  }
}
