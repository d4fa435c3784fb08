package org.walletstate.bench.load;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.walletstate.domain.account.ApiKey;

/**
 * An API key for the load run, written into the service's database as the service stores keys (hash
 * only, the balance explained by a grant entry), with credits and a daily limit no run reaches.
 * Needs the schema, so it runs after the service has migrated the database.
 */
public final class BenchKeys {

  private static final long PLENTY = 100_000_000L;

  private BenchKeys() {}

  /** A new v2 key's secret. */
  public static String create(String jdbcUrl, String user, String password) throws SQLException {
    byte[] random = new byte[20];
    new SecureRandom().nextBytes(random);
    ApiKey key = ApiKey.fromRandom(random);
    try (Connection db = DriverManager.getConnection(jdbcUrl, user, password)) {
      db.setAutoCommit(false);
      long id;
      try (PreparedStatement insert =
          db.prepareStatement(
              "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                  + " created_at) values (?, 'attest load', 'enterprise', 2, ?, ?, now())"
                  + " returning id")) {
        insert.setString(1, key.hash().hex());
        insert.setInt(2, (int) PLENTY);
        insert.setLong(3, PLENTY);
        try (ResultSet rows = insert.executeQuery()) {
          rows.next();
          id = rows.getLong(1);
        }
      }
      try (PreparedStatement grant =
          db.prepareStatement(
              "insert into credit_entry (api_key_id, kind, amount, reason, created_at)"
                  + " values (?, 'grant', ?, 'load benchmark', now())")) {
        grant.setLong(1, id);
        grant.setLong(2, PLENTY);
        grant.executeUpdate();
      }
      db.commit();
    }
    return key.reveal();
  }
}
