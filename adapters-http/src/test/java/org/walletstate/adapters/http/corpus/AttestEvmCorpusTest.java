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
 * The answer corpus of {@code POST /v1/attest} on the EVM chains: every condition type, met and not
 * met, with and without Merkle proofs, and the JWT format, for the corpus's own wallets and
 * contracts (see docs/testing.md, "Answer corpus").
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class AttestEvmCorpusTest {

  @Inject Pool pool;

  @TestFactory
  List<DynamicTest> answers() {
    EvmCorpusState.write();
    return new CorpusRunner("attest-evm", new Callers(pool)).tests();
  }
}
