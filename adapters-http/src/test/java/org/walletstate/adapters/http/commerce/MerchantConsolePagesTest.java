package org.walletstate.adapters.http.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.BrowserScripts;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The store console ({@code /console/}) in headless Chromium, driven by playwright-core through
 * {@code src/test/browser/console-pages.mjs}, against this service, PostgreSQL and the devnet: a
 * store onboarded through the page (the first part with the keyboard only), a partner token with
 * its own network, validation errors shown beside their fields, a domain check, a scanner added and
 * another removed, unpublished and published again, a discount preview read on chain, credits
 * bought with a real USDC transfer, a scanner whose PIN logs a phone-sized till in, the listing,
 * pause and resume, the day's codes counted on the overview once a code is issued, all under a
 * strict Content-Security-Policy. Screenshots of each screen are kept in {@code
 * target/console-screenshots}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class MerchantConsolePagesTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final long BASE = 8453;
  static final long START_CREDITS = 7;

  @TestHTTPResource("/")
  URL base;

  @Inject Pool pool;

  @Test
  void anOwnerOnboardsAStore_throughTheConsole_andItsTillsAndPassPageShowIt() throws Exception {
    assertThat(Path.of("/usr/bin/chromium"))
        .as("Debian's chromium package (apt-get install -y chromium)")
        .exists();
    TestKeys.TestKey owner = TestKeys.create(pool, START_CREDITS, 1_000_000, KeyVersion.V2);
    String store = "con-" + UUID.randomUUID().toString().substring(0, 8);
    String customer = Payments.fundedWallet(BASE, Payments.USDC_BASE, 150_000_000L);
    // a payer with its key, not the owner key's wallet: its purchase needs its proof
    Payers.Payer payer = Payers.evm();
    Payments.fund(BASE, payer.address(), Payments.USDC_BASE, 5_000_000L);
    String tx =
        Payments.transfer(
            BASE, payer.address(), Payments.USDC_BASE, Payments.treasury(), 5_000_000L);
    Payments.mine(BASE, 1);

    RestAssured.get("/v1/wallet-auth")
        .then()
        .statusCode(200)
        .body("data.domain", org.hamcrest.Matchers.equalTo(Payers.DOMAIN));

    ObjectNode input = JSON.createObjectNode();
    input.put("baseUrl", base.toString().replaceAll("/$", "").replace("127.0.0.1", "localhost"));
    input.put("ownerKey", owner.secret());
    input.put("storeId", store);
    input.put("storeName", "Harbour Books " + store);
    input.put("usdc", Payments.USDC_BASE);
    input.put("usdcEthereum", Payments.USDC_ETHEREUM);
    input.put("usdtEthereum", Payments.USDT_ETHEREUM);
    // the partner's second network: a token the devnet deployed on chain 10
    String partnerOn10 = Devnet.shared().manifest().chain(10).address("token6");
    input.put("partnerOn10", partnerOn10);
    input.put("nftContract", "0x00000000000000000000000000000000000c0de1");
    input.put("customer", customer);
    input.put("txHash", tx);
    input.put("payerKey", payer.privateKey());
    input.put("devnetDir", Devnet.shared().directory().toString());
    input.put("screenshots", Path.of("target/console-screenshots").toAbsolutePath().toString());
    JsonNode seen = BrowserScripts.run("console-pages.mjs", input, 240);

    assertThat(seen.get("csp")).as("no CSP violation, no script error").isEmpty();
    assertThat(seen.get("contrast")).as("WCAG AA contrast of every visible text").isEmpty();
    assertThat(seen.get("contrastChecked").size())
        .as("screens measured")
        .isGreaterThanOrEqualTo(15);
    seen.get("contrastChecked")
        .properties()
        .forEach(
            s ->
                assertThat(s.getValue().asInt())
                    .as("texts measured on " + s.getKey())
                    .isPositive());
    assertThat(seen.get("keyInUrl").asBoolean()).isFalse();
    assertThat(seen.get("keyInStorage").asBoolean()).as("in sessionStorage, no cookie").isTrue();
    assertThat(seen.get("steps").toString()).contains("created", "tokens");
    assertThat(seen.get("focusAfterAdd").asText()).isEqualTo("ownToken.tiers[1].name");

    JsonNode tierError = seen.get("tierError");
    assertThat(tierError.get("text").asText())
        .startsWith("ownToken.tiers[1].discount")
        .contains("60");
    assertThat(tierError.get("beside").asBoolean()).as("shown right under the field").isTrue();
    assertThat(tierError.get("focused").asBoolean()).isTrue();
    assertThat(tierError.get("otherErrors").asInt()).isZero();
    assertThat(seen.get("tokensSaved").asText()).contains("Saved: 1 of 8 tokens");
    assertThat(seen.get("partnerSaved").asText()).contains("Saved: 2 of 8 tokens");
    assertThat(seen.get("capError").get("text").asText()).startsWith("discountCap");
    assertThat(seen.get("capError").get("beside").asBoolean()).isTrue();
    assertThat(seen.get("walletError").get("text").asText()).startsWith("wallet");
    assertThat(seen.get("txError").get("text").asText()).startsWith("txHash");

    assertThat(seen.get("domainMethods")).hasSize(3);
    assertThat(seen.get("domainMethods").get(0).asText()).contains("TXT");
    assertThat(seen.get("domainCheck").asText())
        .as("Check now: nothing is published, the service says what it saw")
        .startsWith("Not verified yet:")
        .contains("4 checks left");

    String pin = seen.get("pin").asText();
    assertThat(pin).matches("[0-9]{6}");
    assertThat(seen.get("scannerRows").get(0).asText()).contains("Till 1");
    assertThat(seen.get("pinGone").asBoolean()).as("the PIN is shown once").isTrue();
    assertThat(seen.get("scannerHref").asText()).isEqualTo("/pos/scanner.html?store=" + store);
    assertThat(seen.get("scannerRemoved").asText()).contains("Till 2 is removed");
    assertThat(seen.get("scannerRowsAfterRemoval")).hasSize(1);
    assertThat(seen.get("scannerRowsAfterRemoval").get(0).asText()).contains("Till 1");
    assertThat(seen.get("unpublished").asText()).contains("no longer listed");
    assertThat(seen.get("unlistedStatus").asText()).contains("not listed");

    assertThat(seen.get("pausedStatus").asText()).contains("paused since");
    assertThat(seen.get("overview").asText())
        .contains("listed", "running", "added up, capped at 20%");
    assertThat(seen.get("overviewTiers").asText()).contains("Bronze", "Gold", "100 USDC", "10%");

    assertThat(seen.get("preview").asText())
        .as("the unproven limit of 5, and what a proven wallet gets")
        .contains("5% discount", "USDC: Gold, 10%", "With proof of the wallet")
        .contains(": 10%");
    assertThat(seen.get("unproven").asText())
        .as("without a proof the 403 is shown at the form")
        .startsWith("Payer not proven:");
    assertThat(seen.get("claim").asText())
        .as("the claim message, as docs/billing.md writes it")
        .startsWith(
            Payers.DOMAIN
                + " asks you to prove you sent this payment\nPurpose: merchant-credits\nMerchant: "
                + store
                + "\nChain: 8453\nTransaction: "
                + tx.toLowerCase(Locale.ROOT)
                + "\nIssued At: ")
        .matches("(?s).*\nIssued At: \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
    assertThat(seen.get("credits").asText()).contains("125 credits added", "on Base");
    assertThat(seen.get("issuedCode").asText()).matches("SVC-[2-9A-HJ-NP-Z]{5}");
    assertThat(seen.get("codesBefore").asText()).isEqualTo("0 (since 00:00 UTC)");
    assertThat(seen.get("codesAfter").asText())
        .as("the overview counts the code issued since it was last drawn")
        .isEqualTo("1 (since 00:00 UTC)");

    assertThat(seen.get("tillPrefilled").asText()).isEqualTo(store);
    assertThat(seen.get("tillTitle").asText()).isEqualTo("Harbour Books " + store);
    assertThat(seen.get("tillTiers").asText()).contains("Bronze", "10 USDC", "5%", "Gold", "10%");
    assertThat(seen.get("passHeading").asText()).isEqualTo("My pass for Harbour Books " + store);
    assertThat(seen.get("passTiers").asText()).contains("Gold", "100 USDC", "10%");
    assertThat(seen.get("phoneFits").asBoolean()).isTrue();
    assertThat(seen.get("consoleFitsPhone").asBoolean()).isTrue();
    assertThat(seen.get("forgotten").asBoolean()).isTrue();
    assertThat(seen.get("storeList").asText())
        .as("the key's stores, from GET /v1/keys/merchants")
        .contains("Harbour Books " + store + " (" + store + "; listed)");

    assertStored(owner, store, pin, partnerOn10);
    for (String screen :
        new String[] {"01-sign-in", "03-validation-error", "09-overview", "16-overview-codes"}) {
      assertThat(Path.of("target/console-screenshots", screen + ".png")).isNotEmptyFile();
    }
  }

  /** What the page did, read back from the service. */
  private void assertStored(TestKeys.TestKey owner, String store, String pin, String partnerOn10) {
    JsonNode status =
        PointOfSaleTest.as(owner.secret())
            .get("/v1/merchants/" + store + "/status")
            .then()
            .statusCode(200)
            .extract()
            .as(JsonNode.class)
            .get("data");
    assertThat(status.get("location").asText()).isEqualTo("Harbour Street 4");
    JsonNode own = status.get("ownToken");
    assertThat(own.get("tiers").toString())
        .isEqualTo(
            "[{\"name\":\"Bronze\",\"threshold\":\"10\",\"discount\":5},"
                + "{\"name\":\"Gold\",\"threshold\":\"100\",\"discount\":10}]");
    assertThat(own.get("alsoOn").get(0).get("chainId").asInt()).isEqualTo(1);
    JsonNode partner = status.get("partnerTokens").get(0);
    assertThat(status.get("partnerTokens")).hasSize(1);
    assertThat(partner.get("symbol").asText()).isEqualTo("USDT");
    assertThat(partner.get("chainId").asInt()).isEqualTo(1);
    assertThat(partner.get("tiers").toString())
        .isEqualTo("[{\"name\":\"Friends\",\"threshold\":\"50\",\"discount\":3}]");
    assertThat(partner.get("alsoOn").get(0).get("chainId").asInt()).isEqualTo(10);
    assertThat(partner.get("alsoOn").get(0).get("contractAddress").asText())
        .isEqualToIgnoringCase(partnerOn10);
    assertThat(status.get("nftCollections").get(0).get("discount").asInt()).isEqualTo(15);
    assertThat(status.get("nftCollections").get(0).get("enabled").asBoolean()).isFalse();
    assertThat(status.get("discountMode").asText()).isEqualTo("capped");
    assertThat(status.get("discountCap").asInt()).isEqualTo(20);
    assertThat(status.get("maxDiscountsPerWalletPerDay").asInt()).isEqualTo(3);
    assertThat(status.get("maxUnprovenDiscount").asInt()).isEqualTo(5);
    assertThat(status.get("listedInDirectory").asBoolean()).isTrue();
    assertThat(status.get("paused").asBoolean()).isFalse();
    assertThat(status.get("verification").get("domain").asText()).isEqualTo("shop.example.com");
    assertThat(status.get("codesIssuedToday").asLong()).isEqualTo(1);
    // the code took one credit from the owner
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(START_CREDITS + 125 - 1);
    PointOfSaleTest.login(store, pin).then().statusCode(200);
  }
}
