package org.walletstate.adapters.http.verifiers;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The Solidity verifier ({@code verifier-sdk/solidity}) on attestation tokens of the running
 * service: {@code tools/check-live.mjs} registers the service's key set in a {@code
 * WalletStateVerifier} on an Osaka anvil (EIP-7951) and an OP Stack Isthmus anvil (RIP-7212) and
 * runs the checks of {@code tools/checks.mjs} against these tokens: valid ones verify (v2 and v1
 * kids) and admit their wallet at the example gate; tampered fields, a foreign key, an unregistered
 * kid, the wrong wallet, a failed attestation, a replay, claims in another layout and an expired
 * token are refused; a rotation keeps the service's keys verifying.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class LiveAnswersOnChainTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path CHECK = Path.of("../verifier-sdk/solidity/tools/check-live.mjs");
  private static final Path WORK = Path.of("target/onchain-verifier");

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  @Test
  void serviceTokens_verifyOnChainAndEveryAttackIsRefused() throws Exception {
    String holder = m.wallet("holder").address();
    String usdc = m.chain(8453).address("usdc");
    Map<String, Object> holds = body(holder, tokenBalance(8453, usdc, "100"));
    Map<String, Object> holdsTooMuch =
        body(holder, tokenBalance(8453, usdc, "100"), tokenBalance(8453, usdc, "1000000000"));
    Map<String, Object> other = body(m.wallet("empty").address(), tokenBalance(8453, usdc, "100"));

    ObjectNode corpus = JSON.createObjectNode();
    corpus.set("jwks", JSON.readTree(given().get("/v1/jwks").asString()));
    ObjectNode tokens = corpus.putObject("tokens");
    tokens.put("valid", token(KeyVersion.V2, holds, true));
    tokens.put("second", token(KeyVersion.V2, holds, true));
    tokens.put("v1", token(KeyVersion.V1, holds, true));
    tokens.put("failed", token(KeyVersion.V2, holdsTooMuch, false));
    tokens.put("otherWallet", token(KeyVersion.V2, other, false));

    Files.createDirectories(WORK);
    Path corpusFile = WORK.resolve("corpus.json");
    Path report = WORK.resolve("gas.json");
    Path log = WORK.resolve("check-live.log");
    Files.writeString(corpusFile, JSON.writeValueAsString(corpus), StandardCharsets.UTF_8);
    Process node =
        new ProcessBuilder("node", CHECK.toString(), corpusFile.toString(), report.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close();
    assertThat(node.waitFor(4, TimeUnit.MINUTES)).as("node finished").isTrue();
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(node.exitValue()).as(printed).isZero();
    assertThat(printed).contains("onchain: 52 passed, 0 failed");
    JsonNode gas = JSON.readTree(report.toFile()).get("gas");
    assertThat(gas).hasSize(2);
    for (JsonNode chain : gas) {
      assertThat(chain.get("verifyCall").asLong()).as(chain.toString()).isPositive();
      assertThat(chain.get("gateEnter").asLong()).as(chain.toString()).isPositive();
    }
  }

  /** The {@code jwt} of an answer requested with {@code format: "jwt"}, whose pass is as said. */
  private String token(KeyVersion version, Map<String, Object> request, boolean pass)
      throws Exception {
    String key = TestKeys.create(pool, 10, 100, version).secret();
    Response response = attest(key, withMember(request, "format", "jwt"));
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode data = JSON.readTree(response.asString()).get("data");
    assertThat(data.at("/attestation/pass").asBoolean()).as(response.asString()).isEqualTo(pass);
    return data.get("jwt").asText();
  }
}
