package org.walletstate.verifier.tlog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes the transparency-log vectors both SDKs run ({@code tlog/log-vectors.json}): trees of up to
 * ten leaves with every inclusion and consistency proof made by RFC 9162's recursive PATH and
 * SUBPROOF definitions and tampered variants of each, the RFC 6962 reference proofs, statement
 * leaves, checkpoints signed here with a throw-away P-256 key (and malformed ones), and forks.
 * Every expected verdict comes from how the vector was made, not from either SDK.
 */
final class LogVectors {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();
  private static final Base64.Encoder B64 = Base64.getEncoder();
  static final String ORIGIN = "log.example.test/log";
  private static final BigInteger P256_ORDER =
      new BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);

  private LogVectors() {}

  /** The data of leaf {@code i} of the generated trees. */
  static byte[] data(int i) {
    return new byte[] {(byte) i, (byte) 0x5a};
  }

  static List<byte[]> leaves(int n) {
    List<byte[]> leaves = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      leaves.add(LogProofs.leafHash(data(i)));
    }
    return leaves;
  }

  private static ArrayNode hex(List<byte[]> hashes) {
    ArrayNode out = JSON.createArrayNode();
    hashes.forEach(h -> out.add(HEX.formatHex(h)));
    return out;
  }

  private static byte[] bent(byte[] hash) {
    byte[] out = hash.clone();
    out[out.length - 1] ^= 1;
    return out;
  }

  private static List<byte[]> with(List<byte[]> proof, int at, byte[] replacement) {
    List<byte[]> out = new ArrayList<>(proof);
    out.set(at, replacement);
    return out;
  }

  private static List<byte[]> plus(List<byte[]> proof, byte[] extra) {
    List<byte[]> out = new ArrayList<>(proof);
    out.add(extra);
    return out;
  }

  static void inclusion(
      ArrayNode out,
      String label,
      long index,
      long size,
      byte[] data,
      List<byte[]> proof,
      byte[] root,
      boolean expected) {
    ObjectNode v = out.addObject().put("label", label).put("index", index).put("size", size);
    v.put("leafData", HEX.formatHex(data));
    v.put("leaf", HEX.formatHex(LogProofs.leafHash(data))).set("proof", hex(proof));
    v.put("root", HEX.formatHex(root)).put("expected", expected);
  }

  static void consistency(
      ArrayNode out,
      String label,
      long first,
      long second,
      byte[] firstRoot,
      byte[] secondRoot,
      List<byte[]> proof,
      boolean expected) {
    ObjectNode v = out.addObject().put("label", label).put("first", first).put("second", second);
    v.put("firstRoot", HEX.formatHex(firstRoot)).put("secondRoot", HEX.formatHex(secondRoot));
    v.set("proof", hex(proof));
    v.put("expected", expected);
  }

  static ArrayNode inclusionVectors() {
    ArrayNode out = JSON.createArrayNode();
    List<byte[]> leaves = leaves(10);
    for (int n = 1; n <= leaves.size(); n++) {
      List<byte[]> tree = leaves.subList(0, n);
      byte[] root = LogProofsTest.mth(tree);
      for (int m = 0; m < n; m++) {
        List<byte[]> proof = new ArrayList<>();
        LogProofsTest.path(m, tree, proof);
        String at = "leaf " + m + " of " + n;
        byte[] leaf = data(m);
        inclusion(out, at, m, n, leaf, proof, root, true);
        // a proof of another length than PATH(m, D[size]) has fails whatever its hashes
        for (int other : List.of(n + 1, 2 * n + 1)) {
          List<byte[]> otherPath = new ArrayList<>();
          LogProofsTest.path(m, leaves(other), otherPath);
          if (otherPath.size() != proof.size()) {
            inclusion(
                out, at + ": claimed in a tree of " + other, m, other, leaf, proof, root, false);
          }
        }
        inclusion(out, at + ": another root", m, n, leaf, proof, bent(root), false);
        inclusion(
            out,
            at + ": a tampered leaf",
            m,
            n,
            new byte[] {(byte) m, 0x5a, 1},
            proof,
            root,
            false);
        inclusion(out, at + ": one hash too many", m, n, leaf, plus(proof, root), root, false);
        if (!proof.isEmpty()) {
          for (int i = 0; i < proof.size(); i++) {
            inclusion(
                out,
                at + ": hash " + i + " bent",
                m,
                n,
                leaf,
                with(proof, i, bent(proof.get(i))),
                root,
                false);
          }
          inclusion(
              out,
              at + ": last hash missing",
              m,
              n,
              leaf,
              proof.subList(0, proof.size() - 1),
              root,
              false);
          inclusion(out, at + ": another leaf's hash", m, n, data((m + 1) % n), proof, root, false);
        }
      }
      inclusion(out, "index " + n + " of " + n, n, n, data(0), List.of(), root, false);
    }
    inclusion(out, "an empty tree", 0, 0, data(0), List.of(), leaves.get(0), false);
    inclusion(out, "a negative index", -1, 4, data(0), List.of(), leaves.get(0), false);
    return out;
  }

  static ArrayNode consistencyVectors() {
    ArrayNode out = JSON.createArrayNode();
    List<byte[]> leaves = leaves(10);
    for (int n = 1; n <= leaves.size(); n++) {
      byte[] root = LogProofsTest.mth(leaves.subList(0, n));
      for (int m = 1; m <= n; m++) {
        byte[] first = LogProofsTest.mth(leaves.subList(0, m));
        List<byte[]> proof = new ArrayList<>();
        if (m < n) {
          LogProofsTest.subproof(m, leaves.subList(0, n), true, proof);
        }
        String at = m + " to " + n;
        consistency(out, at, m, n, first, root, proof, true);
        // a proof of another length than SUBPROOF(m, D[second], true) has fails whatever its hashes
        for (int other : List.of(n + 1, 2 * n + 1)) {
          List<byte[]> otherProof = new ArrayList<>();
          LogProofsTest.subproof(m, leaves(other), true, otherProof);
          if (m < n && otherProof.size() != proof.size()) {
            consistency(out, at + ": claimed to " + other, m, other, first, root, proof, false);
          }
        }
        consistency(out, at + ": a forked first root", m, n, bent(first), root, proof, false);
        consistency(out, at + ": another second root", m, n, first, bent(root), proof, false);
        consistency(out, at + ": one hash too many", m, n, first, root, plus(proof, root), false);
        for (int i = 0; i < proof.size(); i++) {
          consistency(
              out,
              at + ": hash " + i + " bent",
              m,
              n,
              first,
              root,
              with(proof, i, bent(proof.get(i))),
              false);
        }
        if (!proof.isEmpty()) {
          consistency(
              out,
              at + ": last hash missing",
              m,
              n,
              first,
              root,
              proof.subList(0, proof.size() - 1),
              false);
          consistency(out, at + ": sizes swapped", n, m, root, first, proof, false);
        }
      }
      consistency(out, "0 to " + n, 0, n, root, root, List.of(), false);
    }
    return out;
  }

  static KeyPair keyPair() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  static byte[] keyId(KeyPair key) throws Exception {
    return Arrays.copyOf(
        MessageDigest.getInstance("SHA-256").digest(key.getPublic().getEncoded()), 4);
  }

  static byte[] sign(KeyPair key, String body) throws Exception {
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(key.getPrivate());
    signer.update(body.getBytes(StandardCharsets.UTF_8));
    return signer.sign();
  }

  static String line(String name, byte[] keyId, byte[] der) {
    byte[] out = new byte[keyId.length + der.length];
    System.arraycopy(keyId, 0, out, 0, keyId.length);
    System.arraycopy(der, 0, out, keyId.length, der.length);
    return "\u2014 " + name + " " + B64.encodeToString(out) + "\n";
  }

  static String body(long size, byte[] root) {
    return ORIGIN + "\n" + size + "\n" + B64.encodeToString(root) + "\ntime 1764322000\n";
  }

  static ObjectNode publishedKey(KeyPair key) throws Exception {
    return JSON.createObjectNode()
        .put("origin", ORIGIN)
        .put("keyId", HEX.formatHex(keyId(key)))
        .put("algorithm", "ES256")
        .put("publicKey", B64.encodeToString(key.getPublic().getEncoded()));
  }

  /** The same signature with s replaced by n - s (DER re-encoded): ECDSA accepts both. */
  static byte[] highS(byte[] der) {
    int rLen = der[3];
    byte[] r = Arrays.copyOfRange(der, 4, 4 + rLen);
    int sAt = 4 + rLen;
    BigInteger s = new BigInteger(1, Arrays.copyOfRange(der, sAt + 2, sAt + 2 + der[sAt + 1]));
    byte[] other = P256_ORDER.subtract(s).toByteArray();
    byte[] out = new byte[6 + r.length + other.length];
    out[0] = 0x30;
    out[1] = (byte) (out.length - 2);
    out[2] = 0x02;
    out[3] = (byte) r.length;
    System.arraycopy(r, 0, out, 4, r.length);
    out[4 + r.length] = 0x02;
    out[5 + r.length] = (byte) other.length;
    System.arraycopy(other, 0, out, 6 + r.length, other.length);
    return out;
  }

  static void write(java.nio.file.Path file) throws Exception {
    ObjectNode root = JSON.createObjectNode();
    root.put(
        "about",
        "Transparency-log vectors both verifier SDKs run (LogVectorsAgreementTest, "
            + "js/test/tlog.test.mjs); written by LogVectors from RFC 9162's recursive definitions "
            + "and a throw-away P-256 key. Expected verdicts come from how each vector was made.");
    KeyPair key = keyPair();
    KeyPair other = keyPair();
    root.putObject("keys")
        .<ObjectNode>set("log", publishedKey(key))
        .set("other", publishedKey(other));
    root.set("statements", LogReferenceVectors.statementVectors());
    ArrayNode inclusion = inclusionVectors();
    ArrayNode consistency = consistencyVectors();
    LogReferenceVectors.referenceVectors(inclusion, consistency);
    root.set("inclusion", inclusion);
    root.set("consistency", consistency);
    root.set("checkpoints", LogCheckpointVectors.checkpoints(key, other));
    root.set("forks", LogCheckpointVectors.forks(key));
    JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }
}
