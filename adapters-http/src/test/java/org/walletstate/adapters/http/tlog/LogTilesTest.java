package org.walletstate.adapters.http.tlog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.persistence.PgTransparencyLog;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.application.tlog.IntegrateLog;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * The log as C2SP {@code tlog-tiles} over HTTP, read from PostgreSQL's node and entry tables: the
 * root computed from the tiles alone is the signed checkpoint's, each entry of a bundle hashes to
 * its leaf in the level-0 tile, and an entry's inclusion proof verifies with the SDK against that
 * root; full and partial tiles, entry bundles gzipped for a client that accepts it, tiles beyond
 * the newest checkpoint (404) and malformed paths (400).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class LogTilesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final String KID = "tile-test";

  /**
   * One HTTP/1.1 client for the raw exchanges: this test is about content coding, not about the
   * protocol, so no request carries an h2c upgrade.
   */
  private static final java.net.http.HttpClient RAW =
      java.net.http.HttpClient.newBuilder()
          .version(java.net.http.HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  @Inject PgTransparencyLog log;
  @Inject IntegrateLog integrate;

  private final Map<String, byte[]> fetched = new HashMap<>();
  private List<LoggedStatement> appended;
  private SignedCheckpoint checkpoint;

  /** 600 more entries, integrated: the tree then has at least two full level-0 tiles. */
  @BeforeEach
  void growTheLog() throws Exception {
    appended = new ArrayList<>();
    String run = UUID.randomUUID().toString();
    for (int i = 0; i < 600; i++) {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest((run + " " + i).getBytes(StandardCharsets.UTF_8));
      appended.add(new LoggedStatement(null, "attestation", KID, hash));
    }
    log.appendAll(appended.subList(0, 300));
    long end = log.appendAll(appended.subList(300, 600)).getAsLong() + 300;
    // until every appended entry is under a checkpoint: a batch that finds the service's own batch
    // job holding the log's lock integrates nothing, so the count alone does not say it is done
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (integratedSize() < end && System.nanoTime() < deadline) {
      if (integrate.runOnce().await().atMost(WAIT) == 0) {
        Thread.sleep(20);
      }
    }
    assertThat(integratedSize()).isGreaterThanOrEqualTo(end);
    String note = given().get("/v1/log/checkpoint").then().statusCode(200).extract().asString();
    checkpoint = SignedCheckpoint.parse(note);
    String key =
        JSON.readTree(given().get("/v1/log/key").then().statusCode(200).extract().asString())
            .at("/data/publicKey")
            .asText();
    assertThat(checkpoint.signedBy(SignedCheckpoint.publicKey(key))).isTrue();
    assertThat(checkpoint.size()).isGreaterThanOrEqualTo(600);
  }

  @Test
  void theTilesRecombineToTheSignedCheckpointsRoot() throws Exception {
    long size = checkpoint.size();
    assertThat(rootFromTiles(size)).isEqualTo(checkpoint.root());

    // every entry of every bundle hashes to its leaf in the level-0 tile
    for (long tile = 0; tile * 256 < size; tile++) {
      int width = (int) Math.min(256, size - tile * 256);
      List<byte[]> entries = bundle(entryPath(tile, width));
      byte[] leaves = get(tilePath(0, tile, width));
      assertThat(entries).hasSize(width);
      for (int i = 0; i < width; i++) {
        assertThat(LogProofs.leafHash(entries.get(i)))
            .isEqualTo(Arrays.copyOfRange(leaves, i * 32, i * 32 + 32));
      }
    }

    // an entry appended here: its leaf from the bundle is in the tree the tiles make
    LoggedStatement statement = appended.get(450);
    JsonNode entry =
        JSON.readTree(
                given()
                    .get("/v1/log/entries/" + statement.hashHex())
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString())
            .get("data");
    long index = entry.get("index").asLong();
    byte[] data =
        bundle(entryPath(index / 256, width(0, index / 256, size))).get((int) index % 256);
    assertThat(new String(data, StandardCharsets.UTF_8))
        .isEqualTo("attestation " + KID + " " + statement.hashHex());
    List<byte[]> proof = new ArrayList<>();
    entry.get("inclusionProof").forEach(h -> proof.add(Base64.getDecoder().decode(h.asText())));
    long proofSize = entry.get("treeSize").asLong();
    assertThat(
            LogProofs.inclusion(
                index, proofSize, LogProofs.leafHash(data), proof, rootFromTiles(proofSize)))
        .isTrue();
    // a tampered entry does not verify
    assertThat(
            LogProofs.inclusion(
                index,
                proofSize,
                LogProofs.leafHash("attestation tile-test 00".getBytes(StandardCharsets.UTF_8)),
                proof,
                rootFromTiles(proofSize)))
        .isFalse();
  }

  @Test
  void fullTilesAreImmutableAndPartialOnesArePrefixes() {
    Response full = given().get("/v1/log/tile/0/000");
    full.then()
        .statusCode(200)
        .contentType(equalTo("application/octet-stream"))
        .header("Cache-Control", equalTo("public, max-age=31536000, immutable"));
    byte[] hashes = full.asByteArray();
    assertThat(hashes).hasSize(256 * 32);

    // a partial tile is the first W hashes, whatever the tree's size
    assertThat(get("/v1/log/tile/0/000.p/5")).isEqualTo(Arrays.copyOf(hashes, 5 * 32));
    given()
        .get("/v1/log/tile/entries/000")
        .then()
        .statusCode(200)
        .contentType(equalTo("application/octet-stream"))
        .header("Cache-Control", containsString("immutable"));
    assertThat(bundle("/v1/log/tile/entries/001.p/3")).hasSize(3);
  }

  @Test
  void entryBundlesAreGzippedForAClientThatAcceptsIt() throws Exception {
    String bundlePath = "/v1/log/tile/entries/000";
    java.net.http.HttpResponse<byte[]> plain = raw(bundlePath, null);
    assertThat(plain.statusCode()).isEqualTo(200);
    assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(plain.headers().allValues("Vary")).anyMatch(v -> v.contains("Accept-Encoding"));
    for (String accepted : List.of("gzip", "br;q=1.0, gzip;q=0.8", "deflate, GZIP")) {
      java.net.http.HttpResponse<byte[]> zipped = raw(bundlePath, accepted);
      assertThat(zipped.statusCode()).isEqualTo(200);
      assertThat(zipped.headers().firstValue("Content-Encoding")).as(accepted).hasValue("gzip");
      assertThat(zipped.headers().allValues("Vary")).anyMatch(v -> v.contains("Accept-Encoding"));
      assertThat(zipped.headers().firstValue("Cache-Control")).hasValue(LogResource.IMMUTABLE);
      byte[] unzipped =
          new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(zipped.body()))
              .readAllBytes();
      assertThat(unzipped).isEqualTo(plain.body());
      assertThat(zipped.body().length).isLessThan(plain.body().length / 2);
    }
    for (String refused : List.of("gzip;q=0", "identity", "deflate, br")) {
      assertThat(raw(bundlePath, refused).headers().firstValue("Content-Encoding"))
          .as(refused)
          .isEmpty();
    }
    // tiles of hashes do not compress and are never gzipped
    assertThat(raw("/v1/log/tile/0/000", "gzip").headers().firstValue("Content-Encoding"))
        .isEmpty();
  }

  private static java.net.http.HttpResponse<byte[]> raw(String path, String acceptEncoding)
      throws Exception {
    var request =
        java.net.http.HttpRequest.newBuilder(
            java.net.URI.create(
                io.restassured.RestAssured.baseURI + ":" + io.restassured.RestAssured.port + path));
    if (acceptEncoding != null) {
      request.header("Accept-Encoding", acceptEncoding);
    }
    return RAW.send(
        request.timeout(Duration.ofSeconds(30)).build(),
        java.net.http.HttpResponse.BodyHandlers.ofByteArray());
  }

  @Test
  void tilesBeyondTheNewestCheckpointAre404() {
    long size = checkpoint.size();
    long tiles = size / 256;
    int rest = (int) (size % 256);
    // the partial tile one hash wider than the tree, and the full tile past the last one
    given()
        .get("/v1/log/tile/0/" + index(tiles) + ".p/" + (rest + 1))
        .then()
        .statusCode(404)
        .body(containsString("does not hold this tile"));
    given().get("/v1/log/tile/0/" + index(tiles)).then().statusCode(404);
    given().get("/v1/log/tile/entries/" + index(tiles)).then().statusCode(404);
    given().get("/v1/log/tile/1/000").then().statusCode(size >= 65536 ? 200 : 404);
    given().get("/v1/log/tile/7/000.p/1").then().statusCode(404);
    given().get("/v1/log/tile/63/x001/x234/067").then().statusCode(404);
    given().get("/v1/log/tile/0/x999/x999/x999/x999/x999/999").then().statusCode(404);
  }

  @Test
  void malformedPathsAre400() {
    for (String path :
        List.of(
            "0",
            "00/000",
            "64/000",
            "-1/000",
            "0/5",
            "0/0005",
            "0/x000/005",
            "0/001/002",
            "0/x001/x002/x003/x004/x005/x006/007",
            "0/000.p/0",
            "0/000.p/256",
            "0/000.p/05",
            "0/000.p",
            "0/000.p/5/6",
            "entries",
            "entries/5",
            "entries/000.p/300")) {
      given()
          .get("/v1/log/tile/" + path)
          .then()
          .statusCode(400)
          .body(containsString("not a tile path"));
    }
  }

  /** RFC 9162's {@code MTH(D[0:size])}, from the tiles alone. */
  private byte[] rootFromTiles(long size) {
    List<byte[]> subtrees = new ArrayList<>();
    long at = 0;
    for (int k = 62; k >= 0; k--) {
      if ((size & (1L << k)) != 0) {
        subtrees.add(perfect(k, at >> k, size));
        at += 1L << k;
      }
    }
    byte[] root = subtrees.get(subtrees.size() - 1);
    for (int i = subtrees.size() - 2; i >= 0; i--) {
      root = node(subtrees.get(i), root);
    }
    return root;
  }

  /** The perfect subtree of {@code 2^k} leaves numbered {@code index}: 2^(k mod 8) tile hashes. */
  private byte[] perfect(int k, long index, long size) {
    int level = k / 8;
    int count = 1 << (k % 8);
    long first = index * count;
    byte[] tile = get(tilePath(level, first / 256, width(level, first / 256, size)));
    List<byte[]> row = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int at = (int) ((first % 256) + i) * 32;
      row.add(Arrays.copyOfRange(tile, at, at + 32));
    }
    while (row.size() > 1) {
      List<byte[]> up = new ArrayList<>();
      for (int i = 0; i < row.size(); i += 2) {
        up.add(node(row.get(i), row.get(i + 1)));
      }
      row = up;
    }
    return row.get(0);
  }

  /** The width of tile {@code tile} at {@code level} in a tree of {@code size}: 256 when full. */
  private long integratedSize() {
    return log.latest().await().atMost(WAIT).map(LogStore.SealedCheckpoint::size).orElse(0L);
  }

  private static int width(int level, long tile, long size) {
    long hashes = size >> (8 * level);
    return (int) Math.min(256, hashes - tile * 256);
  }

  private static String tilePath(int level, long tile, int width) {
    return "/v1/log/tile/" + level + "/" + index(tile) + (width == 256 ? "" : ".p/" + width);
  }

  private static String entryPath(long tile, int width) {
    return "/v1/log/tile/entries/" + index(tile) + (width == 256 ? "" : ".p/" + width);
  }

  /** C2SP's index encoding: groups of three digits, all but the last prefixed with x. */
  private static String index(long n) {
    String digits = Long.toString(n);
    digits = "0".repeat((3 - digits.length() % 3) % 3) + digits;
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < digits.length(); i += 3) {
      out.append(i + 3 < digits.length() ? "x" : "").append(digits, i, i + 3);
      out.append(i + 3 < digits.length() ? "/" : "");
    }
    return out.toString();
  }

  private byte[] get(String path) {
    return fetched.computeIfAbsent(
        path, p -> given().get(p).then().statusCode(200).extract().asByteArray());
  }

  private List<byte[]> bundle(String path) {
    byte[] bytes = get(path);
    List<byte[]> entries = new ArrayList<>();
    int at = 0;
    while (at < bytes.length) {
      int length = ((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff);
      entries.add(Arrays.copyOfRange(bytes, at + 2, at + 2 + length));
      at += 2 + length;
    }
    assertThat(at).isEqualTo(bytes.length);
    return entries;
  }

  private static byte[] node(byte[] left, byte[] right) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update((byte) 0x01);
      digest.update(left);
      digest.update(right);
      return digest.digest();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
