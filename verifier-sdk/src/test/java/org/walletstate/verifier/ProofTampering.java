package org.walletstate.verifier;

import static org.walletstate.verifier.ProofVerifierTest.fixture;
import static org.walletstate.verifier.ProofVerifierTest.stateRoot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import org.walletstate.verifier.internal.Keccak;

/**
 * What a forger would do with a result's proof, each edit with the verifier description it is
 * checked under (null: the fixture's state root): used by the agreement of the two SDKs' proof
 * verdicts.
 */
final class ProofTampering {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ProofTampering() {}

  record Edit(String label, Consumer<ObjectNode> change, ObjectNode config) {
    void apply(ObjectNode result) {
      change.accept(result);
    }
  }

  static ObjectNode rootTrust(String stateRoot) {
    ObjectNode config = JSON.createObjectNode();
    config.putArray("trust").addObject().put("stateRoot", stateRoot);
    return config;
  }

  static ObjectNode headerTrust(JsonNode f, String wallet) {
    ObjectNode config = JSON.createObjectNode();
    config
        .putArray("trust")
        .addObject()
        .put("chainId", f.path("chainId").asLong())
        .put("blockHash", f.path("header").path("hash").asText())
        .set("header", f.path("header"));
    if (wallet != null) {
      config.put("wallet", wallet);
    }
    return config;
  }

  private static ObjectNode proof(ObjectNode result) {
    return (ObjectNode) result.get("proof");
  }

  private static ArrayNode nodes(ObjectNode result, boolean storage) {
    return (ArrayNode)
        (storage
            ? proof(result).path("storageProof").get(0).get("proof")
            : proof(result).get("accountProof"));
  }

  private static ObjectNode slot(ObjectNode result) {
    return (ObjectNode) proof(result).path("storageProof").get(0);
  }

  private static String cut(String hex) {
    return hex.substring(0, hex.length() - 4);
  }

  private static String flip(String hex) {
    int last = Integer.parseInt(hex.substring(hex.length() - 2), 16) ^ 0x01;
    return hex.substring(0, hex.length() - 2) + String.format("%02x", last);
  }

  /** A root that the given node hashes to: a malformed node that passes the hash check. */
  private static Edit malformedRoot(String label, String node) {
    String root = "0x" + HexFormat.of().formatHex(Keccak.hash(HexFormat.of().parseHex(node)));
    return new Edit(
        label, r -> proof(r).putArray("accountProof").add("0x" + node), rootTrust(root));
  }

  /** Edits of an ERC-20 balance result (the 6-decimal token, met at 1500.25). */
  static List<Edit> edits(JsonNode f, JsonNode other) {
    List<Edit> e = new ArrayList<>();
    String token18 = f.path("token18").asText();
    JsonNode foreign = f.path("holderToken18");
    String empty = f.path("empty").asText();
    e.add(new Edit("storage value changed", r -> slot(r).put("value", "0x5f5e1000"), null));
    e.add(new Edit("wrong root: the other chain's", r -> {}, rootTrust(stateRoot(other))));
    e.add(
        new Edit(
            "account node truncated",
            r -> nodes(r, false).set(1, cut(nodes(r, false).get(1).asText())),
            null));
    e.add(
        new Edit(
            "account node flipped",
            r -> nodes(r, false).set(1, flip(nodes(r, false).get(1).asText())),
            null));
    e.add(
        new Edit(
            "account proof's last node dropped",
            r -> nodes(r, false).remove(nodes(r, false).size() - 1),
            null));
    e.add(new Edit("account proof's root node dropped", r -> nodes(r, false).remove(0), null));
    e.add(
        new Edit(
            "a node left over", r -> nodes(r, false).add(nodes(r, false).get(1).asText()), null));
    e.add(
        new Edit(
            "account nodes out of order",
            r -> {
              ArrayNode n = nodes(r, false);
              String second = n.get(1).asText();
              n.set(1, n.get(2).asText());
              n.set(2, second);
            },
            null));
    e.add(
        new Edit(
            "storage node truncated",
            r -> {
              ArrayNode n = nodes(r, true);
              n.set(n.size() - 1, cut(n.get(n.size() - 1).asText()));
            },
            null));
    e.add(
        new Edit(
            "storage proof's last node dropped",
            r -> nodes(r, true).remove(nodes(r, true).size() - 1),
            null));
    e.add(new Edit("storage proof emptied", r -> nodes(r, true).removeAll(), null));
    e.add(
        new Edit(
            "foreign account: another token's account proof and fields",
            r -> {
              ObjectNode p = proof(r);
              for (String m : List.of("address", "nonce", "balance", "codeHash", "storageHash")) {
                p.put(m, foreign.path(m).asText());
              }
              p.set("accountProof", foreign.path("accountProof").deepCopy());
            },
            null));
    e.add(
        new Edit(
            "foreign account: another token's account proof under this address",
            r -> proof(r).set("accountProof", foreign.path("accountProof").deepCopy()),
            null));
    e.add(
        new Edit(
            "foreign account: another token's storage proof",
            r -> slot(r).set("proof", foreign.path("storageProof").get(0).path("proof").deepCopy()),
            null));
    e.add(
        new Edit(
            "foreign account: the condition is another token's",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("contractAddress", token18),
            null));
    e.add(
        new Edit(
            "storageHash claimed otherwise",
            r -> proof(r).put("storageHash", "0x" + "11".repeat(32)),
            null));
    e.add(new Edit("balance claimed otherwise", r -> proof(r).put("balance", "0x1"), null));
    e.add(new Edit("another holder", r -> proof(r).put("holder", empty), null));
    e.add(
        new Edit(
            "wallet pinned to another", r -> {}, rootTrust(stateRoot(f)).put("wallet", empty)));
    ObjectNode pinned = rootTrust(stateRoot(f));
    pinned
        .putArray("decimals")
        .addObject()
        .put("chainId", f.path("chainId").asLong())
        .put("token", f.path("token6").asText())
        .put("decimals", 18);
    e.add(new Edit("decimals pinned otherwise", r -> {}, pinned));
    e.add(new Edit("decimals removed", r -> proof(r).remove("decimals"), null));
    e.add(
        new Edit(
            "condition's decimals differ",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("decimals", 18),
            null));
    e.add(
        new Edit(
            "condition's decimals agree",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("decimals", 6),
            null));
    e.add(
        new Edit(
            "threshold not a number",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("threshold", "1,5"),
            null));
    e.add(
        new Edit(
            "threshold as a JSON number",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("threshold", 1500.25),
            null));
    e.add(
        new Edit(
            "threshold with an exponent",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("threshold", "1.50025E3"),
            null));
    e.add(
        new Edit(
            "threshold one base unit higher",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("threshold", "1500.250001"),
            null));
    e.add(
        new Edit(
            "operator gt at the exact balance",
            r -> ((ObjectNode) r.get("evaluatedCondition")).put("operator", "gt"),
            null));
    e.add(new Edit("met flipped", r -> r.put("met", false), null));
    e.add(new Edit("a later block", r -> r.put("blockNumber", "0x999"), null));
    e.add(new Edit("proof blockNumber malformed", r -> proof(r).put("blockNumber", "75"), null));
    e.add(new Edit("chainId as text", r -> r.put("chainId", "8453"), null));
    ObjectNode otherChain = JSON.createObjectNode();
    otherChain
        .putArray("trust")
        .addObject()
        .put("chainId", 7L)
        .put("blockNumber", f.path("blockNumber").asText())
        .put("stateRoot", stateRoot(f));
    e.add(new Edit("no trusted root for the chain", r -> {}, otherChain));
    ObjectNode badHeader = headerTrust(f, null);
    ((ObjectNode) badHeader.get("trust").get(0)).put("blockHash", "0x" + "22".repeat(32));
    e.add(new Edit("header not of the trusted hash", r -> {}, badHeader));
    ObjectNode tooLate = headerTrust(fixture(f.path("chainId").asLong()), null);
    ((ObjectNode) tooLate.get("trust").get(0)).put("chainId", 999L);
    e.add(new Edit("header trusted for another chain", r -> {}, tooLate));
    e.add(new Edit("accountProof not an array", r -> proof(r).put("accountProof", "0x00"), null));
    e.add(new Edit("accountProof not hex", r -> nodes(r, false).set(0, "zz"), null));
    e.add(new Edit("unknown layout", r -> proof(r).put("layout", "cairo"), null));
    e.add(new Edit("vyper layout claimed", r -> proof(r).put("layout", "vyper"), null));
    e.add(new Edit("unknown subject", r -> proof(r).put("subject", "nft_owner"), null));
    e.add(
        new Edit(
            "account_balance subject on a token",
            r -> proof(r).put("subject", "account_balance"),
            null));
    e.add(
        new Edit(
            "account_code subject on a balance",
            r -> proof(r).put("subject", "account_code"),
            null));
    e.add(
        new Edit(
            "declined",
            r ->
                r.set(
                    "proof",
                    JSON.createObjectNode()
                        .put("available", false)
                        .put("reason", "computed balance")),
            null));
    e.add(
        new Edit(
            "declined without a reason",
            r -> r.set("proof", JSON.createObjectNode().put("available", false)),
            null));
    e.add(new Edit("no proof", r -> r.remove("proof"), null));
    e.add(new Edit("proof of another type", r -> proof(r).put("type", "zk"), null));
    e.add(
        new Edit(
            "storageKey not the holder's",
            r -> proof(r).put("storageKey", "0x" + "33".repeat(32)),
            null));
    e.add(
        new Edit(
            "two storage proofs",
            r -> ((ArrayNode) proof(r).get("storageProof")).add(slot(r).deepCopy()),
            null));
    e.add(new Edit("storage proof of another key", r -> slot(r).put("key", "0x1"), null));
    e.add(new Edit("storageHash not a word", r -> proof(r).put("storageHash", "0x11"), null));
    e.add(malformedRoot("a node that is not RLP", "8105"));
    e.add(malformedRoot("a trie node of three items", "c3808080"));
    e.add(malformedRoot("a node that is a byte string", "83010203"));
    return e;
  }

  /** A delegation result over the revocation fixture's slot {@code which}. */
  static ObjectNode revocation(JsonNode r, String which, boolean met, String failReason) {
    JsonNode account = r.path("managerAccount");
    JsonNode slot = account.path("storageProof").path(which);
    String hash = r.path("delegations").path(which).asText();
    ObjectNode condition = JSON.createObjectNode();
    condition.put("type", "erc7710_delegation").put("chainId", r.path("chainId").asLong());
    condition.put("contractAddress", r.path("manager").asText()).put("delegationHash", hash);
    condition.put("delegate", "0x" + "ab".repeat(20));
    ObjectNode proof = JSON.createObjectNode();
    proof.put("available", true).put("type", "merkle").put("subject", "delegation_revocation");
    proof.put("blockNumber", r.path("blockNumber").asText());
    proof.put("address", account.path("address").asText());
    proof.put("contractAddress", r.path("manager").asText());
    proof.put("delegationHash", hash).put("mappingSlot", r.path("mappingSlot").asText());
    proof.put("storageKey", slot.path("key").asText());
    for (String f : List.of("nonce", "balance", "codeHash", "storageHash")) {
      proof.put(f, account.path(f).asText());
    }
    proof.set("accountProof", account.path("accountProof").deepCopy());
    proof.putArray("storageProof").add(slot.deepCopy());
    ObjectNode result = JSON.createObjectNode();
    result.put("condition", 0).put("type", "erc7710_delegation");
    result.put("chainId", r.path("chainId").asLong()).put("met", met);
    if (!failReason.isEmpty()) {
      result.put("failReason", failReason);
    }
    result.set("evaluatedCondition", condition);
    result.put("blockNumber", r.path("blockNumber").asText());
    result.set("proof", proof);
    return result;
  }

  /** Edits of the revoked delegation's result (met false, failReason revoked). */
  static List<Edit> revocationEdits(JsonNode r) {
    List<Edit> e = new ArrayList<>();
    String other = "0x" + "cd".repeat(20);
    e.add(
        new Edit(
            "manager not the condition's",
            r2 -> ((ObjectNode) r2.get("evaluatedCondition")).put("contractAddress", other),
            null));
    e.add(
        new Edit(
            "another delegation",
            r2 ->
                ((ObjectNode) r2.get("evaluatedCondition"))
                    .put("delegationHash", r.path("delegations").path("active").asText()),
            null));
    e.add(
        new Edit(
            "wallet pinned is not the delegate",
            r2 -> {},
            rootTrust(r.path("stateRoot").asText()).put("wallet", other)));
    e.add(
        new Edit(
            "wallet pinned is the delegate",
            r2 -> {},
            rootTrust(r.path("stateRoot").asText()).put("wallet", "0x" + "AB".repeat(20))));
    e.add(new Edit("mappingSlot edited", r2 -> proof(r2).put("mappingSlot", "0x4"), null));
    e.add(new Edit("slot value changed", r2 -> slot(r2).put("value", "0x0"), null));
    e.add(
        new Edit(
            "slot node truncated",
            r2 -> nodes(r2, true).set(0, cut(nodes(r2, true).get(0).asText())),
            null));
    e.add(
        new Edit(
            "result says met",
            r2 -> {
              r2.put("met", true);
              r2.remove("failReason");
            },
            null));
    e.add(new Edit("on a token_balance result", r2 -> r2.put("type", "token_balance"), null));
    e.add(
        new Edit("delegationHash not a word", r2 -> proof(r2).put("delegationHash", "0x12"), null));
    return e;
  }
}
