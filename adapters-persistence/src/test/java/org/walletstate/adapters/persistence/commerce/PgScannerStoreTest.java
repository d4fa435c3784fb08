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
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerLockout;
import org.walletstate.domain.request.RequestValue;

/**
 * Scanners on PostgreSQL: the limit and PIN uniqueness hold, a removed scanner's sessions end, and
 * the lockout lets no more of many parallel attempts through in one window than it allows one
 * address (five) and all addresses together (the store-wide ceiling).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgScannerStoreTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration LOCK = Duration.ofMinutes(15);

  @Inject PgScannerStore store;
  @Inject PgScannerLockouts lockouts;
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
        CreateMerchantCommands.newMerchant(
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

  private ScannerLockout.Decision attempt(CompanyId id, String client, Instant at) {
    return lockouts.attempt(id, client, at).await().atMost(WAIT);
  }

  private static int remaining(ScannerLockout.Decision decision) {
    return ((ScannerLockout.Decision.Allowed) decision).remaining();
  }

  @Test
  void manyParallelAttempts_fromOneAddress_onlyFiveAreLetThrough_thenItsLockHoldsFifteenMinutes() {
    CompanyId id = merchant(key());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    List<Uni<ScannerLockout.Decision>> attempts = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      attempts.add(lockouts.attempt(id, "client-a", now));
    }
    List<ScannerLockout.Decision> outcomes =
        Uni.join().all(attempts).andCollectFailures().await().atMost(WAIT);
    List<Integer> allowed = new ArrayList<>();
    for (ScannerLockout.Decision outcome : outcomes) {
      if (outcome instanceof ScannerLockout.Decision.Allowed a) {
        allowed.add(a.remaining());
      } else {
        assertThat(outcome).isEqualTo(new ScannerLockout.Decision.Locked(now.plus(LOCK), false));
      }
    }
    assertThat(allowed).containsExactlyInAnyOrder(4, 3, 2, 1, 0);
    assertThat(attempt(id, "client-a", now.plus(LOCK).minusSeconds(1)))
        .isInstanceOf(ScannerLockout.Decision.Locked.class);
    // another address is not locked out by the first one's guesses
    assertThat(remaining(attempt(id, "client-b", now))).isEqualTo(4);
    assertThat(remaining(attempt(id, "client-a", now.plus(LOCK)))).isEqualTo(4);
  }

  @Test
  void manyParallelAttempts_fromManyAddresses_stopAtTheStoreCeiling_andAlertOnce() {
    CompanyId id = merchant(key());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    List<Uni<ScannerLockout.Decision>> attempts = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      attempts.add(lockouts.attempt(id, "client-" + (i % 20), now));
    }
    List<ScannerLockout.Decision> outcomes =
        Uni.join().all(attempts).andCollectFailures().await().atMost(WAIT);
    long through =
        outcomes.stream().filter(ScannerLockout.Decision.Allowed.class::isInstance).count();
    long alerts =
        outcomes.stream()
            .filter(o -> o instanceof ScannerLockout.Decision.Allowed a && a.storeLocked())
            .count();
    assertThat(through).isEqualTo(ScannerLockout.STORE_CEILING);
    assertThat(alerts).isEqualTo(1);
    assertThat(
            pool.preparedQuery(
                    "select alerted_at from scanner_login l join merchant m on m.id ="
                        + " l.merchant_id where m.id_key = $1")
                .execute(Tuple.of(id.key()))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getOffsetDateTime("alerted_at"))
        .isNotNull();
    assertThat(attempt(id, "client-new", now.plusSeconds(1)))
        .isEqualTo(new ScannerLockout.Decision.Locked(now.plus(LOCK), true));
  }

  @Test
  void aRightPin_takesBackItsOwnCountOnly_andItsAddressOutlastsTheStoreWideLock() {
    CompanyId id = merchant(key());
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 1; i <= 4; i++) {
      assertThat(remaining(attempt(id, "till", now))).isEqualTo(5 - i);
    }
    assertThat(remaining(attempt(id, "till", now))).isZero();
    lockouts.succeeded(id, "till", now).await().atMost(WAIT);
    assertThat(remaining(attempt(id, "till", now))).isZero();
    assertThat(attempt(id, "till", now)).isInstanceOf(ScannerLockout.Decision.Locked.class);

    // strangers reach the store-wide ceiling; the till that logged in is not kept out by it
    Instant later = now.plus(LOCK);
    for (int i = 0; i < ScannerLockout.STORE_CEILING; i++) {
      attempt(id, "stranger-" + (i / 5), later);
    }
    assertThat(attempt(id, "stranger-x", later))
        .isEqualTo(new ScannerLockout.Decision.Locked(later.plus(LOCK), true));
    assertThat(remaining(attempt(id, "till", later))).isEqualTo(4);
  }
}
