package org.walletstate.adapters.http.bootstrap;

import io.quarkus.runtime.ImageMode;
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
    if (ImageMode.current() == ImageMode.NATIVE_RUN) {
      // A native executable carries no embedded database. ImageMode is a constant while the image
      // is built, so the embedded path below is dead code there and is not linked into it.
      LocalDatabase.requireConfigured(System.getenv(), System.getProperties());
      Quarkus.run(args);
      return;
    }
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
