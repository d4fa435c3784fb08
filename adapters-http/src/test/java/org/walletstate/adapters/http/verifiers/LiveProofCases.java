package org.walletstate.adapters.http.verifiers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;

/**
 * A live answer with {@code proof: "merkle"} and what a forger would do with its proofs, as cases
 * of the two verifiers' agreement: each carries the proof verifier's description ({@code proofs},
 * read by the TypeScript package's {@code proofVerifierFrom}) and the Java SDK's verdicts on the
 * answer's attestation object ({@code javaProofs}). The trusted root is the devnet's header of the
 * results' block, its hash recomputed by each verifier.
 */
final class LiveProofCases {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CHAIN = 8453;

  private final DevnetManifest m;
  private final Instant now;
  private final AttestationVerifier java;

  LiveProofCases(DevnetManifest m, Instant now, AttestationVerifier java) {
    this.m = m;
    this.now = now;
    this.java = java;
  }

  /** The answer as issued (every proof verifies) and each tampered copy (one proof rejected). */
  void addTo(ArrayNode cases, String answer, String label) throws Exception {
    ObjectNode response = (ObjectNode) JSON.readTree(answer);
    String block = response.at("/data/attestation/results/0/blockNumber").asText();
    JsonNode header = Devnet.shared().rpc(CHAIN).block(block);
    String holder = m.wallet("holder").address();
    ObjectNode trusted = JSON.createObjectNode().put("wallet", holder);
    trusted
        .putArray("trust")
        .addObject()
        .put("chainId", CHAIN)
        .put("blockHash", header.path("hash").asText())
        .set("header", header);
    ProofVerifier byHeader =
        ProofVerifier.builder()
            .trustHeader(CHAIN, header, header.path("hash").asText())
            .wallet(holder)
            .build();
    List<ProofVerdict> issued = add(cases, label + " with proofs", response, trusted, byHeader);
    assertThat(issued)
        .hasSize(5)
        .allSatisfy(v -> assertThat(v.verified()).as(v.toString()).isTrue());

    String otherRoot = Devnet.shared().rpc(CHAIN).block("0x1").path("stateRoot").asText();
    ObjectNode wrongRoot = JSON.createObjectNode();
    wrongRoot.putArray("trust").addObject().put("stateRoot", otherRoot);
    List<ProofVerdict> rooted =
        add(
            cases,
            label + " proofs under another block's root",
            response,
            wrongRoot,
            ProofVerifier.builder().trustStateRoot(otherRoot).build());
    assertThat(rooted).allSatisfy(v -> assertThat(v.verified()).as(v.toString()).isFalse());

    for (Map.Entry<String, Consumer<ArrayNode>> edit : edits().entrySet()) {
      ObjectNode copy = response.deepCopy();
      edit.getValue().accept((ArrayNode) copy.at("/data/attestation/results"));
      List<ProofVerdict> verdicts =
          add(cases, label + " proof " + edit.getKey(), copy, trusted, byHeader);
      assertThat(verdicts)
          .as(edit.getKey())
          .anySatisfy(v -> assertThat(v.status()).isEqualTo(ProofVerdict.Status.REJECTED));
    }
  }

  private List<ProofVerdict> add(
      ArrayNode cases, String label, ObjectNode response, ObjectNode config, ProofVerifier proofs)
      throws Exception {
    String text = JSON.writeValueAsString(response);
    LiveAnswersBothVerifiersTest.add(
        cases, label, "attestation", text, null, java.report(text), now);
    ObjectNode c = (ObjectNode) cases.get(cases.size() - 1);
    c.set("proofs", config);
    List<ProofVerdict> verdicts = proofs.verifyResults(response.at("/data/attestation"));
    ArrayNode javaProofs = c.putArray("javaProofs");
    for (ProofVerdict v : verdicts) {
      javaProofs.add(JSON.readTree(v.toJson()));
    }
    return verdicts;
  }

  private static ObjectNode proof(ArrayNode results, int index) {
    return (ObjectNode) results.get(index).get("proof");
  }

  /**
   * Edits of the results' proofs: 0 the 6-decimal token, 1 the 18-decimal one, 2 native, 3 code.
   */
  private static Map<String, Consumer<ArrayNode>> edits() {
    Map<String, Consumer<ArrayNode>> edits = new LinkedHashMap<>();
    edits.put(
        "storage value changed",
        r -> ((ObjectNode) proof(r, 0).path("storageProof").get(0)).put("value", "0x1"));
    edits.put(
        "account node truncated",
        r -> {
          ArrayNode nodes = (ArrayNode) proof(r, 0).get("accountProof");
          String node = nodes.get(1).asText();
          nodes.set(1, node.substring(0, node.length() - 4));
        });
    edits.put(
        "storage node truncated",
        r -> {
          ArrayNode nodes = (ArrayNode) proof(r, 0).path("storageProof").get(0).get("proof");
          String node = nodes.get(nodes.size() - 1).asText();
          nodes.set(nodes.size() - 1, node.substring(0, node.length() - 4));
        });
    edits.put(
        "of a foreign account",
        r -> {
          for (String f : List.of("address", "nonce", "balance", "codeHash", "storageHash")) {
            proof(r, 0).set(f, proof(r, 1).get(f).deepCopy());
          }
          proof(r, 0).set("accountProof", proof(r, 1).get("accountProof").deepCopy());
        });
    edits.put(
        "with a foreign account's storage proof",
        r ->
            ((ObjectNode) proof(r, 0).path("storageProof").get(0))
                .set("proof", proof(r, 1).path("storageProof").get(0).get("proof").deepCopy()));
    edits.put("native balance claimed otherwise", r -> proof(r, 2).put("balance", "0x1"));
    edits.put(
        "codeHash claimed otherwise", r -> proof(r, 3).put("codeHash", "0x" + "ab".repeat(32)));
    edits.put("verdict flipped", r -> ((ObjectNode) r.get(1)).put("met", true));
    return edits;
  }
}
