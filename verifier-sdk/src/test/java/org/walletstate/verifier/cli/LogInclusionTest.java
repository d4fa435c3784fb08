package org.walletstate.verifier.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.concurrent.TimeUnit;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walletstate.verifier.tlog.LogProofs;

/**
 * {@code verify inclusion} against a log entry served over HTTP as {@code GET /v1/log/entries/{id}}
 * answers it, its checkpoint signed with an Ed25519 note key and a P-256 key: an included entry
 * checks with either key; a changed leaf, a bent proof, another index, another statement's entry, a
 * checkpoint signed by another key, a pending entry, an unknown id and an unreachable log are each
 * reported with their exit code. The TypeScript CLI's {@code inclusion} ({@code js/bin/verify.mjs})
 * must exit as the Java command does and print the same line.
 */
class LogInclusionTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ORIGIN = "test.example/log";
  private static final int INDEX = 7;

  @TempDir Path dir;

  private HttpServer server;
  private final Ed25519PrivateKeyParameters ed25519 = seeded("the log's Ed25519 key");
  private final Ed25519PrivateKeyParameters otherEd25519 = seeded("another Ed25519 key");
  private KeyPair p256;
  private List<String> leaves;
  private ObjectNode entry;
  private int status;

  @BeforeEach
  void serve() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    p256 = generator.generateKeyPair();
    leaves = new ArrayList<>();
    for (int i = 0; i < 21; i++) {
      leaves.add("attestation service-attest-v2 " + hex(sha256(("statement " + i).getBytes())));
    }
    entry = entry(INDEX, checkpoint(ed25519, hashes(leaves)));
    status = 200;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/log/entries/",
        exchange -> {
          byte[] body =
              (status == 200 ? "{\"ok\":true,\"data\":" + entry + "}" : "{\"ok\":false}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static Ed25519PrivateKeyParameters seeded(String label) {
    return new Ed25519PrivateKeyParameters(sha256(label.getBytes(StandardCharsets.UTF_8)), 0);
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  private static List<byte[]> hashes(List<String> leaves) {
    return leaves.stream()
        .map(l -> LogProofs.leafHash(l.getBytes(StandardCharsets.UTF_8)))
        .toList();
  }

  private static byte[] ed25519Id(Ed25519PrivateKeyParameters key) {
    byte[] name = (ORIGIN + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] input = Arrays.copyOf(name, name.length + 33);
    input[name.length] = 1;
    System.arraycopy(key.generatePublicKey().getEncoded(), 0, input, name.length + 1, 32);
    return Arrays.copyOf(sha256(input), 4);
  }

  private static String vkey(Ed25519PrivateKeyParameters key) {
    byte[] typed = new byte[33];
    typed[0] = 1;
    System.arraycopy(key.generatePublicKey().getEncoded(), 0, typed, 1, 32);
    return ORIGIN + "+" + hex(ed25519Id(key)) + "+" + Base64.getEncoder().encodeToString(typed);
  }

  private static String line(byte[] id, byte[] signature) {
    byte[] line = Arrays.copyOf(id, 4 + signature.length);
    System.arraycopy(signature, 0, line, 4, signature.length);
    return "\u2014 " + ORIGIN + " " + Base64.getEncoder().encodeToString(line) + "\n";
  }

  /** The note of the tree, signed ES256 with the P-256 key and Ed25519 with {@code key}. */
  private String checkpoint(Ed25519PrivateKeyParameters key, List<byte[]> tree) throws Exception {
    String body =
        ORIGIN + "\n" + tree.size() + "\n" + Base64.getEncoder().encodeToString(mth(tree)) + "\n";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    Signature es256 = Signature.getInstance("SHA256withECDSA");
    es256.initSign(p256.getPrivate());
    es256.update(bytes);
    byte[] p256Id = Arrays.copyOf(sha256(p256.getPublic().getEncoded()), 4);
    Ed25519Signer signer = new Ed25519Signer();
    signer.init(true, key);
    signer.update(bytes, 0, bytes.length);
    return body
        + "\n"
        + line(p256Id, es256.sign())
        + line(ed25519Id(key), signer.generateSignature());
  }

  private ObjectNode entry(int index, String checkpoint) {
    String[] words = leaves.get(index).split(" ");
    ObjectNode out = JSON.createObjectNode().put("id", "att_" + index).put("kind", words[0]);
    out.put("kid", words[1]).put("statementHash", words[2]).put("leaf", leaves.get(index));
    out.put("integrated", true).put("index", index).put("treeSize", leaves.size());
    var proof = out.putArray("inclusionProof");
    path(index, hashes(leaves)).forEach(h -> proof.add(Base64.getEncoder().encodeToString(h)));
    return out.put("checkpoint", checkpoint);
  }

  private static byte[] mth(List<byte[]> d) {
    if (d.size() == 1) {
      return d.get(0);
    }
    int k = Integer.highestOneBit(d.size() - 1);
    byte[] left = mth(d.subList(0, k));
    byte[] right = mth(d.subList(k, d.size()));
    byte[] node = new byte[65];
    node[0] = 1;
    System.arraycopy(left, 0, node, 1, 32);
    System.arraycopy(right, 0, node, 33, 32);
    return sha256(node);
  }

  /** RFC 9162 PATH(m, D[n]). */
  private static List<byte[]> path(int m, List<byte[]> d) {
    List<byte[]> out = new ArrayList<>();
    if (d.size() > 1) {
      int k = Integer.highestOneBit(d.size() - 1);
      if (m < k) {
        out.addAll(path(m, d.subList(0, k)));
        out.add(mth(d.subList(k, d.size())));
      } else {
        out.addAll(path(m - k, d.subList(k, d.size())));
        out.add(mth(d.subList(0, k)));
      }
    }
    return out;
  }

  private String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Both CLIs on the entry as served now: each must exit with {@code expected}; the line. */
  private String bothExit(int expected, String key, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("inclusion", "--log", base(), "--key", key));
    args.addAll(List.of(more));
    ByteArrayOutputStream java = new ByteArrayOutputStream();
    int code =
        VerifyCommand.run(
            args.toArray(String[]::new),
            new PrintStream(java, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    String javaLine = java.toString(StandardCharsets.UTF_8);
    assertThat(code).as(javaLine).isEqualTo(expected);
    List<String> command = new ArrayList<>(List.of("node", "js/bin/verify.mjs"));
    command.addAll(args);
    Path output = dir.resolve("node.out");
    Process node =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    node.getOutputStream().close();
    assertThat(node.waitFor(2, TimeUnit.MINUTES)).as("node finished").isTrue();
    String tsLine = Files.readString(output, StandardCharsets.UTF_8);
    assertThat(node.exitValue()).as(tsLine).isEqualTo(expected);
    if (expected != LogInclusion.UNAVAILABLE) {
      assertThat(tsLine).isEqualTo(javaLine);
    }
    return javaLine;
  }

  private String p256Key() {
    return Base64.getEncoder().encodeToString(p256.getPublic().getEncoded());
  }

  @Test
  void anIncludedEntryChecksWithEitherNoteKey() throws Exception {
    assertThat(bothExit(0, vkey(ed25519), "--id", "att_7"))
        .startsWith("INCLUDED att_7 index 7 tree size 21 root ");
    assertThat(bothExit(0, p256Key(), "--id", "att_7", "--index", "7")).startsWith("INCLUDED");
    Path keyFile = dir.resolve("log.vkey");
    Files.writeString(keyFile, vkey(ed25519) + "\n");
    assertThat(bothExit(0, keyFile.toString(), "--id", entry.get("statementHash").asText()))
        .startsWith("INCLUDED");
  }

  @Test
  void aChangedEntryOrProofIsNotIncluded() throws Exception {
    String key = vkey(ed25519);
    assertThat(bothExit(3, key, "--id", "att_7", "--index", "8")).contains("not 8");
    String other = hex(sha256(new byte[] {1}));
    assertThat(bothExit(3, key, "--id", other)).contains("another statement hash");
    String good = entry.get("statementHash").asText();
    String changed = good.substring(0, 63) + (good.endsWith("0") ? "1" : "0");
    entry.put("statementHash", changed).put("leaf", "attestation service-attest-v2 " + changed);
    assertThat(bothExit(3, key, "--id", "att_7")).contains("does not verify");
    entry = entry(INDEX, checkpoint(ed25519, hashes(leaves)));
    entry.put("leaf", "trust service-attest-v2 " + good);
    assertThat(bothExit(3, key, "--id", "att_7")).contains("kind, kid and statement hash");
    entry = entry(INDEX, checkpoint(ed25519, hashes(leaves)));
    byte[] bent = Base64.getDecoder().decode(entry.get("inclusionProof").get(0).asText());
    bent[0] ^= 1;
    entry.withArray("inclusionProof").set(0, Base64.getEncoder().encodeToString(bent));
    assertThat(bothExit(3, key, "--id", "att_7")).contains("does not verify");
    entry = entry(INDEX, checkpoint(ed25519, hashes(leaves)));
    entry.put("treeSize", 20);
    assertThat(bothExit(3, key, "--id", "att_7")).contains("tree size");
  }

  @Test
  void aForeignSignatureAPendingEntryAndAnUnknownIdAreReported() throws Exception {
    String key = vkey(ed25519);
    entry = entry(INDEX, checkpoint(otherEd25519, hashes(leaves)));
    assertThat(bothExit(4, key, "--id", "att_7")).startsWith("BAD-SIGNATURE");
    assertThat(bothExit(0, vkey(otherEd25519), "--id", "att_7")).startsWith("INCLUDED");
    entry = JSON.createObjectNode().put("integrated", false).put("index", 7);
    assertThat(bothExit(1, key, "--id", "att_7")).startsWith("PENDING att_7 is at index 7");
    status = 404;
    assertThat(bothExit(3, key, "--id", "att_x"))
        .isEqualTo("NOT-INCLUDED the log has no entry for att_x\n");
    server.stop(0);
    assertThat(bothExit(1, key, "--id", "att_7")).startsWith("UNAVAILABLE");
  }

  @Test
  void badOptionsAreAUsageError() throws Exception {
    assertThat(bothExit(2, vkey(ed25519))).isEmpty();
    assertThat(bothExit(2, "not a key", "--id", "att_7")).isEmpty();
    assertThat(bothExit(2, vkey(ed25519), "--id", "a/b")).isEmpty();
  }
}
