package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.KeyAdmission.Admission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgKeyAdmissionTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final LocalDate DAY = LocalDate.of(2026, 11, 21);

  @Inject PgKeyAdmission admission;
  @Inject Pool pool;

  /** A stored key (as the service stores them: hash only) with a balance and a daily limit. */
  private ApiKeyHash key(long credits, int dailyLimit) {
    byte[] random = UUID.randomUUID().toString().substring(0, 20).getBytes();
    ApiKeyHash hash = ApiKey.fromRandom(random).hash();
    pool.preparedQuery(
            "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                + " created_at) values ($1, 'admission test', 'pro', 1, $2, $3, $4)")
        .execute(Tuple.of(hash.hex(), dailyLimit, credits, OffsetDateTime.now(ZoneOffset.UTC)))
        .await()
        .atMost(WAIT);
    return hash;
  }

  @Test
  void aKnownKeyIsCountedAndComesWithItsAccountAndBalance() {
    ApiKeyHash hash = key(42, 5);
    Admission first = admission.admit(hash, DAY).await().atMost(WAIT);
    assertThat(first).isInstanceOf(Admission.Counted.class);
    Admission.Counted counted = (Admission.Counted) first;
    assertThat(counted.used()).isEqualTo(1);
    KeyAccount account = counted.account();
    assertThat(account.plan()).isEqualTo(Plan.PRO);
    assertThat(account.version()).isEqualTo(KeyVersion.V1);
    assertThat(account.dailyLimit()).isEqualTo(5);
    assertThat(account.credits()).isEqualTo(OptionalLong.of(42));
    assertThat(((Admission.Counted) admission.admit(hash, DAY).await().atMost(WAIT)).used())
        .isEqualTo(2);
  }

  @Test
  void anUnknownKeyCountsNothing() {
    ApiKeyHash unknown = ApiKey.fromRandom("unknown key bytes 20".getBytes()).hash();
    long before = usageRows();
    assertThat(admission.admit(unknown, DAY).await().atMost(WAIT))
        .isEqualTo(new Admission.Unknown());
    assertThat(usageRows()).isEqualTo(before);
  }

  private long usageRows() {
    return pool.query("select count(*) c from key_daily_usage")
        .execute()
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("c");
  }

  @Test
  void concurrentRequests_areCountedUpToTheLimitAndNoFurther() {
    ApiKeyHash hash = key(1, 50);
    List<Uni<Admission>> admissions = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      admissions.add(admission.admit(hash, DAY));
    }
    List<Admission> outcomes =
        Uni.join().all(admissions).usingConcurrencyOf(60).andFailFast().await().atMost(WAIT);
    assertThat(outcomes.stream().filter(a -> a instanceof Admission.Counted)).hasSize(50);
    assertThat(outcomes.stream().filter(a -> a instanceof Admission.LimitReached)).hasSize(10);
    assertThat(
            outcomes.stream()
                .filter(a -> a instanceof Admission.Counted)
                .map(a -> ((Admission.Counted) a).used()))
        .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 50).boxed().toList());
  }

  @Test
  void eachUtcDayStartsAgain() {
    ApiKeyHash hash = key(1, 1);
    assertThat(admission.admit(hash, DAY).await().atMost(WAIT))
        .isInstanceOf(Admission.Counted.class);
    Admission limited = admission.admit(hash, DAY).await().atMost(WAIT);
    assertThat(limited).isInstanceOf(Admission.LimitReached.class);
    assertThat(((Admission.LimitReached) limited).account().dailyLimit()).isEqualTo(1);
    assertThat(admission.admit(hash, DAY.plusDays(1)).await().atMost(WAIT))
        .isEqualTo(new Admission.Counted(((Admission.LimitReached) limited).account(), 1));
  }
}
