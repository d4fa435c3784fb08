package org.walletstate.verifier.tlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;

/**
 * Vectors of the checkpoints' Ed25519 signature line ({@code tlog/log-ed25519-vectors.json}): keys
 * made from fixed seeds and Ed25519's deterministic signatures, so the file is exactly what this
 * class makes. The P-256 line of {@code log-vectors.json}'s note "signed by the log key" is reused
 * for the notes that carry both lines, as the service's checkpoints do.
 */
final class LogEd25519Vectors {

  static final Path FILE = Path.of("src/test/resources/tlog/log-ed25519-vectors.json");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ORIGIN = LogVectors.ORIGIN;

  private LogEd25519Vectors() {}

  /** A key from the SHA-256 of a label (a test key, never a secret). */
  static Ed25519PrivateKeyParameters key(String label) throws Exception {
    byte[] seed =
        MessageDigest.getInstance("SHA-256").digest(label.getBytes(StandardCharsets.UTF_8));
    return new Ed25519PrivateKeyParameters(seed, 0);
  }

  static byte[] keyId(String name, Ed25519PrivateKeyParameters key) {
    return SignedCheckpoint.ed25519KeyId(name, key.generatePublicKey().getEncoded());
  }

  static String verifierKey(String name, Ed25519PrivateKeyParameters key) {
    byte[] typed = new byte[33];
    typed[0] = 1;
    System.arraycopy(key.generatePublicKey().getEncoded(), 0, typed, 1, 32);
    return name
        + "+"
        + HexFormat.of().formatHex(keyId(name, key))
        + "+"
        + Base64.getEncoder().encodeToString(typed);
  }

  static byte[] sign(Ed25519PrivateKeyParameters key, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    Ed25519Signer signer = new Ed25519Signer();
    signer.init(true, key);
    signer.update(bytes, 0, bytes.length);
    return signer.generateSignature();
  }

  private static void add(ArrayNode out, String label, String note, String key, boolean signed) {
    String body = note.substring(0, note.indexOf("\n\n") + 1);
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

  /** The vectors, given {@code log-vectors.json} (for its P-256 key and signed note). */
  static ObjectNode make(JsonNode es256Vectors) throws Exception {
    Ed25519PrivateKeyParameters log = key("log.example.test/log Ed25519 note key");
    Ed25519PrivateKeyParameters other = key("another Ed25519 note key");
    String es256Note = es256Vectors.get("checkpoints").get(0).get("note").asText();
    String body = es256Note.substring(0, es256Note.indexOf("\n\n") + 1);
    String es256Line = es256Note.substring(body.length() + 1);
    byte[] id = keyId(ORIGIN, log);
    byte[] signature = sign(log, body);
    String line = LogVectors.line(ORIGIN, id, signature);
    ObjectNode root = JSON.createObjectNode();
    root.put(
        "about",
        "Ed25519 checkpoint vectors both verifier SDKs run (LogEd25519VectorsTest, "
            + "js/test/tlog.test.mjs); keys from fixed seeds, written by LogEd25519Vectors. "
            + "The P-256 line is log-vectors.json's. Expected verdicts come from how each was made.");
    root.putObject("keys")
        .put("log", verifierKey(ORIGIN, log))
        .put("other", verifierKey(ORIGIN, other))
        .set("es256", es256Vectors.get("keys").get("log"));
    ArrayNode out = root.putArray("checkpoints");
    add(out, "signed by the Ed25519 note key", body + "\n" + line, "log", true);
    add(out, "checked against another Ed25519 key", body + "\n" + line, "other", false);
    String nine = body.replace("\n8\n", "\n9\n");
    add(out, "the size changed after signing", nine + "\n" + line, "log", false);
    byte[] bent = signature.clone();
    bent[10] ^= 1;
    add(out, "a bent signature", body + "\n" + LogVectors.line(ORIGIN, id, bent), "log", false);
    byte[] otherId = id.clone();
    otherId[0] ^= 1;
    String otherIdLine = LogVectors.line(ORIGIN, otherId, signature);
    add(out, "another key id", body + "\n" + otherIdLine, "log", false);
    String renamed = LogVectors.line("other.test/log", id, signature);
    add(out, "signed under another name", body + "\n" + renamed, "log", false);
    byte[] truncated = Arrays.copyOf(signature, 63);
    String cut = LogVectors.line(ORIGIN, id, truncated);
    add(out, "a truncated signature", body + "\n" + cut, "log", false);
    String both = body + "\n" + es256Line + line;
    add(out, "both lines, checked with the Ed25519 key", both, "log", true);
    add(out, "both lines, checked with the P-256 key", both, "es256", true);
    add(out, "both lines, checked with another Ed25519 key", both, "other", false);
    add(out, "the P-256 line only, checked with the Ed25519 key", es256Note, "log", false);
    String foreign = LogVectors.line(ORIGIN, keyId(ORIGIN, other), sign(other, body));
    add(out, "a foreign Ed25519 line, then the log's", body + "\n" + foreign + line, "log", true);
    return root;
  }
}
