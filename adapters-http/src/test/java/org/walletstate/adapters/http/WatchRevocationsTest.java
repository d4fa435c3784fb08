package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.adapters.http.testbed.WebhookTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Revocations as watched changes on the devnet's chain 8453, each made on the real contract after
 * the watch is created: an ERC-7710 delegation disabled on MetaMask's DelegationManager by its
 * delegator (through the delegation framework's toolkit), and an EAS attestation made, indexed and
 * then revoked by the exchange template's attester on EAS. Each is delivered once, verified by the
 * SDK, {@code pass} false, anchored at the block of the revoking transaction: anvil mines a block
 * per transaction and nothing else mines 8453 meanwhile, so the first head the evaluation reads
 * after the revocation is that block.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchRevocationsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long BASE = 8453;
  private static final long YEAR_2100 = 4_102_444_800L;
  private static final SecureRandom RANDOM = new SecureRandom();
  // EAS: attest((bytes32,(address,uint64,bool,bytes32,bytes,uint256))),
  // revoke((bytes32,(bytes32,uint256))), Attested(address,address,bytes32,bytes32); the indexer's
  // indexAttestation(bytes32)
  private static final String ATTEST = "0xf17325e7";
  private static final String REVOKE = "0x46926267";
  private static final String ATTESTED =
      "0x8bf46bf4cfd674fa735a3d63ec1c9ad4153f033c290341f3a588b75685141b35";
  private static final String INDEX = "0xbbbdc818";

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final JsonRpc rpc = devnet.rpc(BASE);

  @BeforeEach
  @AfterEach
  void everyReadPasses() {
    DevnetTestResource.chain8453().reset();
  }

  @Test
  void aRevokedDelegation_isDeliveredOnce_signedAndFalseAtTheBlockOfTheRevocation()
      throws Exception {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(m.wallet("delegator").privateKey().orElseThrow()));
    request.put("delegate", m.wallet("holder").address());
    request.put("salt", "0x" + hex(16));
    request.put(
        "caveats",
        List.of(Map.of("type", "timestamp", "afterThreshold", 0, "beforeThreshold", YEAR_2100)));
    JsonNode made = devnet.delegationToolkit().make(JSON.valueToTree(request));
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "erc7710_delegation");
    condition.put("chainId", BASE);
    condition.put("delegationManager", made.path("delegationManager").asText());
    condition.put("expectedDelegator", made.path("delegation").path("delegator").asText());
    condition.put("delegation", JSON.convertValue(made.path("delegation"), Map.class));

    JsonNode result =
        deliveredOnRevocation(
            body(m.wallet("holder").address(), condition),
            () -> {
              // the same request again, now with the delegator disabling it on chain
              request.put("revokeOn", devnet.rpcUrl(BASE).toString());
              JsonNode revoked = devnet.delegationToolkit().make(JSON.valueToTree(request));
              assertThat(revoked.path("delegationHash").asText())
                  .isEqualTo(made.path("delegationHash").asText());
              return revoked.path("revokedInBlock").asLong();
            });

    assertThat(result.path("failReason").asText()).isEqualTo("revoked");
    assertThat(result.path("evaluatedCondition").path("delegationHash").asText())
        .isEqualTo(made.path("delegationHash").asText());
  }

  @Test
  void aRevokedEasAttestation_isDeliveredOnce_signedAndFalseAtTheBlockOfTheRevocation()
      throws Exception {
    DevnetManifest.ChainInfo base = m.chain(BASE);
    String eas = base.address("eas");
    String schema = base.schemaUid("verifiedAccount");
    String attester = base.attestation("holder.verifiedAccount").attester();
    rpc.call("anvil_impersonateAccount", attester);
    rpc.call("anvil_setBalance", attester, "0xde0b6b3a7640000");
    String recipient = "0x" + hex(20);

    // attest(schema, {recipient, expirationTime 0, revocable, refUID 0, abi.encode(true), value 0})
    String attest =
        ATTEST
            + word(0x20)
            + schema.substring(2)
            + word(0x40)
            + "0".repeat(24)
            + recipient.substring(2)
            + word(0)
            + word(1)
            + word(0)
            + word(0xc0)
            + word(0)
            + word(0x20)
            + word(1);
    JsonNode attested = mined(attester, eas, attest);
    String uid = null;
    for (JsonNode log : attested.path("logs")) {
      if (ATTESTED.equals(log.path("topics").get(0).asText())) {
        uid = log.path("data").asText();
      }
    }
    assertThat(uid).as(attested.toString()).isNotNull();
    mined(attester, base.address("exchangeIndexer"), INDEX + uid.substring(2));
    String revoke = REVOKE + schema.substring(2) + uid.substring(2) + word(0);

    JsonNode result =
        deliveredOnRevocation(
            body(recipient, template("exchange_verified_account")),
            () -> Long.decode(mined(attester, eas, revoke).path("blockNumber").asText()));

    assertThat(result.path("met").asBoolean()).isFalse();
  }

  /** The block a revocation is mined in. */
  private interface Revocation {
    long revoke();
  }

  /**
   * Watches {@code attestBody} (met when created), revokes, and checks the one delivery: its
   * signature, the SDK's verification, {@code pass} false, its anchor the revocation's block, its
   * history and its single charge. The delivered result of the one condition.
   */
  private JsonNode deliveredOnRevocation(Map<String, Object> attestBody, Revocation revocation)
      throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Response created = Watches.create(key, attestBody, receiver.url());
      assertThat(created.jsonPath().getBoolean("data.watch.pass")).as(created.asString()).isTrue();
      String id = created.jsonPath().getString("data.watch.id");

      long block = revocation.revoke();
      Watches.await("the revocation is delivered", () -> !receiver.received().isEmpty());
      Thread.sleep(2_000); // a few more evaluations and delivery runs: nothing more may arrive

      VerifiedAttestation attestation =
          Watches.onlyDelivery(receiver, created.jsonPath().getString("data.webhookSecret"));
      assertThat(attestation.pass()).isFalse();
      JsonNode result = attestation.results().get(0).asJson();
      assertThat(result.path("met").asBoolean()).isFalse();
      assertThat(result.path("chainId").asLong()).isEqualTo(BASE);
      assertThat(Long.decode(result.path("blockNumber").asText())).isEqualTo(block);

      Response history = Watches.deliveries(key, id);
      assertThat(history.jsonPath().getList("data.deliveries")).hasSize(1);
      assertThat(history.jsonPath().getString("data.deliveries[0].status")).isEqualTo("delivered");
      assertThat(history.jsonPath().getString("data.deliveries[0].attestationId"))
          .isEqualTo(attestation.id());
      Watches.watch(key, id).then().body("data.pass", org.hamcrest.Matchers.equalTo(false));
      assertThat(Ledger.entries(pool, key.id()))
          .extracting(Ledger.Entry::requestId)
          .containsOnlyOnce(attestation.id());
      return result;
    }
  }

  /** Sends {@code data} to {@code to} as {@code from}; its receipt, once mined and successful. */
  private JsonNode mined(String from, String to, String data) {
    String tx = rpc.sendTransaction(Map.of("from", from, "to", to, "data", data, "gas", "0x7a120"));
    JsonNode receipt = rpc.minedReceipt(tx);
    assertThat(receipt.path("status").asText()).as(receipt.toString()).isEqualTo("0x1");
    return receipt;
  }

  private static String word(long value) {
    String hex = Long.toHexString(value);
    return "0".repeat(64 - hex.length()) + hex;
  }

  private static String hex(int bytes) {
    byte[] random = new byte[bytes];
    RANDOM.nextBytes(random);
    return HexFormat.of().formatHex(random);
  }
}
