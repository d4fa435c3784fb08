package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.tlog.Checkpoint;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeAppend;
import org.walletstate.domain.tlog.TreeHashes;
import org.walletstate.domain.tlog.TreeNode;
import org.walletstate.domain.tlog.TreeProofs;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.StatementType;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * The service's side of the transparency log checked by the SDK's independent code: what the signer
 * appends is the leaf a relying party rebuilds from the statement it holds; checkpoints signed with
 * the service's key verify against the key published in the JWKS; the domain's proofs verify, and
 * the SDK rejects them for another leaf or a forked history.
 */
class TransparencyLogSigningTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theSignerAppendsTheLeafARelyingPartyRebuildsFromTheStatement() throws Exception {
    List<LoggedStatement> appended = new ArrayList<>();
    DualAttestationSigner signer =
        new DualAttestationSigner(
            TestSigning.keys(),
            TestSigning.ISSUER,
            statements -> {
              appended.addAll(statements);
              return OptionalLong.of(7);
            });
    String data =
        signer
            .sign(
                new AttestationSigner.SigningRequest(
                    TestSigning.attestation(), KeyVersion.V2, false, null))
            .dataJson();
    assertThat(appended).hasSize(1);
    LoggedStatement entry = appended.get(0);

    JsonNode tree = JSON.readTree(data);
    JsonNode statement = tree.get("attestation");
    byte[] preimage =
        StatementType.ATTESTATION.preimage(Namespace.SERVICE, PreimageScheme.V2, statement);
    String kid = tree.get("kid").asText();
    assertThat(entry.kind()).isEqualTo("attestation");
    assertThat(entry.kid()).isEqualTo(kid);
    assertThat(entry.id()).isEqualTo(statement.get("id").asText());
    assertThat(entry.leafHash())
        .isEqualTo(LogProofs.statementLeafHash("attestation", kid, preimage));
    // the index the log gave, after every signed member and outside them
    List<String> members = new ArrayList<>();
    tree.fieldNames().forEachRemaining(members::add);
    assertThat(members).containsExactly("attestation", "sig", "kid", "pqSig", "pqKid", "log");
    assertThat(tree.get("log").toString()).isEqualTo("{\"index\":7}");
  }

  @Test
  void aBatchsProfilesSignedApartAreAppendedInOneAppendAtConsecutiveIndexes() throws Exception {
    List<List<LoggedStatement>> appends = new ArrayList<>();
    DualAttestationSigner signer =
        new DualAttestationSigner(
            TestSigning.keys(),
            TestSigning.ISSUER,
            statements -> {
              appends.add(List.copyOf(statements));
              return OptionalLong.of(40);
            });
    List<TrustProfileSigner.Signed> signed = new ArrayList<>();
    for (String id : List.of("tp_a", "tp_b", "tp_c")) {
      Map<String, PayloadValue> members = new LinkedHashMap<>();
      members.put("id", PayloadValue.text(id));
      members.put("wallet", PayloadValue.text("0x" + "12".repeat(20)));
      members.put("dimensions", new PayloadValue.Obj(Map.of()));
      members.put("summary", new PayloadValue.Obj(Map.of()));
      members.put("profiledAt", PayloadValue.text("2026-11-28T10:00:00.000Z"));
      members.put("expiresAt", PayloadValue.text("2026-11-28T10:05:00.000Z"));
      signed.add(signer.signUnlogged(new PayloadValue.Obj(members)));
    }
    assertThat(appends).isEmpty();
    List<String> texts = signer.logged(signed);
    assertThat(appends).hasSize(1);
    assertThat(appends.get(0))
        .extracting(LoggedStatement::id)
        .containsExactly("tp_a", "tp_b", "tp_c");
    for (int i = 0; i < texts.size(); i++) {
      JsonNode tree = JSON.readTree(texts.get(i));
      assertThat(tree.get("trust").get("id").asText()).isEqualTo(appends.get(0).get(i).id());
      assertThat(tree.get("log").get("index").asLong()).isEqualTo(40 + i);
      byte[] preimage =
          StatementType.TRUST_PROFILE.preimage(
              Namespace.SERVICE, PreimageScheme.V2, tree.get("trust"));
      assertThat(appends.get(0).get(i).leafHash())
          .isEqualTo(LogProofs.statementLeafHash("trust", tree.get("kid").asText(), preimage));
    }
  }

  @Test
  void checkpointsVerifyWithTheKeyPublishedInTheJwks() throws Exception {
    CheckpointSigning signing = new CheckpointSigning(TestSigning.keys(), "api.example.test/log");
    byte[] root = TreeHashes.sha256(new byte[] {1});
    String note =
        signing.sign(
            new Checkpoint(
                "api.example.test/log", 42, root, Instant.parse("2026-11-28T10:00:00Z")));

    PublicKey fromJwks = jwksKey(new PublishedKeySet(TestSigning.keys()).jwksJson());
    assertThat(SignedCheckpoint.publicKey(signing.publicKeyBase64())).isEqualTo(fromJwks);
    SignedCheckpoint checkpoint = SignedCheckpoint.parse(note);
    assertThat(checkpoint.size()).isEqualTo(42);
    assertThat(checkpoint.root()).isEqualTo(root);
    assertThat(checkpoint.signedBy(fromJwks)).isTrue();
    assertThat(SignedCheckpoint.parse(note.replace("\n42\n", "\n43\n")).signedBy(fromJwks))
        .isFalse();
    assertThat(checkpoint.signedBy(otherKey())).isFalse();
  }

  @Test
  void theDomainsProofsVerifyInTheSdkAndATamperedOrForkedOneDoesNot() {
    Map<TreeNode, byte[]> stored = new HashMap<>();
    List<byte[]> leaves = new ArrayList<>();
    List<byte[]> roots = new ArrayList<>();
    roots.add(TreeHashes.EMPTY_ROOT);
    for (int i = 0; i < 100; i++) {
      byte[] leaf = TreeHashes.leafHash(("entry " + i).getBytes());
      leaves.add(leaf);
      Map<TreeNode, byte[]> edge = new HashMap<>();
      TreeAppend.edge(i).forEach(node -> edge.put(node, stored.get(node)));
      TreeAppend.Appended appended = TreeAppend.append(i, edge, List.of(leaf));
      stored.putAll(appended.nodes());
      roots.add(appended.root());
    }
    for (int n = 1; n <= 100; n += 3) {
      for (int m = 0; m < n; m += 2) {
        List<byte[]> proof = TreeProofs.hashes(TreeProofs.inclusion(m, n), stored);
        assertThat(LogProofs.inclusion(m, n, leaves.get(m), proof, roots.get(n))).isTrue();
        assertThat(LogProofs.inclusion(m, n, leaves.get((m + 1) % n), proof, roots.get(n)))
            .isEqualTo(n == 1);
        List<byte[]> consistency = TreeProofs.hashes(TreeProofs.consistency(m + 1, n), stored);
        assertThat(LogProofs.consistency(m + 1, n, roots.get(m + 1), roots.get(n), consistency))
            .isTrue();
        if (m + 1 < n) {
          // a history rewritten: the older checkpoint's root is not what this tree extends
          byte[] forked = TreeHashes.sha256(roots.get(m + 1));
          assertThat(LogProofs.consistency(m + 1, n, forked, roots.get(n), consistency)).isFalse();
        }
      }
    }
  }

  private static PublicKey jwksKey(String jwks) throws Exception {
    JsonNode entry = JSON.readTree(jwks).get("keys").get(0);
    Base64.Decoder url = Base64.getUrlDecoder();
    ECPoint point =
        new ECPoint(
            new BigInteger(1, url.decode(entry.get("x").asText())),
            new BigInteger(1, url.decode(entry.get("y").asText())));
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    ECPublicKey any = (ECPublicKey) generator.generateKeyPair().getPublic();
    return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, any.getParams()));
  }

  private static PublicKey otherKey() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair().getPublic();
  }
}
