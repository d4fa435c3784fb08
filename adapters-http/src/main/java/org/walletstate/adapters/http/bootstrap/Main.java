package org.walletstate.adapters.http.bootstrap;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the service. When no database is configured and the profile is not a production one, an
 * embedded PostgreSQL is started first (see {@link LocalDatabase}); a configured {@code DB_URL}
 * always wins.
 */
@QuarkusMain
public final class Main {

  private Main() {}

  public static void main(String... args) {
    LocalDatabase local = LocalDatabase.startIfNeeded(System.getenv(), System.getProperties());
    try {
      Quarkus.run(args);
    } finally {
      if (local != null) {
        local.close();
      }
    }
  }
}
