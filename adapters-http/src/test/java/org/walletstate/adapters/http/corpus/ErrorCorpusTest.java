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
 * The answer corpus of refusals: 400 validation errors of several kinds, 401, 402, 404, 405, 415,
 * 429 (a daily limit used up) and the 503 {@code rpc_failure} of a broken chain endpoint (the fault
 * proxy in front of chain 10), see docs/testing.md, "Answer corpus".
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class ErrorCorpusTest {

  @Inject Pool pool;

  @TestFactory
  List<DynamicTest> answers() {
    EvmCorpusState.write();
    return new CorpusRunner("errors", new Callers(pool)).tests();
  }
}
