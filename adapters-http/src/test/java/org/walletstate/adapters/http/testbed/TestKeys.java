package org.walletstate.adapters.http.testbed;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Keys for HTTP tests with the balance, limit and era a test needs, stored as the service stores
 * them (hash only, balance explained by a grant entry). They are on the free plan (with whatever
 * daily limit the test sets), so the paid plans' monthly grants never change a test's balance.
 */
public final class TestKeys {

  private static final SecureRandom RANDOM = new SecureRandom();

  private TestKeys() {}

  /** A key and its account id. */
  public record TestKey(String secret, long id) {}

  public static TestKey create(Pool pool, long credits, int dailyLimit, KeyVersion version) {
    byte[] random = new byte[20];
    RANDOM.nextBytes(random);
    ApiKey key = ApiKey.fromRandom(random);
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    long id =
        pool.withTransaction(
                connection ->
                    connection
                        .preparedQuery(
                            "insert into api_key (key_hash, app_name, plan, key_version,"
                                + " daily_limit, credits, created_at)"
                                + " values ($1, 'http test', 'free', $2, $3, $4, $5) returning id")
                        .execute(
                            Tuple.from(
                                new Object[] {
                                  key.hash().hex(),
                                  (short) (version == KeyVersion.V1 ? 1 : 2),
                                  dailyLimit,
                                  credits,
                                  now
                                }))
                        .map(rows -> rows.iterator().next().getLong("id"))
                        .call(
                            keyId ->
                                credits == 0
                                    ? io.smallrye.mutiny.Uni.createFrom().voidItem()
                                    : connection
                                        .preparedQuery(
                                            "insert into credit_entry (api_key_id, kind, amount,"
                                                + " reason, created_at)"
                                                + " values ($1, 'grant', $2, 'test grant', $3)")
                                        .execute(Tuple.of(keyId, credits, now))))
            .await()
            .atMost(Duration.ofSeconds(30));
    return new TestKey(key.reveal(), id);
  }
}
