package org.walletstate.adapters.http.corpus;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Who sends a corpus request, by the request's {@code auth}: a fresh key for every request (so each
 * answer's credit counts are the same whatever ran before), no credentials, an unknown or a
 * malformed key, a key without credits, a key whose daily limit is used up, the MCP endpoint's
 * shared allowance reset to unused, or a key the test class names (a merchant's owner).
 */
final class Callers {

  static final int CREDITS = 100;
  static final int DAILY_LIMIT = 1000;

  private final Pool pool;
  private final Map<String, String> named = new LinkedHashMap<>();

  Callers(Pool pool) {
    this.pool = pool;
  }

  /** Names {@code secret} as the caller of requests whose {@code auth} is {@code name}. */
  Callers with(String name, String secret) {
    named.put(name, secret);
    return this;
  }

  /** A fresh key with the corpus's credits and limit. */
  String freshKey() {
    return TestKeys.create(pool, CREDITS, DAILY_LIMIT, KeyVersion.V2).secret();
  }

  /** The headers that identify the caller {@code auth}. */
  Map<String, String> headers(String auth) {
    return switch (auth) {
      case "none" -> Map.of();
      case "mcp" -> {
        resetSharedAllowance();
        yield Map.of();
      }
      case "key" -> Map.of("X-API-Key", freshKey());
      case "unknownKey" -> Map.of("X-API-Key", "svc_live_" + "0".repeat(40));
      case "malformedKey" -> Map.of("X-API-Key", "not-a-key");
      case "poorKey" ->
          Map.of("X-API-Key", TestKeys.create(pool, 0, DAILY_LIMIT, KeyVersion.V2).secret());
      case "exhaustedKey" -> Map.of("X-API-Key", exhaustedKey());
      default -> {
        String secret = named.get(auth);
        if (secret == null) {
          throw new IllegalStateException("no caller " + auth);
        }
        yield Map.of("X-API-Key", secret);
      }
    };
  }

  private String exhaustedKey() {
    TestKeys.TestKey key = TestKeys.create(pool, CREDITS, 1, KeyVersion.V2);
    usedToday(key.id(), 1);
    return key.secret();
  }

  private void resetSharedAllowance() {
    long account =
        pool.preparedQuery("select id from api_key where key_hash = $1")
            .execute(Tuple.of(SharedAllowance.MCP_ACCOUNT.hex()))
            .await()
            .indefinitely()
            .iterator()
            .next()
            .getLong("id");
    usedToday(account, 0);
  }

  private void usedToday(long keyId, int used) {
    pool.preparedQuery("delete from key_daily_usage where api_key_id = $1")
        .execute(Tuple.of(keyId))
        .await()
        .indefinitely();
    if (used > 0) {
      pool.preparedQuery("insert into key_daily_usage (api_key_id, day, used) values ($1, $2, $3)")
          .execute(Tuple.of(keyId, LocalDate.now(ZoneOffset.UTC), used))
          .await()
          .indefinitely();
    }
  }
}
