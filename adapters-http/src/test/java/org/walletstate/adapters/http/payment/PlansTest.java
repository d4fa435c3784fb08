package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Plans: moving a key between plans (the operator's {@code set_key_plan}) changes its plan and
 * daily limit together; a paid plan's monthly credits are granted once per key and month, also
 * under concurrent runs; the ledger balances throughout.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PlansTest {

  private static final OffsetDateTime MARCH =
      OffsetDateTime.of(2031, 3, 10, 8, 0, 0, 0, ZoneOffset.UTC);
  private static final OffsetDateTime LATE_MARCH = MARCH.plusDays(21);
  private static final OffsetDateTime APRIL =
      OffsetDateTime.of(2031, 4, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  @Inject Pool pool;

  private Row one(String sql, Tuple args) {
    return pool.preparedQuery(sql).execute(args).await().indefinitely().iterator().next();
  }

  private long setPlan(long key, String plan, OffsetDateTime at) {
    return one("select set_key_plan($1, $2, $3) as granted", Tuple.of(key, plan, at))
        .getLong("granted");
  }

  private int applyDue(OffsetDateTime at) {
    return one("select apply_due_monthly_grants($1) as applied", Tuple.of(at))
        .getInteger("applied");
  }

  private long grants(long key) {
    return Ledger.entries(pool, key).stream().filter(e -> e.kind().equals("grant")).count();
  }

  @Test
  void thePlanTable_agreesWithTheDomainsPlans() {
    for (Plan plan : Plan.values()) {
      Row row =
          one(
              "select daily_limit, monthly_credits from plan_limits where plan = $1",
              Tuple.of(plan.wireName()));
      assertThat(row.getInteger("daily_limit")).as(plan.wireName()).isEqualTo(plan.dailyLimit());
      assertThat(row.getLong("monthly_credits"))
          .as(plan.wireName())
          .isEqualTo(plan == Plan.FREE ? 0L : plan.includedCredits());
    }
  }

  @Test
  void movingAKeyToPro_setsItsLimit_grantsTheMonthOnce_andTheNextMonthAgain() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);

    assertThat(setPlan(key.id(), "pro", MARCH)).isEqualTo(1000);
    given()
        .header("X-API-Key", key.secret())
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .body("data.plan", equalTo("pro"))
        .body("data.dailyLimit", equalTo(10_000))
        .body("data.credits", equalTo(1010))
        .header("X-RateLimit-Limit", "10000");

    // the same month again, by the operator or by the timer: nothing more
    assertThat(setPlan(key.id(), "pro", LATE_MARCH)).isZero();
    // the timer's run covers every key of the database, so only this key's grants are counted
    applyDue(LATE_MARCH);
    assertThat(grants(key.id())).isEqualTo(2); // the key's own grant and March's
    // down to free and back within the month: the limit follows, the grant does not repeat
    assertThat(setPlan(key.id(), "free", LATE_MARCH)).isZero();
    assertThat(
            one("select daily_limit from api_key where id = $1", Tuple.of(key.id()))
                .getInteger("daily_limit"))
        .isEqualTo(100);
    assertThat(setPlan(key.id(), "pro", LATE_MARCH)).isZero();
    assertThat(grants(key.id())).isEqualTo(2); // the key's own grant and March's

    // April: the timer's run grants it once
    assertThat(applyDue(APRIL)).isGreaterThanOrEqualTo(1);
    assertThat(applyDue(APRIL)).isZero();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(10 + 1000 + 1000);
    assertThat(grants(key.id())).isEqualTo(3);
    Row april =
        one(
            "select plan, credits from plan_grant where api_key_id = $1 and month = '2031-04-01'",
            Tuple.of(key.id()));
    assertThat(april.getString("plan")).isEqualTo("pro");
    assertThat(april.getLong("credits")).isEqualTo(1000);
  }

  @Test
  void enterprise_getsItsOwnLimitAndCredits_andAnUnknownPlanIsRefused() {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    assertThat(setPlan(key.id(), "enterprise", MARCH.plusYears(1))).isEqualTo(5000);
    Row row =
        one("select plan, daily_limit, credits from api_key where id = $1", Tuple.of(key.id()));
    assertThat(row.getString("plan")).isEqualTo("enterprise");
    assertThat(row.getInteger("daily_limit")).isEqualTo(100_000);
    assertThat(row.getLong("credits")).isEqualTo(5000);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5000);

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> setPlan(key.id(), "gold", MARCH))
        .hasMessageContaining("no plan gold");
    assertThat(one("select plan from api_key where id = $1", Tuple.of(key.id())).getString("plan"))
        .isEqualTo("enterprise");
  }

  @Test
  void concurrentRuns_grantAMonthOncePerKey() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 0, 100, KeyVersion.V2);
    OffsetDateTime may = OffsetDateTime.of(2033, 5, 2, 0, 0, 0, 0, ZoneOffset.UTC);
    pool.preparedQuery("update api_key set plan = 'pro', daily_limit = 10000 where id = $1")
        .execute(Tuple.of(key.id()))
        .await()
        .indefinitely();

    ExecutorService threads = Executors.newFixedThreadPool(8);
    List<Callable<Long>> runs = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      runs.add(
          () ->
              one("select apply_monthly_grant($1, $2) as granted", Tuple.of(key.id(), may))
                  .getLong("granted"));
    }
    long granted = 0;
    for (Future<Long> run : threads.invokeAll(runs)) {
      granted += run.get();
    }
    threads.shutdown();

    assertThat(granted).isEqualTo(1000);
    assertThat(grants(key.id())).isEqualTo(1);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(1000);
    assertThat(
            one("select credits from api_key where id = $1", Tuple.of(key.id())).getLong("credits"))
        .isEqualTo(1000);
  }
}
