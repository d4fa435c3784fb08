package org.walletstate.adapters.http.corpus;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;

/**
 * The answer corpus of {@code POST /v1/trust} and {@code /v1/trust/batch}, of {@code /mcp} (the
 * tool list, an attest call and a refused one) and of the x402 quotes ({@code 402} with {@code
 * PAYMENT-REQUIRED}) of paid calls (see docs/testing.md, "Answer corpus").
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class TrustMcpPaymentCorpusTest {

  @Inject Pool pool;

  @TestFactory
  List<DynamicTest> answers() {
    EvmCorpusState.write();
    return new CorpusRunner("trust-mcp-x402", new Callers(pool)).tests();
  }
}
