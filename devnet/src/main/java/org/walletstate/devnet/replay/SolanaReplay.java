package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Solana account store served through a {@link JsonRpcReplay} in the shapes of the Solana RPC
 * documentation ({@code getTokenAccountsByOwner} and {@code getMultipleAccounts} with {@code
 * jsonParsed}, {@code rentEpoch} 18446744073709551615 included). Every answer is at the current
 * slot. {@link #serveTransactionsOn} adds what an x402 client and facilitator call to pay and
 * settle (a mint by {@code getAccountInfo} in base64, {@code getLatestBlockhash}, {@code
 * simulateTransaction}, {@code sendTransaction}, {@code getSignatureStatuses}); transactions sent
 * are recorded by their signature and confirmed at once.
 */
public final class SolanaReplay {

  // Program ids as constants by design: each is named where the replies use it.
  public static final String TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
  public static final String TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
  public static final String SYSTEM = "11111111111111111111111111111111";
  public static final String METADATA = "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s";

  /** The Metaplex Core program. */
  public static final String CORE = "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, ObjectNode> accounts = new ConcurrentHashMap<>();
  private final Map<String, byte[]> mintData = new ConcurrentHashMap<>();
  private final Map<String, String> sent = new ConcurrentHashMap<>();
  private final AtomicLong slot = new AtomicLong(341197933);

  public long slot() {
    return slot.get();
  }

  public SolanaReplay slot(long value) {
    slot.set(value);
    return this;
  }

  /** Forgets every account. */
  public SolanaReplay clear() {
    accounts.clear();
    return this;
  }

  /** A system account with {@code lamports}. */
  public SolanaReplay wallet(String pubkey, long lamports) {
    ObjectNode account = SolanaShapes.account(lamports, SYSTEM, 0);
    account.putArray("data").add("").add("base64");
    accounts.put(pubkey, account);
    return this;
  }

  public SolanaReplay mint(String mint, int decimals, String program) {
    accounts.put(mint, SolanaShapes.mint(decimals, program));
    mintData.put(mint, SolanaShapes.mintLayout(decimals));
    return this;
  }

  /** A token account as the documentation's sample shows it. */
  public SolanaReplay tokenAccount(
      String pubkey, String owner, String mint, String amount, int decimals, String program) {
    accounts.put(pubkey, SolanaShapes.tokenAccount(owner, mint, amount, decimals, program));
    return this;
  }

  /** An account owned by the Metaplex metadata program, holding {@code data}. */
  public SolanaReplay metadata(String pubkey, byte[] bytes) {
    ObjectNode account = SolanaShapes.account(5616720, METADATA, bytes.length);
    account.putArray("data").add(Base64.getEncoder().encodeToString(bytes)).add("base64");
    accounts.put(pubkey, account);
    return this;
  }

  /** A Metaplex Core asset or collection: an account of the Core program, which no token holds. */
  public SolanaReplay coreAsset(String pubkey) {
    ObjectNode account = SolanaShapes.account(3145920, CORE, 322);
    account.putArray("data").add(Base64.getEncoder().encodeToString(new byte[322])).add("base64");
    accounts.put(pubkey, account);
    return this;
  }

  public SolanaReplay remove(String pubkey) {
    accounts.remove(pubkey);
    return this;
  }

  /** Serves this store on {@code replay}. */
  public SolanaReplay serveOn(JsonRpcReplay replay) {
    replay.on("getTokenAccountsByOwner", request -> Reply.json(tokenAccountsByOwner(request)));
    replay.on("getMultipleAccounts", request -> Reply.json(multipleAccounts(request)));
    return this;
  }

  /** The blockhash {@code getLatestBlockhash} answers. */
  public static final String BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";

  /**
   * Serves what paying and settling a transaction calls on {@code replay}: {@code getAccountInfo}
   * of a mint (its account in base64, the SPL Mint layout), {@code getLatestBlockhash}, {@code
   * simulateTransaction} (success), {@code sendTransaction} (the transaction's first signature,
   * recorded) and {@code getSignatureStatuses} (a recorded signature finalized without error).
   */
  public SolanaReplay serveTransactionsOn(JsonRpcReplay replay) {
    replay.on("getAccountInfo", request -> Reply.json(accountInfo(request)));
    replay.on(
        "getLatestBlockhash",
        request ->
            Reply.json(
                answer(
                    JSON.createObjectNode()
                        .put("blockhash", BLOCKHASH)
                        .put("lastValidBlockHeight", slot.get() + 150))));
    replay.on("simulateTransaction", request -> Reply.json(simulated()));
    replay.on("sendTransaction", request -> Reply.json(send(request)));
    replay.on("getSignatureStatuses", request -> Reply.json(signatureStatuses(request)));
    return this;
  }

  /** The signatures sent, each with the base64 transaction that carried it. */
  public Map<String, String> sent() {
    return Map.copyOf(sent);
  }

  /** The documented answer of a simulation that succeeded. */
  public String simulated() {
    return answer(SolanaShapes.simulated());
  }

  /** The documented answer of a simulation whose transaction fails with {@code error}. */
  public String simulationFailed(String instructionError) {
    return answer(SolanaShapes.simulationFailed(instructionError));
  }

  private String accountInfo(JsonNode request) {
    String key = request.path("params").path(0).asText();
    String encoding = request.path("params").path(1).path("encoding").asText("base64");
    ObjectNode account = accounts.get(key);
    if (account == null) {
      return answer(JSON.nullNode());
    }
    if ("jsonParsed".equals(encoding) || !mintData.containsKey(key)) {
      return answer(account);
    }
    ObjectNode encoded = account.deepCopy();
    encoded
        .putArray("data")
        .add(Base64.getEncoder().encodeToString(mintData.get(key)))
        .add("base64");
    return answer(encoded);
  }

  private String send(JsonNode request) {
    String transaction = request.path("params").path(0).asText();
    byte[] wire = Base64.getDecoder().decode(transaction);
    // compact-u16 signature count (one byte below 128), then the first signature
    byte[] first = java.util.Arrays.copyOfRange(wire, 1, 65);
    String signature = SolanaShapes.base58(first);
    sent.put(signature, transaction);
    return JSON.createObjectNode()
        .put("jsonrpc", "2.0")
        .put("result", signature)
        .put("id", request.path("id").asInt(1))
        .toString();
  }

  private String signatureStatuses(JsonNode request) {
    ArrayNode value = JSON.createArrayNode();
    for (JsonNode signature : request.path("params").path(0)) {
      if (!sent.containsKey(signature.asText())) {
        value.addNull();
        continue;
      }
      SolanaShapes.finalized(value.addObject(), slot.get());
    }
    return answer(value);
  }

  /** The documented answer to {@code getTokenAccountsByOwner} from this store. */
  public String tokenAccountsByOwner(JsonNode request) {
    JsonNode params = request.path("params");
    String owner = params.path(0).asText();
    JsonNode filter = params.path(1);
    ArrayNode value = JSON.createArrayNode();
    accounts.forEach(
        (pubkey, account) -> {
          JsonNode info = account.path("data").path("parsed").path("info");
          if (!"account".equals(account.path("data").path("parsed").path("type").asText())
              || !owner.equals(info.path("owner").asText())) {
            return;
          }
          boolean matches =
              filter.has("mint")
                  ? filter.get("mint").asText().equals(info.path("mint").asText())
                  : filter.path("programId").asText().equals(account.path("owner").asText());
          if (matches) {
            value.addObject().put("pubkey", pubkey).set("account", account);
          }
        });
    return answer(value);
  }

  /** The documented answer to {@code getMultipleAccounts} from this store. */
  public String multipleAccounts(JsonNode request) {
    ArrayNode value = JSON.createArrayNode();
    for (JsonNode key : request.path("params").path(0)) {
      ObjectNode account = accounts.get(key.asText());
      if (account == null) {
        value.addNull();
      } else {
        value.add(account);
      }
    }
    return answer(value);
  }

  /** The documented error of a node behind {@code minContextSlot}. */
  public static String minContextSlotNotReached() {
    return "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32016,"
        + "\"message\":\"Minimum context slot has not been reached\"},\"id\":1}";
  }

  private String answer(JsonNode value) {
    return SolanaShapes.answer(value, slot.get());
  }
}
