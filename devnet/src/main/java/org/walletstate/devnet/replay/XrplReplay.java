package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An XRP Ledger served through a {@link JsonRpcReplay} in the shapes of the rippled documentation:
 * {@code ledger}, {@code account_info}, {@code account_lines} (paged over every owner-directory
 * entry, with {@code peer} applied after paging, as rippled does) and {@code account_nfts}. Every
 * answer is of the validated ledger it holds (and of the earlier ones {@link #alsoHolds} names,
 * with the same state); a call for another ledger gets {@code lgrNotFound}.
 */
public final class XrplReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private volatile long ledgerIndex = 100972465;
  private volatile String ledgerHash =
      "9DAAAE85FC0D64E95506608FDB48E8B77706EF64FF144F18EEBC2FC4366D9B20";
  private volatile int pageSize = 200;
  private final Map<Long, String> earlier = new ConcurrentHashMap<>();
  private final Map<String, ObjectNode> roots = new ConcurrentHashMap<>();
  private final Map<String, List<ObjectNode>> lines = new ConcurrentHashMap<>();
  private final Map<String, List<ObjectNode>> nfts = new ConcurrentHashMap<>();

  public long ledgerIndex() {
    return ledgerIndex;
  }

  public String ledgerHash() {
    return ledgerHash;
  }

  public XrplReplay ledger(long index, String hash) {
    this.ledgerIndex = index;
    this.ledgerHash = hash;
    return this;
  }

  /**
   * Also serves the validated ledger {@code index} with {@code hash}, holding the same state: a
   * server ahead of another still answers at the other's ledger.
   */
  public XrplReplay alsoHolds(long index, String hash) {
    earlier.put(index, hash);
    return this;
  }

  /** Entries per page of account_lines and account_nfts, whatever limit is asked. */
  public XrplReplay pageSize(int entries) {
    this.pageSize = entries;
    return this;
  }

  public XrplReplay clear() {
    roots.clear();
    earlier.clear();
    lines.clear();
    nfts.clear();
    pageSize = 200;
    return this;
  }

  /** An account with {@code drops} and {@code flags}. */
  public XrplReplay account(String address, String drops, long flags) {
    ObjectNode root = JSON.createObjectNode();
    root.put("Account", address)
        .put("Balance", drops)
        .put("Flags", flags)
        .put("LedgerEntryType", "AccountRoot")
        .put("OwnerCount", 0)
        .put("Sequence", 192220);
    roots.put(address, root);
    return this;
  }

  /**
   * A trust line of {@code holder} as its side shows it; {@code freezePeer} and {@code
   * deepFreezePeer} are sent only when true, as rippled does.
   */
  public XrplReplay line(
      String holder,
      String peer,
      String currency,
      String balance,
      boolean freeze,
      boolean freezePeer,
      boolean deepFreezePeer) {
    ObjectNode line = JSON.createObjectNode();
    line.put("account", peer)
        .put("balance", balance)
        .put("currency", currency)
        .put("limit", "1000000")
        .put("limit_peer", "0")
        .put("no_ripple", true)
        .put("no_ripple_peer", false)
        .put("quality_in", 0)
        .put("quality_out", 0);
    if (freeze) {
      line.put("freeze", true);
    }
    if (freezePeer) {
      line.put("freeze_peer", true);
    }
    if (deepFreezePeer) {
      line.put("deep_freeze_peer", true);
    }
    lines.computeIfAbsent(holder, h -> new CopyOnWriteArrayList<>()).add(line);
    return this;
  }

  public XrplReplay nft(String holder, String issuer, long taxon, int serial) {
    ObjectNode nft = JSON.createObjectNode();
    nft.put("Flags", 1)
        .put("Issuer", issuer)
        .put("NFTokenID", String.format("00010000%056X", serial))
        .put("NFTokenTaxon", taxon)
        .put("URI", "697066733A2F2F")
        .put("nft_serial", serial);
    nfts.computeIfAbsent(holder, h -> new CopyOnWriteArrayList<>()).add(nft);
    return this;
  }

  /** Serves this ledger on {@code replay}. */
  public XrplReplay serveOn(JsonRpcReplay replay) {
    replay.on("ledger", request -> Reply.json(ledgerAnswer(params(request))));
    replay.on("account_info", request -> Reply.json(accountInfo(params(request))));
    replay.on("account_lines", request -> Reply.json(accountLines(params(request))));
    replay.on("account_nfts", request -> Reply.json(accountNfts(params(request))));
    return this;
  }

  public String ledgerAnswer() {
    return ledgerAnswer(JSON.createObjectNode().put("ledger_index", "validated"));
  }

  /** The ledger {@code params} ask for: the validated one, or one held by its number. */
  private String ledgerAnswer(JsonNode params) {
    JsonNode asked = params.path("ledger_index");
    if (asked.isIntegralNumber() && !holds(asked.asLong())) {
      return ledgerNotFound();
    }
    return wrap(pinned(JSON.createObjectNode(), asked.isIntegralNumber() ? asked.asLong() : -1));
  }

  private boolean holds(long index) {
    return index == ledgerIndex || earlier.containsKey(index);
  }

  /** The documented {@code actNotFound} error. */
  public static String accountNotFound() {
    return "{\"result\":{\"error\":\"actNotFound\",\"error_code\":19,"
        + "\"error_message\":\"Account not found.\",\"status\":\"error\",\"validated\":true}}";
  }

  private static JsonNode params(JsonNode request) {
    return request.path("params").path(0);
  }

  private String accountInfo(JsonNode params) {
    if (!holds(params.path("ledger_index").asLong())) {
      return ledgerNotFound();
    }
    ObjectNode root = roots.get(params.path("account").asText());
    if (root == null) {
      return accountNotFound();
    }
    ObjectNode result = JSON.createObjectNode();
    result.set("account_data", root);
    return wrap(pinned(result, params.path("ledger_index").asLong()));
  }

  private String accountLines(JsonNode params) {
    String peer = params.path("peer").asText(null);
    return paged(
        params,
        "lines",
        account -> lines.getOrDefault(account, List.of()),
        line -> peer == null || peer.equals(line.path("account").asText()));
  }

  private String accountNfts(JsonNode params) {
    return paged(
        params,
        "account_nfts",
        account -> new ArrayList<>(nfts.getOrDefault(account, List.of())),
        nft -> true);
  }

  /**
   * The page of the called account's {@code entries} from the call's {@code marker}, those {@code
   * kept} under {@code member}, with the marker of the next page when there is one; a ledger it
   * does not hold or an account it does not know gets rippled's error.
   */
  private String paged(
      JsonNode params,
      String member,
      Function<String, List<ObjectNode>> entries,
      Predicate<ObjectNode> kept) {
    if (!holds(params.path("ledger_index").asLong())) {
      return ledgerNotFound();
    }
    String account = params.path("account").asText();
    if (!roots.containsKey(account)) {
      return accountNotFound();
    }
    List<ObjectNode> all = entries.apply(account);
    int start = params.has("marker") ? Integer.parseInt(params.get("marker").asText()) : 0;
    int end = Math.min(all.size(), start + pageSize);
    ArrayNode page = JSON.createArrayNode();
    for (ObjectNode entry : all.subList(start, end)) {
      if (kept.test(entry)) {
        page.add(entry);
      }
    }
    ObjectNode result = JSON.createObjectNode().put("account", account);
    result.set(member, page);
    if (end < all.size()) {
      result.put("marker", Integer.toString(end));
    }
    return wrap(pinned(result, params.path("ledger_index").asLong()));
  }

  /** {@code result} at ledger {@code index} (-1: the validated one). */
  private ObjectNode pinned(ObjectNode result, long index) {
    boolean current = index < 0 || index == ledgerIndex;
    return result
        .put("ledger_hash", current ? ledgerHash : earlier.get(index))
        .put("ledger_index", current ? ledgerIndex : index)
        .put("status", "success")
        .put("validated", true);
  }

  private static String ledgerNotFound() {
    return "{\"result\":{\"error\":\"lgrNotFound\",\"error_code\":21,"
        + "\"error_message\":\"ledgerNotFound\",\"status\":\"error\"}}";
  }

  private static String wrap(ObjectNode result) {
    ObjectNode answer = JSON.createObjectNode();
    answer.set("result", result);
    return answer.toString();
  }
}
