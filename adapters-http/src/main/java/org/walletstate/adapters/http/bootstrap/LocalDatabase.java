package org.walletstate.adapters.http.bootstrap;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.jboss.logging.Logger;
import org.walletstate.adapters.persistence.embedded.EmbeddedDatabase;

/**
 * An embedded PostgreSQL for local runs, with its data in a directory that survives restarts. It is
 * never started when a database URL is configured, and never under a production profile: there a
 * missing URL stops the start with a message saying what to set.
 */
public final class LocalDatabase implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(LocalDatabase.class);

  /** Profiles of local runs and tests: the only ones that may start or generate anything. */
  public static final Set<String> LOCAL_PROFILES = Set.of("local", "dev", "test");

  static final String URL = "quarkus.datasource.reactive.url";

  private final EmbeddedDatabase database;

  private LocalDatabase(EmbeddedDatabase database) {
    this.database = database;
  }

  /**
   * Decides and acts: nothing when a URL is configured; an embedded database for local profiles; a
   * clear failure otherwise.
   */
  static LocalDatabase startIfNeeded(Map<String, String> env, Properties system) {
    return startIfNeeded(env, system, EmbeddedDatabase.available());
  }

  /**
   * As above, where {@code embeddedAvailable} says whether this build carries the embedded
   * PostgreSQL: only the local-run build of {@code ./run.sh} and the tests do; the production
   * application does not.
   */
  static LocalDatabase startIfNeeded(
      Map<String, String> env, Properties system, boolean embeddedAvailable) {
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
    if (!embeddedAvailable) {
      throw new IllegalStateException(
          "No database configured, and this build carries no embedded PostgreSQL (production"
              + " builds never do). Set DB_URL (postgresql://host:port/database) with DB_USER and"
              + " DB_PASSWORD, or start with ./run.sh, which builds the local-run variant.");
    }
    Path dataDir =
        Path.of(value(env, system, "walletstate.data-dir", "WALLETSTATE_DATA_DIR", ".data"))
            .resolve("postgres")
            .toAbsolutePath();
    EmbeddedDatabase db = EmbeddedDatabase.persistent(dataDir);
    db.datasourceProperties().forEach(System::setProperty);
    LOG.infof(
        "No DB_URL configured: started an embedded PostgreSQL on 127.0.0.1:%d with its data in %s"
            + " (kept across restarts). Set DB_URL to use another PostgreSQL.",
        db.port(), dataDir);
    return new LocalDatabase(db);
  }

  /**
   * For a native executable, which never carries an embedded database: nothing when a URL is
   * configured, else a failure saying what to set.
   */
  static void requireConfigured(Map<String, String> env, Properties system) {
    if (!configuredUrl(env, system)) {
      throw new IllegalStateException(
          "No database configured. Set DB_URL (postgresql://host:port/database) with DB_USER and"
              + " DB_PASSWORD; a native executable never starts an embedded PostgreSQL.");
    }
  }

  private static boolean configuredUrl(Map<String, String> env, Properties system) {
    return !value(env, system, URL, "DB_URL", "").isBlank()
        || !blank(env.get("QUARKUS_DATASOURCE_REACTIVE_URL"));
  }

  /**
   * The profile asked for, else prod. (The main class runs before Quarkus knows its launch mode, so
   * quarkus:dev names its profile through the build; a plain {@code java -jar} is production.)
   */
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
    database.close();
  }
}
