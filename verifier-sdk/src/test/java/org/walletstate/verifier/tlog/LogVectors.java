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

  private static void inclusion(
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

  private static void consistency(
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

  /** The RFC 6962 reference proofs of {@link LogProofsTest}, as data. */
  static void referenceVectors(ArrayNode inclusion, ArrayNode consistency) {
    byte[] root8 = HEX.parseHex("5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");
    byte[] root6 = HEX.parseHex("76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef");
    byte[] root5 = HEX.parseHex("4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4");
    byte[] root2 = HEX.parseHex("fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125");
    List<byte[]> proof0 =
        hashes(
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
    byte[] leaf0 = new byte[0];
    byte[] leaf1 = HEX.parseHex("00");
    byte[] leaf5 = HEX.parseHex("3031");
    inclusion(inclusion, "RFC 6962 reference: leaf 0 of 8", 0, 8, leaf0, proof0, root8, true);
    inclusion(
        inclusion, "RFC 6962 reference: leaf 1's data at 0", 0, 8, leaf1, proof0, root8, false);
    inclusion(
        inclusion, "RFC 6962 reference: leaf 0 at index 1", 1, 8, leaf0, proof0, root8, false);
    inclusion(
        inclusion,
        "RFC 6962 reference: leaf 5 of 8",
        5,
        8,
        HEX.parseHex("40414243"),
        hashes(
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"),
        root8,
        true);
    inclusion(
        inclusion,
        "RFC 6962 reference: another leaf at 5",
        5,
        8,
        leaf5,
        hashes(
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"),
        root8,
        false);
    consistency(
        consistency,
        "RFC 6962 reference: 2 to 8",
        2,
        8,
        root2,
        root8,
        hashes(
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"),
        true);
    List<byte[]> six =
        hashes(
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
    consistency(consistency, "RFC 6962 reference: 6 to 8", 6, 8, root6, root8, six, true);
    consistency(
        consistency, "RFC 6962 reference: a rewritten history", 6, 8, root5, root8, six, false);
  }

  private static List<byte[]> hashes(String... hex) {
    return List.of(hex).stream().map(HEX::parseHex).toList();
  }

  static ArrayNode statementVectors() throws Exception {
    ArrayNode out = JSON.createArrayNode();
    String[][] statements = {
      {"attestation", "service-attest-v2", "service-attestation-v2\n{\"a\":1}"},
      {"trust", "service-trust-v2", "{\"wallet\":\"0x2222\",\"\u00e9t\u00e9\":\"\u20ac\"}"},
      {"discount", "service-discount-v2", ""},
      {"pass", "service-pass-v2", "P1 pass bytes"},
    };
    for (String[] s : statements) {
      byte[] signed = s[2].getBytes(StandardCharsets.UTF_8);
      String text =
          s[0]
              + " "
              + s[1]
              + " "
              + HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(signed));
      MessageDigest leaf = MessageDigest.getInstance("SHA-256");
      leaf.update((byte) 0);
      leaf.update(text.getBytes(StandardCharsets.UTF_8));
      out.addObject()
          .put("kind", s[0])
          .put("kid", s[1])
          .put("signedBytes", B64.encodeToString(signed))
          .put("leafHash", HEX.formatHex(leaf.digest()));
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
    root.set("statements", statementVectors());
    ArrayNode inclusion = inclusionVectors();
    ArrayNode consistency = consistencyVectors();
    referenceVectors(inclusion, consistency);
    root.set("inclusion", inclusion);
    root.set("consistency", consistency);
    root.set("checkpoints", LogCheckpointVectors.checkpoints(key, other));
    root.set("forks", LogCheckpointVectors.forks(key));
    JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }
}
