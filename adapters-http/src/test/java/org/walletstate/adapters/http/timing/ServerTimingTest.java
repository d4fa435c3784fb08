package org.walletstate.adapters.http.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code Server-Timing} on an attestation: the chain reads of each chain and the ledger's
 * statements, as the chain-state port and the ledger observed them for this request.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class ServerTimingTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  private static double duration(String header, String metric) {
    Matcher found = Pattern.compile(Pattern.quote(metric) + ";dur=([0-9.]+)").matcher(header);
    assertThat(found.find()).as(metric + " in " + header).isTrue();
    return Double.parseDouble(found.group(1));
  }

  @Test
  void anAttestation_saysWhatItsChainReadsAndTheLedgerTook() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    Response signed =
        attest(
            key.secret(),
            body(
                m.wallet("holder").address(),
                tokenBalance(10, m.chain(10).address("token6"), "1"),
                tokenBalance(8453, m.chain(8453).address("usdc"), "1")));

    assertThat(signed.statusCode()).as(signed.asString()).isEqualTo(200);
    String header = signed.header("Server-Timing");
    assertThat(header).isNotNull();
    assertThat(duration(header, "chain;desc=\"10\"")).isPositive();
    assertThat(duration(header, "chain;desc=\"8453\"")).isPositive();
    assertThat(duration(header, "ledger")).isPositive();
  }
}
