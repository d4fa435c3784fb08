package org.walletstate.adapters.http.corpus;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;

/**
 * The answer corpus of {@code POST /v1/attest} on the chain families read from replays (Solana,
 * XRPL, Tron, Stellar, Sui, Bitcoin), each answering the corpus's own wallets at an anchor of the
 * corpus's own, and one request naming every family (see docs/testing.md, "Answer corpus").
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class ChainFamiliesCorpusTest {

  @Inject Pool pool;

  @TestFactory
  List<DynamicTest> answers() {
    EvmCorpusState.write();
    ReplayCorpusState.install();
    return new CorpusRunner("attest-chains", new Callers(pool)).tests();
  }

  @AfterAll
  static void emptyReplays() {
    ReplayCorpusState.uninstall();
  }
}
