package org.walletstate.adapters.http.tlog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.persistence.PgTransparencyLog;
import org.walletstate.application.tlog.IntegrateLog;
import org.walletstate.crypto.CheckpointSigning;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.Ed25519NoteKey;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.tlog.Checkpoint;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.StatementType;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * The log checked by an independent implementation: {@code verifier-sdk/go-check}, a Go program on
 * Go's own {@code golang.org/x/mod/sumdb/note} and {@code sumdb/tlog} (Debian's {@code golang-go}
 * and {@code golang-golang-x-mod-dev}, which {@code .ci/run} installs). Against the service it
 * verifies the checkpoint's Ed25519 line, recombines the root from the tiles, proves entries'
 * inclusion from the tiles and bundles, checks the service's proofs for real signed statements and
 * the consistency of a later checkpoint with an earlier one; it fails on another key, a tampered
 * tile, a tampered entry bundle and a forked checkpoint signed by the log's own keys.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class IndependentLogCheckTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Path WORK = Path.of("target/go-check").toAbsolutePath();
  private static final Path PROGRAM = WORK.resolve("go-check");
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

  @Inject PgTransparencyLog log;
  @Inject IntegrateLog integrate;
  @Inject DualAttestationSigner signer;
  @Inject SigningKeys keys;

  /** Builds the Go program once; skipped (with the reason) only where there is no Go. */
  @BeforeAll
  static void buildTheGoProgram() throws Exception {
    boolean go;
    try {
      go = new ProcessBuilder("go", "version").start().waitFor(1, TimeUnit.MINUTES);
    } catch (java.io.IOException e) {
      go = false;
    }
    Assumptions.assumeTrue(
        go,
        "go is not installed: apt-get install golang-go golang-golang-x-mod-dev (.ci/run installs"
            + " them) to run the independent check of the transparency log");
    Files.createDirectories(WORK);
    // GOPATH mode builds a directory outside GOPATH only by a relative path
    Result build =
        run(
            List.of("go", "build", "-o", PROGRAM.toString(), "./verifier-sdk/go-check"),
            Path.of("..").toAbsolutePath().normalize());
    assertThat(build.code()).as("go build: %s", build.output()).isZero();
  }

  record Result(int code, String output) {}

  private static Result run(List<String> command) throws Exception {
    return run(command, Path.of("").toAbsolutePath());
  }

  private static Result run(List<String> command, Path directory) throws Exception {
    Path output = Files.createTempFile(WORK, "out", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    builder.environment().put("GOPATH", "/usr/share/gocode");
    builder.environment().put("GO111MODULE", "off");
    builder.environment().put("GOFLAGS", "");
    builder.environment().put("GOCACHE", WORK.resolve("cache").toString());
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", command).isTrue();
    return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }

  private static Result check(String base, String vkey, String... more) throws Exception {
    List<String> command =
        new ArrayList<>(List.of(PROGRAM.toString(), "-log", base, "-vkey", vkey));
    command.addAll(List.of(more));
    return run(command);
  }

  private static String service() {
    return RestAssured.baseURI + ":" + RestAssured.port;
  }

  private static JsonNode data(String path) throws Exception {
    return JSON.readTree(given().get(path).then().statusCode(200).extract().asString()).get("data");
  }

  private void integrateAll() {
    while (integrate.runOnce().await().atMost(WAIT) > 0) {
      // until every appended entry is under a checkpoint
    }
  }

  /** {@code n} more entries appended directly, so the tree spans more than one tile. */
  private void append(int n) throws Exception {
    String run = UUID.randomUUID().toString();
    List<LoggedStatement> statements = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest((run + " " + i).getBytes(StandardCharsets.UTF_8));
      statements.add(new LoggedStatement(null, "attestation", "go-check", hash));
    }
    log.appendAll(statements);
  }

  /** A pass signed (and logged) by the service; its statement id, the hash of its signed bytes. */
  private String signedPass() throws Exception {
    JsonNode signed = JSON.readTree(signer.signPass(new InStorePass(WALLET, Instant.now())));
    byte[] preimage =
        StatementType.PASS.preimage(Namespace.SERVICE, PreimageScheme.V2, signed.get("pass"));
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(preimage));
  }

  @Test
  void goVerifiesTheCheckpointTilesProofsAndConsistency() throws Exception {
    signedPass(); // the earlier checkpoint holds at least one entry
    integrateAll();
    JsonNode key = data("/v1/log/key");
    String vkey = key.get("ed25519VerifierKey").asText();
    assertThat(vkey).startsWith(key.get("origin").asText() + "+");
    SignedCheckpoint served =
        SignedCheckpoint.parse(given().get("/v1/log/checkpoint").then().extract().asString());
    // both lines: the ES256 one as before, and the Ed25519 one
    assertThat(served.signedBy(SignedCheckpoint.publicKey(key.get("publicKey").asText()))).isTrue();
    assertThat(served.signedBy(SignedCheckpoint.publicKey(vkey))).isTrue();

    Path older = WORK.resolve("older-" + UUID.randomUUID() + ".note");
    Result first = check(service(), vkey, "-save", older.toString());
    assertThat(first.code()).as(first.output()).isZero();
    assertThat(first.output()).contains("OK checkpoint size " + served.size());

    List<String> ids = List.of(signedPass(), signedPass(), signedPass());
    append(300);
    integrateAll();
    long size = SignedCheckpoint.parse(given().get("/v1/log/checkpoint").asString()).size();
    long passIndex = data("/v1/log/entries/" + ids.get(1)).get("index").asLong();
    Result second =
        check(
            service(),
            vkey,
            "-entries",
            "0,255,256," + passIndex + "," + (size - 1),
            "-ids",
            String.join(",", ids),
            "-older",
            older.toString());
    assertThat(second.code()).as(second.output()).isZero();
    assertThat(second.output())
        .contains("OK tiles make the root of size")
        .contains("OK entry " + passIndex + " included: pass ")
        .contains("OK entry " + (size - 1) + " included: attestation go-check ")
        .contains("OK statement " + ids.get(2) + " included at ")
        .contains("extends size " + served.size());
    assertThat(second.output().lines().filter(l -> l.startsWith("OK"))).hasSize(11);
  }

  @Test
  void goFailsOnAnotherKeyATamperedTileOrBundleAndAFork() throws Exception {
    append(300);
    integrateAll();
    JsonNode key = data("/v1/log/key");
    String origin = key.get("origin").asText();
    String vkey = key.get("ed25519VerifierKey").asText();
    Result honest = check(service(), vkey, "-entries", "0,1");
    assertThat(honest.code()).as(honest.output()).isZero();

    String otherKey = Ed25519NoteKey.generate(new SecureRandom()).verifierKey(origin);
    Result foreign = check(service(), otherKey);
    assertThat(foreign.code()).as(foreign.output()).isEqualTo(1);
    assertThat(foreign.output()).contains("FAIL the newest checkpoint");

    for (String tampered : List.of("/v1/log/tile/0/000", "/v1/log/tile/entries/000")) {
      HttpServer proxy = tamperingProxy(tampered);
      try {
        String base = "http://127.0.0.1:" + proxy.getAddress().getPort();
        Result result = check(base, vkey, "-entries", "0");
        assertThat(result.code()).as("%s: %s", tampered, result.output()).isEqualTo(1);
        assertThat(result.output()).contains("FAIL entry 0");
      } finally {
        proxy.stop(0);
      }
    }

    // a checkpoint of an earlier size with another root, signed with the log's own keys: a fork
    SignedCheckpoint now = SignedCheckpoint.parse(given().get("/v1/log/checkpoint").asString());
    Ed25519NoteKey logKey =
        Ed25519NoteKey.fromPrivateJwk(
            Files.readString(Path.of("target/test-signing-keys/log-ed25519.private.jwk.json")));
    byte[] otherRoot = MessageDigest.getInstance("SHA-256").digest(now.root());
    String forked =
        new CheckpointSigning(keys, logKey, origin)
            .sign(new Checkpoint(origin, now.size() - 3, otherRoot, Instant.now()));
    Path file = WORK.resolve("forked-" + UUID.randomUUID() + ".note");
    Files.writeString(file, forked);
    Result fork = check(service(), vkey, "-older", file.toString());
    assertThat(fork.code()).as(fork.output()).isEqualTo(1);
    assertThat(fork.output()).contains("does not extend size " + (now.size() - 3));
  }

  /** Forwards to the service; the answer to {@code path} comes back with one byte changed. */
  private static HttpServer tamperingProxy(String path) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpServer proxy = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    proxy.createContext(
        "/",
        exchange -> {
          try {
            HttpResponse<byte[]> answer =
                client.send(
                    HttpRequest.newBuilder(URI.create(service() + exchange.getRequestURI()))
                        .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            byte[] body = answer.body();
            if (exchange.getRequestURI().getPath().equals(path) && body.length > 40) {
              body[40] ^= 1;
            }
            exchange.sendResponseHeaders(answer.statusCode(), body.length);
            exchange.getResponseBody().write(body);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            exchange.close();
          }
        });
    proxy.start();
    return proxy;
  }
}
