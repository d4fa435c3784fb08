package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.Conditions;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Fuzz campaign over {@code Idempotency-Key} on {@code POST /v1/attest}, raw bytes on the wire:
 * keys of every length from 0 to 400 drawn from printable ASCII, spaces, tabs, quotes, commas and
 * bytes above 0x7F, some sent twice, with a valid body or junk. Each request is sent twice. A
 * malformed key is a 400 (never a 500, never charged); a well-formed one is answered, and its
 * repeat is the first answer byte for byte with {@code Idempotent-Replayed: true} whenever the
 * first was stored; the key's debits are exactly the first answers that were signed.
 *
 * <p>Size: {@code -Drobustness.idempotency.cases=N} (CI default 120; full 1,000). Seed: {@code
 * -Drobustness.idempotency.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class IdempotencyKeyFuzzTest {

  private static final long DEFAULT_SEED = 20_261_128L;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  private final DevnetManifest m = Devnet.shared().manifest();

  private static byte[] key(Random random) {
    int kind = random.nextInt(10);
    int length =
        switch (kind) {
          case 0 -> 0;
          case 1 -> 250 + random.nextInt(150);
          default -> 1 + random.nextInt(64);
        };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < length; i++) {
      int pick = random.nextInt(100);
      if (kind >= 6 || pick < 90) {
        out.write(0x21 + random.nextInt(0x7e - 0x21 + 1)); // visible ASCII
      } else if (pick < 93) {
        out.write(' ');
      } else if (pick < 95) {
        out.write('\t');
      } else if (pick < 97) {
        out.write(0x80 + random.nextInt(0x80)); // not ASCII
      } else {
        out.write(random.nextBoolean() ? '"' : ',');
      }
    }
    return out.toByteArray();
  }

  /** The key as the service reads it, or null when it must be refused. */
  static String wellFormed(byte[] raw) {
    String value = new String(raw, StandardCharsets.ISO_8859_1).strip();
    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
      value = value.substring(1, value.length() - 1);
    }
    if (value.isEmpty() || value.length() > 255) {
      return null;
    }
    for (char c : value.toCharArray()) {
      if (c < 0x21 || c > 0x7e) {
        return null;
      }
    }
    return value;
  }

  private static byte[] request(String apiKey, byte[] idem, boolean twice, byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(
        ("POST /v1/attest HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nX-API-Key: "
                + apiKey
                + "\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    for (int i = 0; i < (twice ? 2 : 1); i++) {
      out.writeBytes("Idempotency-Key: ".getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(idem);
      out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    out.writeBytes(
        ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(body);
    return out.toByteArray();
  }

  @Test
  void hostileKeys_areRefusedWith400_andWellFormedOnesReplayByteForByte() throws Exception {
    long seed = CampaignSettings.seed("idempotency.seed", DEFAULT_SEED);
    int cases = CampaignSettings.size("idempotency.cases", 120, 1_000);
    Random random = new Random(seed);
    TestKeys.TestKey apiKey = TestKeys.create(pool, 10_000, 1_000_000, KeyVersion.V2);
    byte[] valid =
        JSON.writeValueAsBytes(
            Conditions.body(
                m.wallet("holder").address(),
                Conditions.tokenBalance(10, m.chain(10).address("token6"), "1")));
    int signed = 0;
    List<String> problems = new ArrayList<>();

    for (int i = 0; i < cases; i++) {
      byte[] idem = key(random);
      boolean twice = random.nextInt(20) == 0;
      byte[] body = random.nextInt(5) < 2 ? valid : ("{\"junk\":" + i + "}").getBytes();
      String expected = twice ? null : wellFormed(idem);
      byte[] wire = request(apiKey.secret(), idem, twice, body);
      Answer first = RawHttp.exchange(root.getPort(), wire, TIMEOUT);
      Answer second = RawHttp.exchange(root.getPort(), wire, TIMEOUT);
      String label = "case " + i + " (seed " + seed + ") key " + Arrays.toString(idem);

      for (Answer a : List.of(first, second)) {
        if (a.status() == 0 || a.status() >= 500) {
          problems.add(label + ": " + a.status() + " " + a.failure());
        }
      }
      if (expected == null) {
        if (first.status() != 400 || second.status() != 400) {
          problems.add(label + ": expected 400, got " + first.status() + "/" + second.status());
        } else {
          JsonNode error = JSON.readTree(first.body());
          if (error.path("ok").asBoolean(true)) {
            problems.add(label + ": a 400 outside the envelope");
          }
        }
        continue;
      }
      if (first.status() == 200 && first.header("Idempotent-Replayed") == null) {
        signed++;
      }
      boolean stored = first.status() == 200 || first.status() == 400;
      if (stored
          && (!"true".equals(second.header("Idempotent-Replayed"))
              || !Arrays.equals(first.body(), second.body())
              || second.status() != first.status())) {
        problems.add(label + ": the repeat was not the stored answer: " + second.status());
      }
    }

    assertThat(problems).isEmpty();
    assertThat(signed).as("some cases were signed").isPositive();
    assertThat(
            org.walletstate.adapters.http.testbed.Ledger.entries(pool, apiKey.id()).stream()
                .filter(e -> e.kind().equals("debit"))
                .count())
        .as("one debit per signed first answer")
        .isEqualTo((long) signed);
  }
}
