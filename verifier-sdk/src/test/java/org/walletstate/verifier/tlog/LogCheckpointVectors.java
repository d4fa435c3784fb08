package org.walletstate.verifier.tlog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The checkpoint and fork vectors of {@link LogVectors}: notes signed with the log key or another,
 * changed after signing, or malformed (with the reason the SDKs give), and pairs of signed
 * checkpoints with a consistency proof that does or does not join them.
 */
final class LogCheckpointVectors {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();
  private static final Base64.Encoder B64 = Base64.getEncoder();
  private static final String ORIGIN = LogVectors.ORIGIN;

  private LogCheckpointVectors() {}

  private static void ok(
      ArrayNode out, String label, String note, String key, String body, boolean signed) {
    ObjectNode v = out.addObject().put("label", label).put("note", note).put("key", key);
    String[] lines = body.split("\n", -1);
    ObjectNode expected = v.putObject("expected").put("origin", lines[0]).put("size", lines[1]);
    expected.put("root", lines[2]);
    ArrayNode extensions = expected.putArray("extensions");
    for (int i = 3; i < lines.length - 1; i++) {
      extensions.add(lines[i]);
    }
    expected.put("signedBy", signed);
  }

  private static void malformed(ArrayNode out, String label, String note, String error) {
    out.addObject()
        .put("label", label)
        .put("note", note)
        .put("key", "log")
        .putObject("expected")
        .put("error", error);
  }

  static ArrayNode checkpoints(KeyPair key, KeyPair other) throws Exception {
    ArrayNode out = JSON.createArrayNode();
    List<byte[]> leaves = LogVectors.leaves(8);
    String body = LogVectors.body(8, LogProofsTest.mth(leaves));
    byte[] id = LogVectors.keyId(key);
    byte[] der = LogVectors.sign(key, body);
    String signed = body + "\n" + LogVectors.line(ORIGIN, id, der);
    ok(out, "signed by the log key", signed, "log", body, true);
    ok(out, "checked against another key", signed, "other", body, false);
    String nine = body.replace("\n8\n", "\n9\n");
    ok(
        out,
        "the size changed after signing",
        nine + "\n" + LogVectors.line(ORIGIN, id, der),
        "log",
        nine,
        false);
    byte[] bentDer = der.clone();
    bentDer[bentDer.length - 1] ^= 1;
    ok(
        out,
        "a bent signature",
        body + "\n" + LogVectors.line(ORIGIN, id, bentDer),
        "log",
        body,
        false);
    byte[] otherId = id.clone();
    otherId[0] ^= 1;
    ok(
        out,
        "another key id",
        body + "\n" + LogVectors.line(ORIGIN, otherId, der),
        "log",
        body,
        false);
    ok(
        out,
        "signed under another name",
        body + "\n" + LogVectors.line("other.test/log", id, der),
        "log",
        body,
        false);
    String foreign = LogVectors.line(ORIGIN, LogVectors.keyId(other), LogVectors.sign(other, body));
    ok(
        out,
        "a foreign signature line, then the log's",
        body + "\n" + foreign + LogVectors.line(ORIGIN, id, der),
        "log",
        body,
        true);
    ok(out, "only a foreign signature line", body + "\n" + foreign, "log", body, false);
    ok(
        out,
        "the same signature with the high s",
        body + "\n" + LogVectors.line(ORIGIN, id, LogVectors.highS(der)),
        "log",
        body,
        true);
    byte[] truncated = java.util.Arrays.copyOf(der, der.length - 1);
    ok(
        out,
        "a truncated signature",
        body + "\n" + LogVectors.line(ORIGIN, id, truncated),
        "log",
        body,
        false);
    ok(
        out,
        "only the key id",
        body + "\n" + LogVectors.line(ORIGIN, id, new byte[0]),
        "log",
        body,
        false);
    String bare = ORIGIN + "\n0\n" + B64.encodeToString(new byte[32]) + "\n";
    ok(
        out,
        "no extension lines, size 0",
        bare + "\n" + LogVectors.line(ORIGIN, id, LogVectors.sign(key, bare)),
        "log",
        bare,
        true);
    ok(out, "a blank line after the signatures", signed + "\n", "log", body, true);
    String root = B64.encodeToString(new byte[32]);
    malformed(
        out,
        "no blank line",
        "no blank line\n",
        "not a signed note: no blank line before the signatures");
    malformed(
        out,
        "no final newline",
        signed.substring(0, signed.length() - 1),
        "not a signed note: no blank line before the signatures");
    malformed(
        out,
        "two body lines",
        "o\n8\n\n\u2014 o AAAA\n",
        "a checkpoint has an origin, a size and a root hash");
    for (String size : List.of("x", "+8", "08", "-1", "9223372036854775808", " 8")) {
      malformed(
          out,
          "size \"" + size + "\"",
          "o\n" + size + "\n" + root + "\n\n\u2014 o AAAA\n",
          "the checkpoint's size is not a decimal number");
    }
    malformed(
        out,
        "a root that is not base64",
        "o\n8\n!!!!\n\n\u2014 o AAAA\n",
        "the checkpoint's root hash is not base64");
    malformed(
        out,
        "a root of 3 bytes",
        "o\n8\nAAAA\n\n\u2014 o AAAA\n",
        "the checkpoint's root hash is not 32 bytes");
    malformed(
        out,
        "no origin",
        "\n8\n" + root + "\n\n\u2014 o AAAA\n",
        "the checkpoint's root hash is not 32 bytes");
    String line = "a signature line is not \"\u2014 <name> <signature>\"";
    malformed(out, "an ASCII hyphen", "o\n8\n" + root + "\n\n- o AAAA\n", line);
    malformed(out, "two spaces", "o\n8\n" + root + "\n\n\u2014 o  AAAA\n", line);
    malformed(out, "three words", "o\n8\n" + root + "\n\n\u2014 o AAAA x\n", line);
    malformed(out, "no signature line", "o\n8\n" + root + "\n\n", line);
    return out;
  }

  private static String signedNote(KeyPair key, long size, byte[] root) throws Exception {
    String body = LogVectors.body(size, root);
    return body + "\n" + LogVectors.line(ORIGIN, LogVectors.keyId(key), LogVectors.sign(key, body));
  }

  private static void fork(
      ArrayNode out,
      String label,
      String older,
      String newer,
      List<byte[]> proof,
      boolean consistent) {
    ObjectNode v = out.addObject().put("label", label).put("key", "log");
    v.put("older", older).put("newer", newer);
    ArrayNode hashes = v.putArray("proof");
    proof.forEach(h -> hashes.add(HEX.formatHex(h)));
    v.putObject("expected")
        .put("olderSigned", true)
        .put("newerSigned", true)
        .put("consistent", consistent);
  }

  static ArrayNode forks(KeyPair key) throws Exception {
    ArrayNode out = JSON.createArrayNode();
    List<byte[]> leaves = LogVectors.leaves(7);
    List<byte[]> rewritten = new ArrayList<>(leaves);
    rewritten.set(2, LogProofs.leafHash(new byte[] {9, 9}));
    byte[] root4 = LogProofsTest.mth(leaves.subList(0, 4));
    byte[] root5 = LogProofsTest.mth(leaves.subList(0, 5));
    byte[] root7 = LogProofsTest.mth(leaves);
    byte[] forked4 = LogProofsTest.mth(rewritten.subList(0, 4));
    byte[] forked7 = LogProofsTest.mth(rewritten);
    List<byte[]> proof4to7 = new ArrayList<>();
    LogProofsTest.subproof(4, leaves, true, proof4to7);
    List<byte[]> proof5to7 = new ArrayList<>();
    LogProofsTest.subproof(5, leaves, true, proof5to7);
    List<byte[]> forkedProof = new ArrayList<>();
    LogProofsTest.subproof(4, rewritten, true, forkedProof);
    String older = signedNote(key, 4, root4);
    fork(out, "4 then 7, one history", older, signedNote(key, 7, root7), proof4to7, true);
    fork(
        out,
        "5 then 7, one history",
        signedNote(key, 5, root5),
        signedNote(key, 7, root7),
        proof5to7,
        true);
    fork(
        out,
        "4 of a rewritten history, then 7",
        signedNote(key, 4, forked4),
        signedNote(key, 7, root7),
        proof4to7,
        false);
    fork(
        out,
        "4, then 7 of a rewritten history with its own proof",
        older,
        signedNote(key, 7, forked7),
        forkedProof,
        false);
    fork(out, "the same size, another root", older, signedNote(key, 4, forked4), List.of(), false);
    fork(out, "the log shrank", signedNote(key, 7, root7), older, proof4to7, false);
    fork(out, "the same checkpoint again", older, older, List.of(), true);
    return out;
  }
}
