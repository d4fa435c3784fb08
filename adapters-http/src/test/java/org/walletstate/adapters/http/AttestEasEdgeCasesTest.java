package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.rawEas;
import static org.walletstate.adapters.http.testbed.Conditions.template;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;
import org.walletstate.verifier.VerifiedResult;

/**
 * Attestations that exist but must not count: each is a signed {@code met: false}, never an error.
 * The devnet builds every case on both template chains (Coinbase's indexer on 8453, Human
 * Passport's resolver on 10).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestEasEdgeCasesTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();
  private TestKeys.TestKey key;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"revoked", "expired", "wrongSchema", "wrongAttester", "recipientMismatch"})
  void anAttestationThatMustNotCount_isASignedMetFalse_onBothTemplateChains(String walletName) {
    VerifiedAttestation attestation =
        verified(
            attest(
                key.secret(),
                body(
                    m.wallet(walletName).address(),
                    template("exchange_verified_account"),
                    template("humanity_passport_score"),
                    template("humanity_passport_active"))));

    assertThat(attestation.results()).extracting(VerifiedResult::met).containsOnly(false);
    assertThat(attestation.pass()).isFalse();
    assertThat(attestation.results())
        .extracting(r -> r.asJson().get("chainId").asLong())
        .containsExactly(8453L, 10L, 10L);
  }

  @Test
  void revokedAndExpiredCountryAttestations_areNotMet_whileTheHoldersIs() {
    VerifiedAttestation revoked =
        verified(
            attest(
                key.secret(),
                body(m.wallet("revoked").address(), template("exchange_verified_country"))));
    VerifiedAttestation expired =
        verified(
            attest(
                key.secret(),
                body(m.wallet("expired").address(), template("exchange_verified_country"))));
    VerifiedAttestation holder =
        verified(
            attest(
                key.secret(),
                body(m.wallet("holder").address(), template("exchange_verified_country"))));

    assertThat(revoked.results().get(0).met()).isFalse();
    assertThat(expired.results().get(0).met()).isFalse();
    assertThat(holder.results().get(0).met()).isTrue();
  }

  @Test
  void aWrongSchemaFiledUnderTheRightKey_isCaughtOnTheRecordItself_inTheRawFormToo() {
    // the indexer files a verifiedCountry attestation under (wallet, verifiedAccount)
    VerifiedAttestation attestation =
        verified(
            attest(
                key.secret(),
                body(
                    m.wallet("wrongSchema").address(),
                    rawEas(
                        8453,
                        m.chain(8453).schemaUid("verifiedAccount"),
                        m.chain(8453).address("exchangeIndexer")))));

    assertThat(attestation.results().get(0).met()).isFalse();
  }

  @Test
  void aRawFormPointingAtAContractWithoutTheLookup_isAnRpcFailure_neverAVerdict() {
    // EAS's own Indexer on chain 10 has no getAttestationUid: the call reverts, so the attestation
    // cannot be looked up. That is unavailable, not "no attestation"; nothing is charged.
    long credits = Ledger.balance(pool, key.id());

    attest(
            key.secret(),
            body(
                m.wallet("holder").address(),
                rawEas(10, m.chain(10).schemaUid("score"), m.chain(10).address("easIndexer"))))
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].source", equalTo("attestation_read"))
        .body("error.failedConditions[0].chainId", equalTo(10))
        .body("error.failedConditions[0].message", equalTo("attestation index could not be read"));

    assertThat(Ledger.balance(pool, key.id())).isEqualTo(credits);
  }
}
