package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.verifier.ProofVerifierTest.accountProof;
import static org.walletstate.verifier.ProofVerifierTest.balanceCondition;
import static org.walletstate.verifier.ProofVerifierTest.codeCondition;
import static org.walletstate.verifier.ProofVerifierTest.erc20Proof;
import static org.walletstate.verifier.ProofVerifierTest.fixture;
import static org.walletstate.verifier.ProofVerifierTest.result;
import static org.walletstate.verifier.ProofVerifierTest.stateRoot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript package's proof checks ({@code js/src/proofs.js}) and {@link ProofVerifier} on the
 * same proofs: the devnet's saved {@code eth_getProof} answers of both chains and a delegation
 * manager's revocation slots, as issued and tampered (a changed storage value, a wrong root, a
 * truncated or dropped node, a foreign account, a node left over, broken bindings, shapes and
 * pins), against trusted headers and state roots. Every member of every proof verdict must agree
 * ({@code js/tools/agree.mjs} compares); any disagreement fails the build.
 */
class ProofVerdictsAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORK = Path.of("target/js-proof-agreement");

  @Test
  void bothVerifiers_giveTheSameProofVerdicts() throws Exception {
    ProofCases cases = new ProofCases();
    for (long chain : List.of(1L, 8453L)) {
      cases.chain(fixture(chain), fixture(chain == 1 ? 8453 : 1));
    }
    cases.revocations(named("revocation"));
    cases.trustProfile(fixture(8453));
    assertThat(cases.list.size()).as("cases compared").isGreaterThan(80);
    Set<ProofStep> reached = EnumSet.noneOf(ProofStep.class);
    Set<ProofVerdict.Status> statuses = EnumSet.noneOf(ProofVerdict.Status.class);
    for (JsonNode c : cases.list) {
      for (JsonNode v : c.get("javaProofs")) {
        statuses.add(ProofVerdict.Status.valueOf(v.get("status").asText()));
        if (!v.get("failedStep").isNull()) {
          reached.add(ProofStep.valueOf(v.get("failedStep").asText()));
        }
      }
    }
    assertThat(reached).as("failed steps reached").containsAll(EnumSet.allOf(ProofStep.class));
    assertThat(statuses).containsAll(EnumSet.allOf(ProofVerdict.Status.class));

    ObjectNode corpus = JSON.createObjectNode();
    corpus.set("cases", cases.list);
    NodeAgreement.agree(WORK, corpus);
  }

  static JsonNode named(String name) throws Exception {
    return JSON.readTree(
        ProofVerdictsAgreementTest.class.getResourceAsStream("/proofs/" + name + ".json"));
  }

  /**
   * A proof verifier from the description the TypeScript package's {@code proofVerifierFrom} takes:
   * {@code trust} (in order: {@code {stateRoot}}, {@code {chainId, blockNumber, stateRoot}} or
   * {@code {chainId, header, blockHash}}), {@code wallet}, {@code decimals}.
   */
  static ProofVerifier verifierFrom(JsonNode config) {
    ProofVerifier.Builder builder = ProofVerifier.builder();
    for (JsonNode t : config.path("trust")) {
      if (t.has("header")) {
        Long chain = t.path("chainId").isNumber() ? t.get("chainId").asLong() : null;
        builder.trustHeader(chain, t.get("header"), t.get("blockHash").asText());
      } else if (t.path("chainId").isNumber()) {
        builder.trustStateRoot(
            t.get("chainId").asLong(),
            new java.math.BigInteger(t.get("blockNumber").asText().substring(2), 16),
            t.get("stateRoot").asText());
      } else {
        builder.trustStateRoot(t.get("stateRoot").asText());
      }
    }
    if (config.hasNonNull("wallet")) {
      builder.wallet(config.get("wallet").asText());
    }
    for (JsonNode d : config.path("decimals")) {
      builder.tokenDecimals(
          d.get("chainId").asLong(), d.get("token").asText(), d.get("decimals").asInt());
    }
    return builder.build();
  }

  /**
   * One case: the results as an attestation object, the verifier's description, Java's verdicts.
   */
  static ObjectNode proofCase(String label, JsonNode config, List<ObjectNode> results) {
    ObjectNode attestation = JSON.createObjectNode();
    ArrayNode list = attestation.putArray("results");
    results.forEach(list::add);
    ObjectNode c = JSON.createObjectNode();
    c.put("label", label).put("kind", "proofs");
    c.set("proofs", config);
    c.put("input", attestation.toString());
    ArrayNode verdicts = c.putArray("javaProofs");
    for (ProofVerdict v : verifierFrom(config).verifyResults(attestation)) {
      verdicts.add(v.json());
    }
    return c;
  }

  /** The corpus: each chain's proofs as issued and edited, and the revocation slots. */
  private static final class ProofCases {
    final ArrayNode list = JSON.createArrayNode();

    void add(String label, JsonNode config, ObjectNode... results) {
      list.add(proofCase(label, config, List.of(results)));
    }

    void chain(JsonNode f, JsonNode other) {
      String chain = "chain " + f.path("chainId").asLong() + ": ";
      String holder = f.path("holder").asText();
      ObjectNode byRoot = ProofTampering.rootTrust(stateRoot(f));
      ObjectNode byHeader = ProofTampering.headerTrust(f, holder);
      ObjectNode met6 =
          result(
              f,
              "token_balance",
              true,
              balanceCondition(f, f.path("token6").asText(), "1500.25"),
              erc20Proof(f, f.path("holderToken6"), holder, 6));
      add(chain + "6 decimals met, trusted header, wallet pinned", byHeader, met6);
      add(
          chain + "18 decimals not met",
          byHeader,
          result(
              f,
              "token_balance",
              false,
              balanceCondition(f, f.path("token18").asText(), "2.500000000000000001"),
              erc20Proof(f, f.path("holderToken18"), holder, 18)));
      add(
          chain + "a non-holder's slot proven empty",
          ProofTampering.rootTrust(stateRoot(f)).put("wallet", f.path("empty").asText()),
          result(
              f,
              "token_balance",
              false,
              balanceCondition(f, f.path("token6").asText(), "1"),
              erc20Proof(f, f.path("emptyToken6"), f.path("empty").asText(), 6)));
      add(
          chain + "native balance",
          ProofTampering.rootTrust(stateRoot(f)).put("wallet", holder),
          result(
              f,
              "token_balance",
              true,
              balanceCondition(f, "native", "1.4"),
              accountProof(f, f.path("holderAccount"), "account_balance")));
      codeStates(chain, f, byRoot);
      for (ProofTampering.Edit edit : ProofTampering.edits(f, other)) {
        ObjectNode tampered = met6.deepCopy();
        edit.apply(tampered);
        add(chain + edit.label(), edit.config() == null ? byRoot : edit.config(), tampered);
      }
      ObjectNode flipped = met6.deepCopy();
      flipped.put("met", false);
      add(chain + "two results, the second's verdict flipped", byHeader, met6, flipped);
    }

    private void codeStates(String chain, JsonNode f, JsonNode byRoot) {
      String target = f.path("delegateTarget").asText();
      String[][] states = {
        {"holderAccount", "none", null},
        {"emptyAccount", "none", null},
        {"emptyAccount", "contract", null},
        {"delegatedAccount", "eip7702", target},
        {"delegatedAccount", "none", null},
        {"delegatedAccount", "eip7702", null},
        {"contractAccount", "contract", null},
        {"contractAccount", "eip7702", target},
      };
      for (String[] s : states) {
        for (boolean met : List.of(true, false)) {
          add(
              chain + s[0] + " expect " + s[1] + (s[2] == null ? "" : " to target") + " met " + met,
              byRoot,
              result(
                  f,
                  "account_code",
                  met,
                  codeCondition(f, s[1], s[2]),
                  accountProof(f, f.path(s[0]), "account_code")));
        }
      }
    }

    /**
     * A trust profile's checks (presence facts: operator gt, threshold 0) in two dimensions, the
     * first unevaluated without a proof, then a verified balance, a declined row and a tampered
     * one.
     */
    void trustProfile(JsonNode f) {
      String holder = f.path("holder").asText();
      ObjectNode trust = JSON.createObjectNode();
      ObjectNode dimensions = trust.putObject("dimensions");
      ObjectNode unevaluated = JSON.createObjectNode().put("label", "XRPL").put("met", false);
      unevaluated.put("evaluated", false);
      List<ObjectNode> rows = new ArrayList<>();
      for (String token : List.of("token6", "token18")) {
        ObjectNode condition = balanceCondition(f, f.path(token).asText(), "0");
        condition.put("operator", "gt");
        ObjectNode row =
            result(
                f,
                "token_balance",
                true,
                condition,
                erc20Proof(
                    f,
                    f.path("holder" + token.substring(0, 1).toUpperCase() + token.substring(1)),
                    holder,
                    token.equals("token6") ? 6 : 18));
        row.remove("type");
        row.remove("condition");
        rows.add(row);
      }
      ObjectNode declined = rows.get(1).deepCopy();
      declined.set(
          "proof",
          JSON.createObjectNode().put("available", false).put("reason", "NFT rows carry no proof"));
      ObjectNode tampered = rows.get(0).deepCopy();
      ((ObjectNode) tampered.path("proof").path("storageProof").get(0)).put("value", "0x0");
      dimensions.putObject("xrpl").putArray("checks").add(unevaluated);
      ArrayNode stablecoins = dimensions.putObject("stablecoins").putArray("checks");
      stablecoins.add(rows.get(0)).add(declined).add(tampered).add(rows.get(1));
      ObjectNode c = JSON.createObjectNode();
      c.put("label", "trust profile checks").put("kind", "proofs").put("proofsOf", "trust");
      ObjectNode config = ProofTampering.headerTrust(f, holder);
      c.set("proofs", config);
      c.put("input", trust.toString());
      ArrayNode verdicts = c.putArray("javaProofs");
      for (ProofVerdict v : verifierFrom(config).verifyTrustChecks(trust)) {
        verdicts.add(v.json());
      }
      assertThat(verdicts).hasSize(4);
      list.add(c);
    }

    void revocations(JsonNode r) {
      ObjectNode byRoot = ProofTampering.rootTrust(r.path("stateRoot").asText());
      List<ObjectNode> all = new ArrayList<>();
      for (String which : List.of("revoked", "active", "odd")) {
        for (String failReason : List.of("", "revoked", "delegate_mismatch")) {
          boolean met = failReason.isEmpty();
          ObjectNode result = ProofTampering.revocation(r, which, met, failReason);
          all.add(result);
          add("revocation " + which + " failReason [" + failReason + "]", byRoot, result);
        }
      }
      for (ProofTampering.Edit edit : ProofTampering.revocationEdits(r)) {
        ObjectNode tampered = ProofTampering.revocation(r, "revoked", false, "revoked");
        edit.apply(tampered);
        add("revocation " + edit.label(), edit.config() == null ? byRoot : edit.config(), tampered);
      }
      add("revocations together", byRoot, all.toArray(ObjectNode[]::new));
    }
  }
}
