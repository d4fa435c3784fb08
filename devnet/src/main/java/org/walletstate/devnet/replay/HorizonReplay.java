package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local Stellar Horizon server in the shapes of Horizon's documentation: {@code GET
 * /accounts/{id}} (the account with its inline {@code balances}, or the 404 problem) and {@code GET
 * /ledgers/{sequence}}, each with the {@code Latest-Ledger} header Horizon sets on every answer.
 * Requested paths are recorded; a test can make either resource answer with any {@link Reply}.
 */
public final class HorizonReplay extends LoopbackReplay {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, ObjectNode> accounts = new ConcurrentHashMap<>();
  private final Map<String, Reply> faults = new ConcurrentHashMap<>();
  private final List<String> paths = new CopyOnWriteArrayList<>();
  private volatile long ledger = 40074676;
  private volatile String hash = "e1218a337cecda05526fba902c61d3d7130baa58d8db41f544bf563f779b6329";

  private HorizonReplay() {
    super("horizon-replay", "application/hal+json");
  }

  /** A server on a free loopback port. */
  public static HorizonReplay start() {
    return listening(new HorizonReplay());
  }

  // Head accessors in the same shape as XrplReplay's and TronReplay's by design: each replay names
  // its own chain's head.
  public long ledgerIndex() {
    return ledger;
  }

  public String ledgerHash() {
    return hash;
  }

  /** The ledger Horizon has ingested: every answer carries it as {@code Latest-Ledger}. */
  public HorizonReplay ledger(long sequence, String ledgerHash) {
    this.ledger = sequence;
    this.hash = ledgerHash;
    return this;
  }

  /** Forgets accounts, faults and recorded paths. */
  public HorizonReplay reset() {
    accounts.clear();
    faults.clear();
    paths.clear();
    return this;
  }

  /** An account holding {@code lumens} XLM (a decimal string, as Horizon writes it). */
  public HorizonReplay account(String id, String lumens) {
    ObjectNode account = JSON.createObjectNode();
    account
        .put("id", id)
        .put("account_id", id)
        .put("sequence", "24739097524306474")
        .put("last_modified_ledger", ledger - 2);
    ArrayNode balances = account.putArray("balances");
    balances
        .addObject()
        .put("balance", lumens)
        .put("buying_liabilities", "0.0000000")
        .put("selling_liabilities", "0.0000000")
        .put("asset_type", "native");
    accounts.put(id, account);
    return this;
  }

  /** A trustline of {@code holder} (added before its native entry, as Horizon lists them). */
  public HorizonReplay trustline(
      String holder, String code, String issuer, String balance, boolean authorized) {
    ObjectNode line = JSON.createObjectNode();
    line.put("balance", balance)
        .put("limit", "922337203685.4775807")
        .put("buying_liabilities", "0.0000000")
        .put("selling_liabilities", "0.0000000")
        .put("last_modified_ledger", ledger - 6)
        .put("is_authorized", authorized)
        .put("is_authorized_to_maintain_liabilities", authorized)
        .put("asset_type", code.length() <= 4 ? "credit_alphanum4" : "credit_alphanum12")
        .put("asset_code", code)
        .put("asset_issuer", issuer);
    ((ArrayNode) accounts.get(holder).get("balances")).insert(0, line);
    return this;
  }

  /** Answers every request under {@code /accounts} or {@code /ledgers} ({@code resource}) so. */
  public HorizonReplay fail(String resource, Reply reply) {
    faults.put(resource, reply);
    return this;
  }

  /** The paths requested, in order. */
  public List<String> paths() {
    return new ArrayList<>(paths);
  }

  @Override
  void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      paths.add(path);
      String[] parts = path.replaceFirst("^/", "").split("/");
      if (parts.length != 2 || !"GET".equals(exchange.getRequestMethod())) {
        send(exchange, 404, problem(404, "Resource Missing"));
        return;
      }
      Reply fault = faults.get(parts[0]);
      if (fault != null) {
        answer(exchange, fault);
        return;
      }
      if (parts[0].equals("accounts")) {
        ObjectNode account = accounts.get(parts[1]);
        if (account == null) {
          send(exchange, 404, problem(404, "Resource Missing"));
        } else {
          send(exchange, 200, account.toString());
        }
        return;
      }
      if (parts[0].equals("ledgers") && parts[1].equals(Long.toString(ledger))) {
        ObjectNode body = JSON.createObjectNode();
        body.put("id", hash)
            .put("hash", hash)
            .put("sequence", ledger)
            .put("closed_at", "2019-12-06T22:39:32Z");
        send(exchange, 200, body.toString());
        return;
      }
      send(exchange, 404, problem(404, "Resource Missing"));
    }
  }

  private static String problem(int status, String title) {
    return "{\"type\":\"https://stellar.org/horizon-errors/not_found\",\"title\":\""
        + title
        + "\",\"status\":"
        + status
        + "}";
  }

  /** Every answer carries the ledger Horizon has ingested as {@code Latest-Ledger}. */
  @Override
  void send(HttpExchange exchange, int status, String body) throws IOException {
    exchange.getResponseHeaders().set("Latest-Ledger", Long.toString(ledger));
    super.send(exchange, status, body);
  }
}
