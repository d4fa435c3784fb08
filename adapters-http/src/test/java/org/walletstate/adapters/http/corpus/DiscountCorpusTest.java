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
 * The answer corpus of a merchant's set-up and its discount paths (check, verify, ACP and UCP) for
 * the corpus's own store, whose owner key is fresh for the run, and their refusals (see
 * docs/testing.md, "Answer corpus"). The requests depend on each other and run in file order.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class DiscountCorpusTest {

  @Inject Pool pool;

  @TestFactory
  List<DynamicTest> answers() {
    EvmCorpusState.write();
    Callers callers = new Callers(pool);
    callers.with("owner", callers.freshKey()).with("stranger", callers.freshKey());
    return new CorpusRunner("discounts", callers).tests();
  }
}
