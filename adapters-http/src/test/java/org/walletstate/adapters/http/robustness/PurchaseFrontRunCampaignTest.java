package org.walletstate.adapters.http.robustness;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;

/**
 * The front-run campaign (docs/reliability.md, "Threat model"): for each real payment on the
 * devnet, several attackers — each with a free key of its own and a wallet of its own — race the
 * payer, all at once, with every way of claiming someone else's payment: no proof (key, both),
 * their own wallet's proof, the payer's proof for another of its payments, credits to their own key
 * (with and without {@code updateWallet}), a guessed payment intent, and the proof-free wallet
 * delivery. Afterwards: no answer to an attacker holds a key string; no attacker key gained a
 * credit or a wallet; every payment credited exactly once, to a key whose wallet is its payer; no
 * 500; every ledger balances.
 *
 * <p>Size: {@code -Drobustness.frontrun.payments=N} (CI 5, full 30), attackers per payment {@code
 * -Drobustness.frontrun.attackers=A} (CI 4, full 8); seed {@code -Drobustness.frontrun.seed=S}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PurchaseFrontRunCampaignTest {

  private static final long BASE = 8453;
  private static final String[] ATTACKS = {
    "bare-apiKey",
    "bare-both",
    "own-proof",
    "payers-proof-for-another-tx",
    "credits-to-own-key",
    "credits-update-wallet",
    "credits-own-proof",
    "guessed-intent",
    "wallet-delivery"
  };

  @Inject Pool pool;

  record Attempt(String who, String attack, int status, String body) {}

  @Test
  void attackersRacingThePayer_neverGetAKeyCreditsOrAWallet() throws Exception {
    int payments = CampaignSettings.size("frontrun.payments", 5, 30);
    int attackers = CampaignSettings.size("frontrun.attackers", 4, 8);
    Random random = new Random(CampaignSettings.seed("frontrun.seed", 20_261_128L));
    List<String> strangerKeys = new ArrayList<>();
    for (int i = 0; i < attackers; i++) {
      strangerKeys.add(freeKey());
    }
    Payers.Payer mallory = Payers.evm();
    List<Attempt> attempts = new ArrayList<>();
    List<String[]> paid = new ArrayList<>();
    ExecutorService pool8 = Executors.newFixedThreadPool(attackers + 1);
    try {
      for (int p = 0; p < payments; p++) {
        Payers.Payer payer = Payers.evm();
        Payments.fund(BASE, payer.address(), USDC_BASE, 12_000_000);
        String tx =
            Payments.transfer(BASE, payer.address(), USDC_BASE, Payments.treasury(), 6_000_000);
        String other =
            Payments.transfer(BASE, payer.address(), USDC_BASE, Payments.treasury(), 6_000_000);
        Payments.mine(BASE, 1);
        paid.add(new String[] {tx, payer.address()});
        Map<String, Object> own = keysBuy(tx, "apiKey");
        own.put("senderProof", payer.keysBuy("front-run", 8453, tx));
        List<Callable<Attempt>> race = new ArrayList<>();
        race.add(() -> attempt("payer", "own-proof", post("/v1/keys/buy", own, null)));
        Map<String, Object> leaked = keysBuy(tx, "apiKey");
        leaked.put("senderProof", payer.keysBuy("front-run", 8453, other));
        for (int a = 0; a < attackers; a++) {
          String attack = ATTACKS[random.nextInt(ATTACKS.length)];
          String key = strangerKeys.get(a);
          Map<String, Object> body = attackBody(attack, tx, mallory, leaked);
          String path = attack.startsWith("credits") ? "/v1/credits/buy" : "/v1/keys/buy";
          race.add(
              () ->
                  attempt(
                      "attacker", attack, post(path, body, path.contains("credits") ? key : null)));
        }
        for (Future<Attempt> f : pool8.invokeAll(race)) {
          attempts.add(f.get());
        }
      }
    } finally {
      pool8.shutdownNow();
    }
    List<String> problems = new ArrayList<>();
    for (Attempt a : attempts) {
      if (a.status() >= 500) {
        problems.add(a + ": a server error");
      }
      if (a.who().equals("attacker") && a.body().contains("svc_live_")) {
        problems.add(a + ": an attacker got a key string");
      }
      if (a.who().equals("attacker")
          && a.status() == 200
          && !a.attack().equals("wallet-delivery")) {
        problems.add(a + ": an attacker's claim succeeded");
      }
      if (a.who().equals("payer") && a.status() != 200 && a.status() != 409) {
        problems.add(a + ": the payer was refused");
      }
    }
    assertThat(problems).isEmpty();
    for (String key : strangerKeys) {
      Row row = keyRow(key);
      assertThat(row.getLong("credits")).as("an attacker's key gained nothing").isEqualTo(10);
      assertThat(row.getString("wallet")).as("an attacker's key got no wallet").isNull();
    }
    for (String[] payment : paid) {
      Row row = paymentRow(payment[0]);
      assertThat(row.getString("wallet")).isEqualToIgnoringCase(payment[1]);
      assertThat(row.getLong("credits")).isEqualTo(row.getLong("total"));
    }
    System.out.printf(
        "front-run campaign: %d payments, %d attempts, attacker answers %s%n",
        paid.size(),
        attempts.size(),
        attempts.stream()
            .filter(a -> a.who().equals("attacker"))
            .collect(
                java.util.stream.Collectors.groupingBy(
                    a -> a.attack() + "=" + a.status(), java.util.stream.Collectors.counting())));
  }

  private static Map<String, Object> attackBody(
      String attack, String tx, Payers.Payer mallory, Map<String, Object> leaked) {
    return switch (attack) {
      case "bare-apiKey" -> keysBuy(tx, "apiKey");
      case "bare-both" -> keysBuy(tx, "both");
      case "own-proof" -> {
        Map<String, Object> b = keysBuy(tx, "apiKey");
        b.put("senderProof", mallory.keysBuy("front-run", 8453, tx));
        yield b;
      }
      case "payers-proof-for-another-tx" -> leaked;
      case "credits-to-own-key" -> credits(tx);
      case "credits-update-wallet" -> {
        Map<String, Object> b = credits(tx);
        b.put("updateWallet", true);
        yield b;
      }
      case "credits-own-proof" -> {
        Map<String, Object> b = credits(tx);
        b.put("updateWallet", true);
        b.put("senderProof", mallory.creditsBuy(8453, tx));
        yield b;
      }
      case "guessed-intent" -> {
        Map<String, Object> b = keysBuy(tx, "apiKey");
        b.put(
            "paymentIntent",
            Map.of(
                "id",
                "pi_" + UUID.randomUUID().toString().replace("-", ""),
                "secret",
                "ab".repeat(32)));
        yield b;
      }
      default -> keysBuy(tx, "wallet");
    };
  }

  private static Map<String, Object> keysBuy(String tx, String delivery) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", 8453);
    body.put("amount", 6);
    body.put("appName", "front-run");
    body.put("keyDelivery", delivery);
    return body;
  }

  private static Map<String, Object> credits(String tx) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", tx);
    body.put("chainId", 8453);
    body.put("amount", 6);
    return body;
  }

  private static Response post(String path, Map<String, Object> body, String key) {
    var request = given().contentType(ContentType.JSON).body(body);
    if (key != null) {
      request = request.header("X-API-Key", key);
    }
    return request.post(path);
  }

  private static Attempt attempt(String who, String attack, Response response) {
    return new Attempt(who, attack, response.statusCode(), response.asString());
  }

  private static String freeKey() {
    return given()
        .contentType(ContentType.JSON)
        .body(Map.of("email", "front-" + UUID.randomUUID() + "@example.org", "appName", "a"))
        .post("/v1/keys/create")
        .then()
        .statusCode(200)
        .extract()
        .path("key");
  }

  private Row keyRow(String key) {
    String hash = org.walletstate.domain.account.ApiKey.parse(key).orElseThrow().hash().hex();
    return pool.preparedQuery("select credits, wallet from api_key where key_hash = $1")
        .execute(Tuple.of(hash))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next();
  }

  private Row paymentRow(String tx) {
    return pool.preparedQuery(
            "select k.wallet, k.credits, (select coalesce(sum(amount), 0) from credit_entry e"
                + " where e.api_key_id = k.id) as total"
                + " from payment p join api_key k on k.id = p.api_key_id where p.tx_hash = $1")
        .execute(Tuple.of(tx.toLowerCase(java.util.Locale.ROOT)))
        .await()
        .atMost(Duration.ofSeconds(10))
        .iterator()
        .next();
  }

  static {
    DevnetTestResource.class.getName();
  }
}
