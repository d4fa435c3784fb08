package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.account;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/** What an attestation costs, what the caller is told, and what the ledger records. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestCreditsTest {

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @BeforeEach
  @AfterEach
  void resetProxy() {
    chain10.reset();
  }

  /** A condition on chain 10, so the proxy in front of it shows whether anything was read. */
  private Map<String, Object> request() {
    return body(m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), "1"));
  }

  @Test
  void attest_chargesOneCreditPerCall_andTheMetaSaysSo() {
    TestKeys.TestKey key = TestKeys.create(pool, 3, 100, KeyVersion.V2);

    Response first = attest(key.secret(), request());
    Response second = attest(key.secret(), request());

    first.then().body("meta.creditsCharged", equalTo(1)).body("meta.creditsRemaining", equalTo(2));
    second.then().body("meta.creditsCharged", equalTo(1)).body("meta.creditsRemaining", equalTo(1));
    VerifiedAttestation one = verified(first);
    VerifiedAttestation two = verified(second);
    List<Ledger.Entry> ledger = Ledger.entries(pool, key.id());
    assertThat(ledger).extracting(Ledger.Entry::kind).containsExactly("grant", "debit", "debit");
    assertThat(ledger).extracting(Ledger.Entry::amount).containsExactly(3L, -1L, -1L);
    assertThat(ledger.get(1).requestId()).isEqualTo(one.id());
    assertThat(ledger.get(2).requestId()).isEqualTo(two.id());
    assertThat(account(key.secret()).credits()).isEqualTo(1);
  }

  @Test
  void theLastCredit_isSpent_thenTheNextCallIs402() {
    TestKeys.TestKey key = TestKeys.create(pool, 1, 100, KeyVersion.V2);

    verified(attest(key.secret(), request())).results().forEach(r -> assertThat(r.met()).isTrue());
    chain10.reset();
    Response refused = attest(key.secret(), request());

    refused
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(402))
        .body(
            "error.message",
            equalTo(
                "Insufficient credits: 0 available, 1 required. Top up with POST"
                    + " /v1/credits/buy."));
    assertThat(chain10.counts().requests()).as("nothing read").isZero();
    assertThat(Ledger.balance(pool, key.id())).isZero();
  }

  @Test
  void aKeyWithoutCredits_gets402BeforeAnyChainIsRead() {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);

    attest(key.secret(), request())
        .then()
        .statusCode(402)
        .body(
            "error.message",
            equalTo(
                "Insufficient credits: 0 available, 1 required. Top up with POST"
                    + " /v1/credits/buy."));

    assertThat(chain10.counts().requests()).as(chain10.counts().toString()).isZero();
    assertThat(Ledger.entries(pool, key.id())).isEmpty();
  }

  @Test
  void proofMerkle_isCheckedAtTwoCredits_andRefusedWhenOnlyOneIsLeft() {
    TestKeys.TestKey key = TestKeys.create(pool, 1, 100, KeyVersion.V2);

    attest(key.secret(), withMember(request(), "proof", "merkle"))
        .then()
        .statusCode(402)
        .body(
            "error.message",
            equalTo(
                "Insufficient credits: 1 available, 2 required. Top up with POST"
                    + " /v1/credits/buy."));

    assertThat(chain10.counts().requests()).isZero();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(1);
  }

  @Test
  void theDailyLimit_is429WithRetryAfter_andCostsNoCredit() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 1, KeyVersion.V2);

    verified(attest(key.secret(), request()));
    Response limited = attest(key.secret(), request());

    limited
        .then()
        .statusCode(429)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(429))
        .header("X-RateLimit-Limit", "1")
        .header("X-RateLimit-Remaining", "0");
    assertThat(limited.jsonPath().getString("error.message"))
        .startsWith("Daily limit of 1 requests reached; it resets at ");
    assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 86_400L);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant", "debit");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(4);
  }

  /* A declined proof refunds the premium against its debit: AttestProofsTest. */
  @Test
  void proofMerkle_aDeliveredProofCostsTwoCreditsWithNoRefund() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    Response response = attest(key.secret(), withMember(request(), "proof", "merkle"));

    response
        .then()
        .body("meta.creditsCharged", equalTo(2))
        .body("meta.creditsRemaining", equalTo(3))
        .body("data.attestation.results[0].proof.available", equalTo(true));
    VerifiedAttestation attestation = verified(response);
    List<Ledger.Entry> ledger = Ledger.entries(pool, key.id());
    assertThat(ledger).extracting(Ledger.Entry::kind).containsExactly("grant", "debit");
    assertThat(ledger).extracting(Ledger.Entry::amount).containsExactly(5L, -2L);
    assertThat(ledger.get(1).requestId()).isEqualTo(attestation.id());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(3);
  }
}
