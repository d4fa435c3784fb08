package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DomainWorld;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Fuzz campaign over the discount endpoints ({@code POST /v1/verify}, {@code /v1/acp/discount},
 * {@code /v1/ucp/discount}, {@code /v1/payment/confirm}, {@code GET /v1/discount/check} and {@code
 * GET /v1/codes/{code}}): every rule break is a 400 naming the member, broken JSON or a body that
 * is not an object a 400, a missing or bad key 401, an unknown store 404, a paused store 409, and a
 * code read is always 200 — never a 500. Nothing is charged and no code is stored by any of them
 * (every case is refused before a chain is read). The foreign-payment confirm runs beside them:
 * stored codes confirmed by a stranger's key (403), for another amount than the total bound at
 * issue (400) or without a bound total (409), none recording a payment.
 *
 * <p>Size: {@code -Drobustness.discount-fuzz.cases=N} (CI default 400; {@code
 * -Drobustness.full=true} 3,000). Seed: {@code -Drobustness.discount-fuzz.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DomainWorld.class)
class DiscountFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WALLET = "0xf79CC6156b460Ed70F01F00BbcB80915D2adA747";
  private static final String TX = "0x" + "ab".repeat(32);

  @Inject Pool pool;

  @TestHTTPResource("/")
  URI root;

  /** A member whose value is replaced, and the bad values it can take. */
  private record Slot(String path, String template, String member, List<String> bad) {}

  /** One request and what must answer it. */
  private record Case(
      String kind,
      String method,
      String target,
      String body,
      String key,
      int status,
      String mentions) {}

  private static String q(String s) {
    return s.replace('\'', '"');
  }

  private static List<Slot> slots(Random r, String paused) {
    String badEvm =
        "\""
            + AttestFuzzCases.badAddress(r, WALLET).replace("\\", "\\\\").replace("\"", "\\\"")
            + "\"";
    List<Slot> slots = new ArrayList<>();
    for (String path : List.of("/v1/verify", "/v1/acp/discount", "/v1/ucp/discount")) {
      slots.add(
          new Slot(
              path,
              q("{'merchantId':@,'wallet':'" + WALLET + "'}"),
              "merchantId",
              List.of("7", "null", "\"a\"", "\"a b\"", "\"" + "x".repeat(51) + "\"", "[]", "{}")));
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','wallet':@}"),
              "wallet",
              List.of(badEvm, "7", "\"\"", "[]", "\"0x12\"")));
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','xrplWallet':@}"),
              "xrplWallet",
              List.of("\"rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTx\"", "\"r\"", "5", "\"0xabc\"")));
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','solanaWallet':@}"),
              "solanaWallet",
              List.of("\"0OIl\"", "\"\"", "5", "\"" + "1".repeat(60) + "\"")));
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','wallet':'" + WALLET + "','walletProof':@}"),
              "walletProof",
              List.of(
                  "\"x\"",
                  "7",
                  "[]",
                  "{}",
                  q("{'message':1,'signature':'s'}"),
                  q("{'message':'m'}"),
                  "true")));
      slots.add(
          new Slot(
              path,
              q(
                  "{'merchantId':'"
                      + paused
                      + "','solanaWallet':'9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM','walletProof':@}"),
              "walletProof",
              List.of(q("{'message':'m','signature':'s'}"))));
    }
    for (String path : List.of("/v1/acp/discount", "/v1/ucp/discount")) {
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','wallet':'" + WALLET + "','items':@}"),
              "items",
              List.of(
                  "{}",
                  "7",
                  "\"x\"",
                  "[1]",
                  q("[{'path':'$.a'}]"),
                  q("[{'path':'$.a','amount':-1}]"),
                  q("[{'path':'$.a','amount':'1'}]"),
                  q("[{'path':'','amount':1}]"),
                  q("[{'path':7,'amount':1}]"),
                  q("[{'path':'$.a','amount':1e300}]"))));
      slots.add(
          new Slot(
              path,
              q("{'merchantId':'" + paused + "','wallet':'" + WALLET + "','subtotal':@}"),
              "subtotal",
              List.of("-1", "\"5\"", "[]", "{}", "true", "9007199254740992", "1e400")));
    }
    slots.add(
        new Slot(
            "/v1/payment/confirm",
            q("{'code':@,'txHash':'" + TX + "','chainId':8453,'amount':5}"),
            "code",
            List.of("\"SVC-0000O\"", "\"ABC\"", "7", "null", "\"SVC-7K2QMX\"", "[]")));
    slots.add(
        new Slot(
            "/v1/payment/confirm",
            q("{'code':'SVC-7K2QM','txHash':@,'chainId':8453,'amount':5}"),
            "txHash",
            List.of("\"0x12\"", "\"\"", "7", "null", "\"0x" + "g".repeat(64) + "\"")));
    slots.add(
        new Slot(
            "/v1/payment/confirm",
            q("{'code':'SVC-7K2QM','txHash':'" + TX + "','chainId':@,'amount':5}"),
            "chainId",
            List.of("100", "1284", "\"x\"", "null", "[]", "-1")));
    slots.add(
        new Slot(
            "/v1/payment/confirm",
            q("{'code':'SVC-7K2QM','txHash':'" + TX + "','chainId':8453,'amount':@}"),
            "amount",
            List.of("0", "-5", "\"abc\"", "[]", "true", "null", "\"1e5\"")));
    slots.add(
        new Slot(
            "/v1/payment/confirm",
            q(
                "{'code':'SVC-7K2QM','txHash':'"
                    + TX
                    + "','chainId':8453,'amount':5,'payerProof':@}"),
            "payerProof",
            List.of(
                "7",
                "[]",
                "\"0x12\"",
                q("{'message':'m'}"),
                q("{'signature':'0x12'}"),
                q("{'message':7,'signature':'s'}"),
                q("{'message':'" + "m".repeat(1025) + "','signature':'s'}"))));
    return slots;
  }

  /**
   * The foreign-payment confirm: codes stored for the paused store (which takes USDC at {@link
   * #WALLET}) confirmed by a stranger's key (403), for another amount than the bound total (400),
   * or without any total bound (409); each refused before the chain is read.
   */
  private static Case foreign(
      Random r, String owner, String stranger, String bound, String unbound) {
    StringBuilder tx = new StringBuilder("0x");
    for (int i = 0; i < 64; i++) {
      tx.append("0123456789abcdef".charAt(r.nextInt(16)));
    }
    String proof =
        r.nextBoolean()
            ? ""
            : q(
                ",'payerProof':{'message':'Payment confirmation for x','signature':'0x"
                    + "11".repeat(65)
                    + "'}");
    String body =
        q("{'code':'%s','txHash':'" + tx + "','chainId':8453,'amount':'%s'" + proof + "}");
    return switch (r.nextInt(3)) {
      case 0 ->
          new Case(
              "foreign-confirm/stranger",
              "POST",
              "/v1/payment/confirm",
              body.formatted(bound, "36.80"),
              stranger,
              403,
              "owner key or the key that issued it");
      case 1 ->
          new Case(
              "foreign-confirm/amount",
              "POST",
              "/v1/payment/confirm",
              body.formatted(bound, List.of("36.79", "36.81", "0.01", "3680").get(r.nextInt(4))),
              owner,
              400,
              "discounted total 36.80");
      default ->
          new Case(
              "foreign-confirm/no-total",
              "POST",
              "/v1/payment/confirm",
              body.formatted(unbound, "12.34"),
              owner,
              409,
              "without an order total");
    };
  }

  /** A code of {@code merchant} issued by {@code owner} just now, with {@code total} bound. */
  private String storeCode(String merchant, long owner, Long total) {
    String alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    StringBuilder code = new StringBuilder("SVC-");
    java.security.SecureRandom random = new java.security.SecureRandom();
    for (int i = 0; i < 5; i++) {
      code.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    pool.preparedQuery(
            "insert into discount_code (code, merchant_id, owner_key_id, caller_key_id,"
                + " discount_percent, wallet_proven, wallet_evm, fingerprint, signed, order_total,"
                + " discounted_total, created_at, expires_at) values ($1, $2, $3, $3, 20, false,"
                + " $4, $1, '{}', $5, $6, now(), now() + interval '30 minutes')")
        .execute(
            Tuple.from(
                new Object[] {
                  code.toString(),
                  merchant,
                  owner,
                  WALLET.toLowerCase(java.util.Locale.ROOT),
                  total == null ? null : 4600L,
                  total
                }))
        .await()
        .atMost(Duration.ofSeconds(30));
    return code.toString();
  }

  private static Case generate(long seed, int index, String key, String paused) {
    Random r = new Random(AttestFuzzCases.caseSeed(seed, index));
    List<Slot> slots = slots(r, paused);
    Slot slot = slots.get(r.nextInt(slots.size()));
    int roll = r.nextInt(100);
    if (roll < 60) {
      String bad = slot.bad().get(r.nextInt(slot.bad().size()));
      return new Case(
          "rule" + slot.path(),
          "POST",
          slot.path(),
          slot.template().replace("@", bad),
          key,
          400,
          slot.member());
    }
    String valid = slot.template().replace("@", "\"" + paused + "\"");
    if (roll < 72) {
      String good = slot.template().replace("@", "1");
      String broken =
          switch (r.nextInt(4)) {
            case 0 -> good.substring(0, 1 + r.nextInt(good.length() - 1));
            case 1 -> good + "}";
            case 2 -> good.replaceFirst("\\{", "{\"x\":1,\"x\":2,");
            default -> good.replace(":", "=");
          };
      return new Case("syntax" + slot.path(), "POST", slot.path(), broken, key, 400, null);
    }
    if (roll < 78) {
      String body = List.of("[]", "\"x\"", "7", "null", "true").get(r.nextInt(5));
      return new Case("shape" + slot.path(), "POST", slot.path(), body, key, 400, "JSON object");
    }
    if (roll < 84) {
      String[] keys = {null, "svc_live_" + "0".repeat(40), "svc_live_x", key + "0"};
      return new Case(
          "auth" + slot.path(),
          "POST",
          slot.path(),
          valid,
          keys[r.nextInt(keys.length)],
          401,
          "Invalid or missing API key.");
    }
    if (roll < 88) {
      String path = List.of("/v1/verify", "/v1/acp/discount", "/v1/ucp/discount").get(r.nextInt(3));
      return new Case(
          "paused" + path,
          "POST",
          path,
          q("{'merchantId':'" + paused + "','wallet':'" + WALLET + "'}"),
          key,
          409,
          "paused");
    }
    if (roll < 92) {
      String path = List.of("/v1/verify", "/v1/acp/discount", "/v1/ucp/discount").get(r.nextInt(3));
      return new Case(
          "unknown" + path,
          "POST",
          path,
          q("{'merchantId':'nope-" + index + "','wallet':'" + WALLET + "'}"),
          key,
          404,
          "Merchant not found");
    }
    if (roll < 96) {
      String[] queries = {
        "",
        "merchant=" + paused,
        "merchant=" + paused + "&wallet=0x12",
        "merchant=a%20b&wallet=" + WALLET,
        "merchant=" + paused + "&xrplWallet=rx",
        "wallet=" + WALLET,
        "merchant=" + paused + "&solanaWallet=0OIl"
      };
      return new Case(
          "check",
          "GET",
          "/v1/discount/check?" + queries[r.nextInt(queries.length)],
          "",
          null,
          400,
          null);
    }
    String junk =
        List.of("SVC-22222", "svc-zzzzz", "x", "SVC-0OIL1", "%00", "a".repeat(300), "SVC-" + index)
            .get(r.nextInt(7));
    return new Case(
        "code",
        "GET",
        "/v1/codes/" + URLEncoder.encode(junk, StandardCharsets.UTF_8),
        "",
        null,
        200,
        null);
  }

  @Test
  void hostileDiscountRequests_getTheirDocumentedAnswer_andStoreOrChargeNothing() throws Exception {
    long seed = CampaignSettings.seed("discount-fuzz.seed", 20_261_125L);
    int cases = CampaignSettings.size("discount-fuzz.cases", 400, 3_000);
    TestKeys.TestKey owner = TestKeys.create(pool, 25, 10_000_000, KeyVersion.V2);
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    String paused = "fuzz-p-" + UUID.randomUUID().toString().substring(0, 8);
    assertThat(
            send(
                    client,
                    "POST",
                    "/v1/merchants",
                    "{\"companyName\":\"" + paused + "\",\"companyId\":\"" + paused + "\"}",
                    owner.secret())
                .status())
        .isEqualTo(200);
    assertThat(
            send(
                    client,
                    "PUT",
                    "/v1/merchants/" + paused + "/settings",
                    "{\"paused\":true,\"usdcPayment\":{\"evmAddress\":\"" + WALLET + "\"}}",
                    owner.secret())
                .status())
        .isEqualTo(200);
    TestKeys.TestKey stranger = TestKeys.create(pool, 25, 10_000_000, KeyVersion.V2);
    String bound = storeCode(paused, owner.id(), 3680L);
    String unbound = storeCode(paused, owner.id(), null);
    long codesBefore = count("select count(*) as n from discount_code");
    long ledgerBefore = count("select count(*) as n from credit_entry");
    List<String> failures = new ArrayList<>();
    Map<String, Map<Integer, Integer>> tally = new TreeMap<>();
    for (int i = 0; i < cases; i++) {
      Case c = generate(seed, i, owner.secret(), paused);
      Answer answer = send(client, c.method(), c.target(), c.body(), c.key());
      tally.computeIfAbsent(c.kind(), k -> new TreeMap<>()).merge(answer.status(), 1, Integer::sum);
      List<String> problems = new ArrayList<>();
      if (c.status() == 200) {
        JsonNode body = answer.status() == 200 ? JSON.readTree(answer.body()) : null;
        if (body == null
            || !body.path("ok").asBoolean(false)
            || body.path("data").path("valid").asBoolean(true)
            || !body.path("data").path("reason").asText().equals("not_found")) {
          problems.add("expected 200 valid false not_found");
        }
      } else {
        problems.addAll(
            DocumentedShapes.problems(
                HostileCase.Expect.refused(c.status(), c.mentions()), answer));
      }
      if (!problems.isEmpty()) {
        failures.add(
            "case "
                + i
                + " ("
                + c.kind()
                + ") "
                + c.method()
                + " "
                + c.target()
                + " "
                + c.body()
                + ": "
                + problems
                + " answer "
                + new String(answer.body(), StandardCharsets.UTF_8));
      }
    }
    Random foreignRandom = new Random(seed);
    for (int i = 0; i < Math.max(30, cases / 10); i++) {
      Case c = foreign(foreignRandom, owner.secret(), stranger.secret(), bound, unbound);
      Answer answer = send(client, c.method(), c.target(), c.body(), c.key());
      tally.computeIfAbsent(c.kind(), k -> new TreeMap<>()).merge(answer.status(), 1, Integer::sum);
      List<String> problems =
          DocumentedShapes.problems(HostileCase.Expect.refused(c.status(), c.mentions()), answer);
      if (!problems.isEmpty()) {
        failures.add(
            "foreign case "
                + i
                + " ("
                + c.kind()
                + ") "
                + c.body()
                + ": "
                + problems
                + " answer "
                + new String(answer.body(), StandardCharsets.UTF_8));
      }
    }
    System.out.println("discount fuzz seed " + seed + ", " + cases + " cases: " + tally);
    assertThat(failures).as("seed %d", seed).isEmpty();
    assertThat(count("select count(*) as n from discount_code"))
        .as("no code stored")
        .isEqualTo(codesBefore);
    assertThat(count("select count(*) as n from credit_entry"))
        .as("nothing charged")
        .isEqualTo(ledgerBefore);
    assertThat(
            count(
                "select count(*) as n from discount_code where merchant_id = '"
                    + paused
                    + "' and (used_at is not null or payment_tx_hash is not null)"))
        .as("no foreign confirm recorded a payment")
        .isZero();
  }

  private long count(String sql) {
    return pool.preparedQuery(sql)
        .execute(Tuple.tuple())
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("n");
  }

  private Answer send(HttpClient client, String method, String path, String body, String key) {
    return JdkExchange.send(client, root, JdkExchange.json(method, path, body, key));
  }
}
