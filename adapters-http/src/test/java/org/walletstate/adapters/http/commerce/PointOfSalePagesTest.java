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
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.BrowserScripts;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.PassSigning;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;

/**
 * The two pages in headless Chromium ({@code /usr/bin/chromium}, driven by playwright-core through
 * {@code src/test/browser/pos-pages.mjs}) against this service and the devnet: the customer signs
 * in with a devnet wallet injected as an EIP-1193 provider, the pass page draws the QR code, and
 * the scanner page reads that very image (a screenshot of it, as a photo and through Chromium's
 * fake camera) and shows the result; also a stale pass, a wrong PIN, the lockout, the renewal and a
 * paused store.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PointOfSalePagesTest {

  /** Anvil's dev account #7 (unlocked on the devnet's nodes): the customer's wallet. */
  static final String CUSTOMER = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

  static final ObjectMapper JSON = new ObjectMapper();

  @TestHTTPResource("/")
  URL base;

  @Inject Pool pool;
  @Inject SigningKeys signingKeys;

  @Test
  void theCustomersQrCode_isReadByTheTill_andTheStaffScreenShowsTheResult() throws Exception {
    assertThat(Path.of("/usr/bin/chromium"))
        .as("Debian's chromium package (apt-get install -y chromium; .ci/run installs it)")
        .exists();
    PointOfSaleTest.Owner owner = owner(5);
    String merchant = PointOfSaleTest.store(owner);
    PointOfSaleTest.addScanner(owner.key(), merchant, "2580").then().statusCode(200);
    // the pass page reads the store's public view, which only a published store has
    RestAssured.given()
        .header("X-API-Key", owner.key())
        .post("/v1/merchants/" + merchant + "/directory")
        .then()
        .statusCode(200);
    String lockMerchant = PointOfSaleTest.store(owner(1));
    Payments.fund(8453, CUSTOMER, Payments.USDC_BASE, 150_000_000L);
    Payments.mine(8453, 1);

    PassSigning past =
        new PassSigning(
            new DualAttestationSigner(
                signingKeys, URI.create("http://localhost"), StatementLog.NONE),
            signingKeys,
            Clock.fixed(Instant.now().minusSeconds(90), ZoneOffset.UTC));
    String stale =
        past.sign(new InStorePass(EvmAddress.of(CUSTOMER), Instant.now().minusSeconds(90))).code();

    ObjectNode input = JSON.createObjectNode();
    input.put("baseUrl", base.toString().replaceAll("/$", "").replace("127.0.0.1", "localhost"));
    input.put("rpcUrl", Devnet.shared().rpcUrl(8453).toString());
    input.put("chainId", 8453);
    input.put("account", CUSTOMER);
    input.put("merchantId", merchant);
    input.put("pin", "2580");
    input.put("wrongPin", "0000");
    input.put("ownerKey", owner.key());
    input.put("lockMerchantId", lockMerchant);
    input.put("staleCode", stale);
    JsonNode seen = BrowserScripts.run("pos-pages.mjs", input, 180);

    assertThat(seen.get("passWallet").asText()).contains(CUSTOMER);
    assertThat(seen.get("wrongPin").asText()).contains("Wrong scanner PIN");
    assertThat(seen.get("storeTitle").asText()).isEqualTo("Shop " + merchant);
    assertThat(seen.get("tillTiers").asText())
        .as("the till shows the store's tiers")
        .contains(
            "Discounts at Shop " + merchant, "Bronze", "10 USDC", "5%", "Gold", "100 USDC", "10%");
    assertThat(seen.get("passHeading").asText()).isEqualTo("My pass for Shop " + merchant);
    assertThat(seen.get("passPurpose").asText()).contains("holds no money", "discount");
    assertThat(seen.get("passTiers").asText()).contains("Gold", "100 USDC", "10%");
    assertThat(seen.get("passFits").asBoolean()).as("the pass page fits a phone's width").isTrue();
    assertThat(seen.get("tillFits").asBoolean())
        .as("the scanner page fits a phone's width")
        .isTrue();

    JsonNode scan = seen.get("scan");
    assertThat(scan.get("status").asText()).isEqualTo("RECOGNIZED");
    assertThat(scan.get("discount").asText()).isEqualTo("10%");
    assertThat(scan.get("tier").asText()).isEqualTo("Tier: Gold");
    assertThat(scan.get("className").asText()).isEqualTo("ok");
    assertThat(scan.get("statusHeight").asDouble()).as("shown large").isGreaterThan(30);

    JsonNode camera = seen.get("cameraScan");
    assertThat(camera.get("status").asText()).as("read from the camera").isEqualTo("RECOGNIZED");
    assertThat(camera.get("discount").asText()).isEqualTo("10%");
    assertThat(camera.get("tier").asText()).isEqualTo("Tier: Gold");

    JsonNode staleScan = seen.get("stale");
    assertThat(staleScan.get("status").asText()).isEqualTo("NOT RECOGNIZED");
    assertThat(staleScan.get("discount").asText()).isEqualTo("0%");
    assertThat(staleScan.get("detail").asText()).contains("expired");

    assertThat(seen.get("renewedDiffers").asBoolean()).as("the pass page drew a new code").isTrue();
    assertThat(seen.get("renewedScan").get("status").asText()).isEqualTo("RECOGNIZED");

    assertThat(seen.get("pauseStatus").asInt()).isEqualTo(200);
    JsonNode paused = seen.get("pausedScan");
    assertThat(paused.get("status").asText()).isEqualTo("PAUSED");
    assertThat(paused.get("paused").asText()).isEqualTo("Store paused");
    assertThat(paused.get("className").asText()).isEqualTo("paused");

    JsonNode lockout = seen.get("lockout");
    assertThat(lockout).hasSize(6);
    for (int i = 0; i < 5; i++) {
      assertThat(lockout.get(i).asText()).contains("Wrong scanner PIN");
    }
    assertThat(lockout.get(5).asText()).contains("locked after 5 wrong PINs");

    // three recognized scans with a discount (photo, camera, renewed pass), nothing for the stale
    // or the paused one
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(2);
  }

  private PointOfSaleTest.Owner owner(long credits) {
    var key =
        org.walletstate.adapters.http.testbed.TestKeys.create(
            pool, credits, 1_000_000, org.walletstate.domain.payload.KeyVersion.V2);
    return new PointOfSaleTest.Owner(key.secret(), key.id());
  }
}
