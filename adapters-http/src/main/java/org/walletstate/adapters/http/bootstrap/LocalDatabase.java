package org.walletstate.adapters.http.bootstrap;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * An embedded PostgreSQL for local runs, with its data in a directory that survives restarts. It is
 * never started when a database URL is configured, and never under a production profile: there a
 * missing URL stops the start with a message saying what to set.
 */
public final class LocalDatabase implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(LocalDatabase.class);

  /** Profiles that may start an embedded database. */
  static final Set<String> LOCAL_PROFILES = Set.of("local", "dev", "test");

  static final String URL = "quarkus.datasource.reactive.url";

  private final EmbeddedPostgres postgres;

  private LocalDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /**
   * Decides and acts: nothing when a URL is configured; an embedded database for local profiles; a
   * clear failure otherwise.
   */
  static LocalDatabase startIfNeeded(Map<String, String> env, Properties system) {
    if (configuredUrl(env, system)) {
      return null;
    }
    String profile = profile(env, system);
    if (!LOCAL_PROFILES.contains(profile)) {
      throw new IllegalStateException(
          "No database configured for profile '"
              + profile
              + "'. Set DB_URL (postgresql://host:port/database) with DB_USER and DB_PASSWORD;"
              + " an embedded PostgreSQL is started only for the local, dev and test profiles.");
    }
    Path dataDir =
        Path.of(value(env, system, "walletstate.data-dir", "WALLETSTATE_DATA_DIR", ".data"))
            .resolve("postgres")
            .toAbsolutePath();
    try {
      Files.createDirectories(dataDir.getParent());
      EmbeddedPostgres pg =
          EmbeddedPostgres.builder().setDataDirectory(dataDir).setCleanDataDirectory(false).start();
      String url = "postgresql://127.0.0.1:" + pg.getPort() + "/postgres";
      System.setProperty(URL, url);
      System.setProperty("quarkus.datasource.jdbc.url", "jdbc:" + url);
      System.setProperty("quarkus.datasource.username", "postgres");
      System.setProperty("quarkus.datasource.password", "");
      LOG.infof(
          "No DB_URL configured: started an embedded PostgreSQL on 127.0.0.1:%d with its data in"
              + " %s (kept across restarts). Set DB_URL to use another PostgreSQL.",
          pg.getPort(), dataDir);
      return new LocalDatabase(pg);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dataDir, e);
    }
  }

  private static boolean configuredUrl(Map<String, String> env, Properties system) {
    return !value(env, system, URL, "DB_URL", "").isBlank()
        || !blank(env.get("QUARKUS_DATASOURCE_REACTIVE_URL"));
  }

  private static String profile(Map<String, String> env, Properties system) {
    return value(env, system, "quarkus.profile", "QUARKUS_PROFILE", "prod");
  }

  private static String value(
      Map<String, String> env,
      Properties system,
      String property,
      String variable,
      String fallback) {
    String fromSystem = system.getProperty(property);
    if (!blank(fromSystem)) {
      return fromSystem;
    }
    String fromEnv = env.get(variable);
    return blank(fromEnv) ? fallback : fromEnv;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      LOG.warn("Embedded PostgreSQL did not stop cleanly", e);
    }
  }
}
