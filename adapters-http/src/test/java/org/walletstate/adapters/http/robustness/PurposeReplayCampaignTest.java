package org.walletstate.adapters.http.robustness;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.OneServiceHost;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.SignInMessages;
import org.walletstate.devnet.Devnet;

/**
 * Cross-purpose replay campaign over the three EIP-4361 messages the service reads: a wallet
 * sign-in ({@code Authorization: Wallet} on {@code GET /v1/credits}), a discount {@code
 * walletProof} ({@code POST /v1/verify}) and the in-store pass sign-in ({@code POST /v1/pass}).
 * Messages are made by the {@code siwe} library and signed by ethers, for one host that is both the
 * service's base URL and its sign-in domain, with the walletProof's URI, so only the purpose tells
 * them apart. A message used for another purpose than its own is 401 naming the purpose, spends no
 * nonce and no credit; the same message then works for its own purpose, once.
 *
 * <p>Size of the seeded variations: {@code -Drobustness.purpose.cases=N} (CI default 24, full 300).
 * Seed: {@code -Drobustness.purpose.seed=S} ({@code random} for a fresh one).
 */
@QuarkusTest
@TestProfile(OneServiceHost.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PurposeReplayCampaignTest {

  private static final long DEFAULT_SEED = 20_261_128L;
  private static final Duration WAIT = Duration.ofSeconds(30);

  /** Where a message is presented. */
  enum Use {
    WALLET_AUTH,
    DISCOUNT_PROOF,
    POS_PASS
  }

  /** What a message says it is for. */
  enum Signed {
    WALLET_AUTH(SignInMessages.WALLET_AUTH, "signed for wallet sign-in"),
    DISCOUNT_PROOF(SignInMessages.DISCOUNT_PROOF, "signed for a discount walletProof"),
    POS_PASS(SignInMessages.POS_PASS, "signed for the in-store pass sign-in"),
    /** A walletProof as the interface specification describes it: no purpose resource. */
    NOTHING(null, "does not name its purpose"),
    TWO(null, "names more than one purpose");

    final String resource;
    final String refusal;

    Signed(String resource, String refusal) {
      this.resource = resource;
      this.refusal = refusal;
    }

    /** The use this message is for; null when none accepts it. */
    Use own() {
      return switch (this) {
        case WALLET_AUTH -> Use.WALLET_AUTH;
        case DISCOUNT_PROOF, NOTHING -> Use.DISCOUNT_PROOF;
        case POS_PASS -> Use.POS_PASS;
        case TWO -> null;
      };
    }
  }

  @Inject Pool pool;

  private static volatile World world;

  /** A wallet with a bought key and the access pass, and a store owned by a free key. */
  private record World(SignInMessages.Holder holder, String ownerKey, String store) {}

  private static synchronized World world() {
    if (world == null) {
      SignInMessages.Holder holder = SignInMessages.boughtKey();
      String key =
          given()
              .contentType(ContentType.JSON)
              .body(Map.of("email", "p-" + UUID.randomUUID() + "@example.org", "appName", "shop"))
              .post("/v1/keys/create")
              .then()
              .statusCode(200)
              .extract()
              .path("key");
      String store = "p-" + UUID.randomUUID().toString().substring(0, 10);
      owner(key)
          .body(Map.of("companyName", "Purpose " + store, "companyId", store))
          .post("/v1/merchants")
          .then()
          .statusCode(200);
      String token =
          "{\"ownToken\":{\"symbol\":\"pUSD\",\"chainId\":8453,\"contractAddress\":\""
              + Devnet.shared().manifest().chain(8453).address("token6")
              + "\",\"decimals\":6,\"tiers\":[{\"name\":\"Any\",\"threshold\":\"1\","
              + "\"discount\":5}]},\"partnerTokens\":[]}";
      owner(key).body(token).put("/v1/merchants/" + store + "/tokens").then().statusCode(200);
      world = new World(holder, key, store);
    }
    return world;
  }

  private static io.restassured.specification.RequestSpecification owner(String key) {
    return given().contentType(ContentType.JSON).header("X-API-Key", key);
  }

  /** How a message is varied beyond its purpose. */
  private record Variation(
      String statement, boolean extraFirst, boolean extraLast, boolean upper, boolean expires) {
    static final Variation PLAIN = new Variation(null, false, false, false, false);

    static Variation random(Random r) {
      String[] statements = {
        null, "Sign in", "Show my in-store pass.", "Prove my wallet for a discount."
      };
      return new Variation(
          statements[r.nextInt(statements.length)],
          r.nextBoolean(),
          r.nextBoolean(),
          r.nextInt(4) == 0,
          r.nextBoolean());
    }
  }

  private JsonNode sign(World w, Signed signed, Variation v, Random r) {
    return SignInMessages.sign(
        w.holder().privateKey(),
        f -> {
          f.put("domain", OneServiceHost.HOST);
          f.put("uri", OneServiceHost.BASE_URL + "/v1/merchants/" + w.store());
          if (v.statement() != null) {
            f.put("statement", v.statement());
          }
          if (v.expires()) {
            f.put("expirationTime", Instant.now().plusSeconds(240).toString());
          }
          List<String> resources = new ArrayList<>();
          if (v.extraFirst()) {
            resources.add("https://example.org/terms");
          }
          if (signed == Signed.TWO) {
            Signed[] named = {Signed.WALLET_AUTH, Signed.DISCOUNT_PROOF, Signed.POS_PASS};
            int first = r.nextInt(3);
            resources.add(named[first].resource);
            resources.add(named[(first + 1 + r.nextInt(2)) % 3].resource);
          } else if (signed.resource != null) {
            resources.add(v.upper() ? signed.resource.toUpperCase(Locale.ROOT) : signed.resource);
          }
          if (v.extraLast()) {
            resources.add("ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi");
          }
          if (!resources.isEmpty()) {
            ArrayNode array = f.putArray("resources");
            resources.forEach(array::add);
          }
        });
  }

  private static Response use(World w, Use use, JsonNode signed) {
    String message = signed.get("message").asText();
    String signature = signed.get("signature").asText();
    return switch (use) {
      case WALLET_AUTH ->
          given().header("Authorization", SignInMessages.header(signed)).get("/v1/credits");
      case DISCOUNT_PROOF ->
          owner(w.ownerKey())
              .body(
                  Map.of(
                      "merchantId",
                      w.store(),
                      "wallet",
                      w.holder().address(),
                      "walletProof",
                      Map.of("message", message, "signature", signature)))
              .post("/v1/verify");
      case POS_PASS ->
          given()
              .contentType(ContentType.JSON)
              .body(Map.of("message", message, "signature", signature))
              .post("/v1/pass");
    };
  }

  private static String refusalPrefix(Use use) {
    return switch (use) {
      case WALLET_AUTH -> "Wallet sign-in refused: ";
      case DISCOUNT_PROOF -> "walletProof does not verify: ";
      case POS_PASS -> "Sign-in refused: ";
    };
  }

  private boolean spent(World w, JsonNode signed) {
    String message = signed.get("message").asText();
    String nonce = message.replaceAll("(?s).*\nNonce: ([A-Za-z0-9]+)\n.*", "$1");
    return pool.preparedQuery(
                "select count(*) as n from wallet_sign_in_nonce where wallet = $1 and nonce = $2")
            .execute(Tuple.of(w.holder().address().toLowerCase(Locale.ROOT), nonce))
            .await()
            .atMost(WAIT)
            .iterator()
            .next()
            .getLong("n")
        > 0;
  }

  private long credits(String key) {
    return pool.preparedQuery(
            "select credits from api_key"
                + " where key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')")
        .execute(Tuple.of(key))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("credits");
  }

  /** The problems of presenting {@code message} (signed for {@code signed}) as {@code use}. */
  private List<String> refusedAs(World w, Signed signed, Use use, JsonNode message) {
    List<String> problems = new ArrayList<>();
    long before = credits(w.ownerKey());
    Response answer = use(w, use, message);
    String described = signed + " used as " + use;
    String text = answer.asString();
    if (answer.statusCode() != 401) {
      problems.add(described + " answered " + answer.statusCode() + ": " + text);
      return problems;
    }
    String reason = answer.path("error.message");
    if (reason == null
        || !reason.startsWith(refusalPrefix(use))
        || !reason.contains(signed.refusal)) {
      problems.add(described + " refused for another reason: " + reason);
    }
    if (spent(w, message)) {
      problems.add(described + ": the refusal spent the nonce");
    }
    if (credits(w.ownerKey()) != before) {
      problems.add(described + ": the refusal moved credits");
    }
    return problems;
  }

  @Test
  void eachPurposesMessage_isRefusedAsEveryOther_thenAcceptedAsItsOwn_once() {
    World w = world();
    Random r = new Random(DEFAULT_SEED);
    List<String> problems = new ArrayList<>();
    for (Signed signed :
        List.of(Signed.WALLET_AUTH, Signed.DISCOUNT_PROOF, Signed.POS_PASS, Signed.NOTHING)) {
      JsonNode message = sign(w, signed, Variation.PLAIN, r);
      for (Use use : Use.values()) {
        if (use != signed.own()) {
          problems.addAll(refusedAs(w, signed, use, message));
        }
      }
      Response accepted = use(w, signed.own(), message);
      assertThat(accepted.statusCode())
          .as(signed + " as its own purpose: " + accepted.asString())
          .isEqualTo(200);
      switch (signed.own()) {
        case WALLET_AUTH -> assertThat(accepted.<Integer>path("data.credits")).isEqualTo(250);
        case DISCOUNT_PROOF ->
            assertThat(accepted.<Boolean>path("data.walletProven")).as(signed.name()).isTrue();
        case POS_PASS ->
            assertThat(accepted.<String>path("data.wallet")).isEqualTo(w.holder().address());
      }
      assertThat(spent(w, message)).isTrue();
      Response replayed = use(w, signed.own(), message);
      assertThat(replayed.statusCode()).as(signed + " replayed").isEqualTo(401);
      assertThat(replayed.<String>path("error.message")).contains("nonce");
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void seededVariations_ofMessagesForAnotherPurpose_areAllRefused_andSpendNothing() {
    World w = world();
    long seed = CampaignSettings.seed("purpose.seed", DEFAULT_SEED);
    int cases = CampaignSettings.size("purpose.cases", 24, 300);
    Random r = new Random(seed);
    List<String> problems = new ArrayList<>();
    Signed[] kinds = Signed.values();
    for (int i = 0; i < cases; i++) {
      Signed signed = kinds[r.nextInt(kinds.length)];
      List<Use> others = new ArrayList<>(List.of(Use.values()));
      others.remove(signed.own());
      Use use = others.get(r.nextInt(others.size()));
      Variation variation = Variation.random(r);
      JsonNode message = sign(w, signed, variation, r);
      problems.addAll(
          refusedAs(w, signed, use, message).stream().map(p -> p + " " + variation).toList());
    }
    assertThat(problems).as("seed " + seed).isEmpty();
  }
}
