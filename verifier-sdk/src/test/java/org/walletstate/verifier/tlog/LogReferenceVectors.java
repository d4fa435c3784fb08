package org.walletstate.verifier.tlog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The vectors of {@link LogVectors} that are facts rather than trees made here: the RFC 6962
 * reference proofs (transparency-dev/merkle's testonly constants, as {@link LogProofsTest} uses
 * them) and statement leaves computed from their definition.
 */
final class LogReferenceVectors {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();
  private static final Base64.Encoder B64 = Base64.getEncoder();

  private LogReferenceVectors() {}

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
    LogVectors.inclusion(
        inclusion, "RFC 6962 reference: leaf 0 of 8", 0, 8, leaf0, proof0, root8, true);
    LogVectors.inclusion(
        inclusion, "RFC 6962 reference: leaf 1's data at 0", 0, 8, leaf1, proof0, root8, false);
    LogVectors.inclusion(
        inclusion, "RFC 6962 reference: leaf 0 at index 1", 1, 8, leaf0, proof0, root8, false);
    LogVectors.inclusion(
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
    LogVectors.inclusion(
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
    LogVectors.consistency(
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
    LogVectors.consistency(
        consistency, "RFC 6962 reference: 6 to 8", 6, 8, root6, root8, six, true);
    LogVectors.consistency(
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
}
