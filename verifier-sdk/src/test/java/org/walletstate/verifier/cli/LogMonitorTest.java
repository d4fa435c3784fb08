package org.walletstate.verifier.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walletstate.verifier.tlog.LogProofs;

/**
 * {@code verify monitor} against a log served over HTTP: a growing honest log is followed (its
 * consistency proofs verify), and a rewritten history, a shrunk log and a checkpoint signed by
 * another key are each reported with a non-zero exit. The TypeScript CLI's {@code monitor} ({@code
 * js/bin/verify.mjs}, with its own state file) follows the same log at every step and must give the
 * same exit code and print the same lines.
 */
class LogMonitorTest {

  @TempDir Path dir;

  private HttpServer server;
  private KeyPair key;
  private List<byte[]> leaves;
  private int size;
  private KeyPair signingKey;

  @BeforeEach
  void serve() throws Exception {
    key = newKey();
    signingKey = key;
    leaves = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      leaves.add(LogProofs.leafHash(("statement " + i).getBytes(StandardCharsets.UTF_8)));
    }
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/log/checkpoint", exchange -> respond(exchange, checkpoint(size, leaves)));
    server.createContext(
        "/v1/log/consistency",
        exchange -> {
          String query = exchange.getRequestURI().getQuery();
          int from = Integer.parseInt(query.replaceAll(".*from=(\\d+).*", "$1"));
          int to = Integer.parseInt(query.replaceAll(".*to=(\\d+).*", "$1"));
          List<byte[]> proof = new ArrayList<>();
          subproof(from, leaves.subList(0, to), true, proof);
          StringBuilder json = new StringBuilder("{\"ok\":true,\"data\":{\"proof\":[");
          for (int i = 0; i < proof.size(); i++) {
            json.append(i == 0 ? "" : ",")
                .append('"')
                .append(Base64.getEncoder().encodeToString(proof.get(i)))
                .append('"');
          }
          respond(exchange, json.append("]}}").toString());
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static void respond(com.sun.net.httpserver.HttpExchange exchange, String body)
      throws java.io.IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  private static KeyPair newKey() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private String checkpoint(int n, List<byte[]> tree) {
    try {
      String body =
          "test.example/log\n"
              + n
              + "\n"
              + Base64.getEncoder().encodeToString(mth(tree.subList(0, n)))
              + "\n";
      Signature signer = Signature.getInstance("SHA256withECDSA");
      signer.initSign(signingKey.getPrivate());
      signer.update(body.getBytes(StandardCharsets.UTF_8));
      byte[] signature = signer.sign();
      byte[] id =
          Arrays.copyOf(
              MessageDigest.getInstance("SHA-256").digest(key.getPublic().getEncoded()), 4);
      byte[] line = new byte[4 + signature.length];
      System.arraycopy(id, 0, line, 0, 4);
      System.arraycopy(signature, 0, line, 4, signature.length);
      return body + "\n\u2014 test.example/log " + Base64.getEncoder().encodeToString(line) + "\n";
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] mth(List<byte[]> d) {
    if (d.size() == 1) {
      return d.get(0);
    }
    int k = Integer.highestOneBit(d.size() - 1);
    byte[] left = mth(d.subList(0, k));
    byte[] right = mth(d.subList(k, d.size()));
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update((byte) 1);
      digest.update(left);
      digest.update(right);
      return digest.digest();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** RFC 9162 SUBPROOF(m, D[n], b). */
  private static void subproof(int m, List<byte[]> d, boolean b, List<byte[]> out) {
    if (m == d.size()) {
      if (!b) {
        out.add(mth(d));
      }
      return;
    }
    int k = Integer.highestOneBit(d.size() - 1);
    if (m <= k) {
      subproof(m, d.subList(0, k), b, out);
      out.add(mth(d.subList(k, d.size())));
    } else {
      subproof(m - k, d.subList(k, d.size()), false, out);
      out.add(mth(d.subList(0, k)));
    }
  }

  private int monitor(ByteArrayOutputStream out) {
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    String publicKey = Base64.getEncoder().encodeToString(key.getPublic().getEncoded());
    return VerifyCommand.run(
        new String[] {
          "monitor",
          "--log",
          base,
          "--key",
          publicKey,
          "--state",
          dir.resolve("state").toString(),
          "--once"
        },
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  /** The TypeScript CLI on the same log with its own state file; its lines go to {@code ts}. */
  private int typescriptMonitor(ByteArrayOutputStream ts) throws Exception {
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    String publicKey = Base64.getEncoder().encodeToString(key.getPublic().getEncoded());
    Path output = dir.resolve("node.out");
    Process node =
        new ProcessBuilder(
                "node",
                "js/bin/verify.mjs",
                "monitor",
                "--log",
                base,
                "--key",
                publicKey,
                "--state",
                dir.resolve("ts-state").toString(),
                "--once")
            .redirectOutput(output.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    node.getOutputStream().close(); // stdin closed
    assertThat(node.waitFor(2, TimeUnit.MINUTES)).as("node finished").isTrue();
    ts.write(Files.readAllBytes(output));
    return node.exitValue();
  }

  /** Both CLIs on the log as it is now: each must exit with {@code expected}. */
  private void bothExit(ByteArrayOutputStream java, ByteArrayOutputStream ts, int expected)
      throws Exception {
    assertThat(monitor(java)).isEqualTo(expected);
    assertThat(typescriptMonitor(ts)).as("the TypeScript CLI").isEqualTo(expected);
  }

  @Test
  void theTypeScriptCliGivesTheSameVerdictsAndLines() throws Exception {
    ByteArrayOutputStream java = new ByteArrayOutputStream();
    ByteArrayOutputStream ts = new ByteArrayOutputStream();
    size = 7;
    bothExit(java, ts, LogMonitor.OK);
    bothExit(java, ts, LogMonitor.OK);
    size = 30;
    bothExit(java, ts, LogMonitor.OK);
    leaves.set(3, LogProofs.leafHash("another statement".getBytes(StandardCharsets.UTF_8)));
    size = 40;
    bothExit(java, ts, LogMonitor.FORK);
    size = 29;
    bothExit(java, ts, LogMonitor.FORK);
    signingKey = newKey();
    size = 30;
    bothExit(java, ts, LogMonitor.BAD_SIGNATURE);
    assertThat(ts.toString(StandardCharsets.UTF_8))
        .isEqualTo(java.toString(StandardCharsets.UTF_8))
        .contains("FORK tree size 40 does not extend", "FORK the log shrank", "BAD-SIGNATURE");
  }

  @Test
  void followsAGrowingLogAndReportsARewrittenHistoryAsAFork() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    size = 7;
    assertThat(monitor(out)).isEqualTo(LogMonitor.OK);
    size = 7;
    assertThat(monitor(out)).isEqualTo(LogMonitor.OK);
    size = 30;
    assertThat(monitor(out)).isEqualTo(LogMonitor.OK);
    assertThat(Files.exists(dir.resolve("state"))).isTrue();

    // the log rewrites entry 3 and serves a bigger tree over the new history
    leaves.set(3, LogProofs.leafHash("another statement".getBytes(StandardCharsets.UTF_8)));
    size = 40;
    assertThat(monitor(out)).isEqualTo(LogMonitor.FORK);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("FORK tree size 40 does not extend");
  }

  @Test
  void reportsAShrunkLogAndAForeignSignature() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    size = 20;
    assertThat(monitor(out)).isEqualTo(LogMonitor.OK);
    size = 19;
    assertThat(monitor(out)).isEqualTo(LogMonitor.FORK);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("FORK the log shrank");

    size = 25;
    signingKey = newKey();
    assertThat(monitor(out)).isEqualTo(LogMonitor.BAD_SIGNATURE);
  }
}
