package org.walletstate.adapters.persistence.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.persistence.PostgresTestResource;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.request.RequestValue;

/**
 * Scanners on PostgreSQL: the limit and PIN uniqueness hold, a removed scanner's sessions end, and
 * the lockout lets no more than five of many parallel attempts through in one window.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgScannerStoreTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration LOCK = Duration.ofMinutes(15);

  @Inject PgScannerStore store;
  @Inject PgMerchantStore merchants;
  @Inject Pool pool;

  private long key() {
    String hash = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
    return pool.preparedQuery(
            "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                + " created_at) values ($1, 'scanner test', 'pro', 2, 100, 0, now()) returning id")
        .execute(Tuple.of(hash))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("id");
  }

  private CompanyId merchant(long key) {
    String id = "sc-" + UUID.randomUUID().toString().substring(0, 8);
    NewMerchant request =
        NewMerchant.parse(
            new RequestValue.Obj(
                Map.of(
                    "companyName", new RequestValue.Text(id),
                    "companyId", new RequestValue.Text(id))));
    Merchant m = Merchant.create(request, key, false, Instant.now().truncatedTo(ChronoUnit.MILLIS));
    merchants.create(new MerchantStore.NewRow(m, id, false, 10)).await().atMost(WAIT);
    store.salt(m.id(), new byte[16]).await().atMost(WAIT);
    return m.id();
  }

  private ScannerStore.NewScanner scanner(String hash) {
    return new ScannerStore.NewScanner(
        "scn_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16),
        Optional.of("till"),
        hash,
        Instant.now().truncatedTo(ChronoUnit.MILLIS));
  }

  @Test
  void add_holdsTheLimitAndPinUniqueness_andOnlyForTheOwner() {
    long key = key();
    CompanyId id = merchant(key);
    assertThat(store.add(id, key + 1_000_000, scanner("h0"), 2).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Added.NotOwner.class);
    assertThat(
            store
                .add(CompanyId.parse("no-such-store-x"), key, scanner("h0"), 2)
                .await()
                .atMost(WAIT))
        .isInstanceOf(ScannerStore.Added.NotFound.class);
    assertThat(store.add(id, key, scanner("h1"), 2).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Added.Done.class);
    assertThat(store.add(id, key, scanner("h1"), 2).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Added.PinTaken.class);
    assertThat(store.add(id, key, scanner("h2"), 2).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Added.Done.class);
    assertThat(store.add(id, key, scanner("h3"), 2).await().atMost(WAIT))
        .isEqualTo(new ScannerStore.Added.LimitReached(2));
    var listed = store.list(id, key).await().atMost(WAIT);
    @SuppressWarnings("unchecked")
    List<Scanner> scanners = ((MerchantStore.Access.Done<List<Scanner>>) listed).result();
    assertThat(scanners).hasSize(2);
    assertThat(store.list(id, key + 1_000_000).await().atMost(WAIT))
        .isInstanceOf(MerchantStore.Access.NotOwner.class);
  }

  @Test
  void removing_aScanner_endsItsSessions() {
    long key = key();
    CompanyId id = merchant(key);
    var added = (ScannerStore.Added.Done) store.add(id, key, scanner("hx"), 5).await().atMost(WAIT);
    byte[] token = UUID.randomUUID().toString().getBytes();
    Instant now = Instant.now();
    store
        .openSession(token, id, added.scanner().id(), now.plusSeconds(600), now)
        .await()
        .atMost(WAIT);
    assertThat(store.session(token, now).await().atMost(WAIT)).contains(id);
    assertThat(store.session(token, now.plusSeconds(601)).await().atMost(WAIT)).isEmpty();
    assertThat(store.remove(id, key, added.scanner().id()).await().atMost(WAIT))
        .isEqualTo(ScannerStore.Removed.DONE);
    assertThat(store.session(token, now).await().atMost(WAIT)).isEmpty();
    assertThat(store.remove(id, key, added.scanner().id()).await().atMost(WAIT))
        .isEqualTo(ScannerStore.Removed.NO_SUCH_SCANNER);
  }

  @Test
  void manyParallelAttempts_onlyFiveAreLetThrough_thenTheLockHoldsFifteenMinutes() {
    CompanyId id = merchant(key());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    List<Uni<ScannerStore.Attempt>> attempts = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      attempts.add(store.attempt(id, now, 5, LOCK));
    }
    List<ScannerStore.Attempt> outcomes =
        Uni.join().all(attempts).andCollectFailures().await().atMost(WAIT);
    List<Integer> allowed = new ArrayList<>();
    for (ScannerStore.Attempt outcome : outcomes) {
      if (outcome instanceof ScannerStore.Attempt.Allowed a) {
        allowed.add(a.failures());
      } else {
        assertThat(((ScannerStore.Attempt.Locked) outcome).until()).isEqualTo(now.plus(LOCK));
      }
    }
    assertThat(allowed).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    assertThat(store.attempt(id, now.plus(LOCK).minusSeconds(1), 5, LOCK).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Attempt.Locked.class);
    assertThat(store.attempt(id, now.plus(LOCK), 5, LOCK).await().atMost(WAIT))
        .isEqualTo(new ScannerStore.Attempt.Allowed(1));
  }

  @Test
  void aRightPin_takesBackItsOwnCountOnly() {
    CompanyId id = merchant(key());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 1; i <= 4; i++) {
      assertThat(store.attempt(id, now, 5, LOCK).await().atMost(WAIT))
          .isEqualTo(new ScannerStore.Attempt.Allowed(i));
    }
    assertThat(store.attempt(id, now, 5, LOCK).await().atMost(WAIT))
        .isEqualTo(new ScannerStore.Attempt.Allowed(5));
    store.succeeded(id, 5).await().atMost(WAIT);
    assertThat(store.attempt(id, now, 5, LOCK).await().atMost(WAIT))
        .isEqualTo(new ScannerStore.Attempt.Allowed(5));
    assertThat(store.attempt(id, now, 5, LOCK).await().atMost(WAIT))
        .isInstanceOf(ScannerStore.Attempt.Locked.class);
    // failures older than the window no longer count
    CompanyId other = merchant(key());
    store.attempt(other, now, 5, LOCK).await().atMost(WAIT);
    assertThat(store.attempt(other, now.plus(LOCK).plusSeconds(1), 5, LOCK).await().atMost(WAIT))
        .isEqualTo(new ScannerStore.Attempt.Allowed(1));
  }
}
