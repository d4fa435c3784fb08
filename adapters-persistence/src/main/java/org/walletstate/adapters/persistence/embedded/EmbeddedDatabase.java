package org.walletstate.adapters.persistence.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A PostgreSQL server run from binaries on the class path, for local runs and for tests on a
 * machine that names no database. Production configuration never starts one: callers decide. The
 * binaries come from a provided-scope dependency that the production application does not carry;
 * {@link #available()} says whether this class path has them.
 */
public final class EmbeddedDatabase implements AutoCloseable {

  private static final String LIBRARY = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";

  /**
   * The library narrates every start (unpacking, initdb, the server's own log) at INFO; one line of
   * ours says what was started. Held here so the level outlives garbage collection of the logger.
   */
  private static final Logger LIBRARY_LOG = Logger.getLogger("io.zonky.test.db.postgres");

  private final EmbeddedPostgres postgres;

  private EmbeddedDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** Whether the embedded PostgreSQL library is on this class path (local runs and tests). */
  public static boolean available() {
    try {
      Class.forName(LIBRARY, false, EmbeddedDatabase.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * The server's own log (relayed into ours) names the error only: no statement, no detail line,
   * since both can carry row values such as email addresses.
   */
  private static EmbeddedPostgres.Builder builder() {
    LIBRARY_LOG.setLevel(Level.WARNING);
    return EmbeddedPostgres.builder()
        .setServerConfig("log_error_verbosity", "terse")
        .setServerConfig("log_min_error_statement", "panic");
  }

  /** A throw-away server whose data disappears when it stops. */
  public static EmbeddedDatabase ephemeral() {
    try {
      return new EmbeddedDatabase(builder().start());
    } catch (IOException e) {
      throw new UncheckedIOException("could not start an embedded PostgreSQL", e);
    }
  }

  /** A server whose data lives in {@code dataDirectory} and survives restarts. */
  public static EmbeddedDatabase persistent(Path dataDirectory) {
    Path dir = dataDirectory.toAbsolutePath();
    try {
      Files.createDirectories(dir.getParent());
      EmbeddedPostgres pg = builder().setDataDirectory(dir).setCleanDataDirectory(false).start();
      return new EmbeddedDatabase(pg);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start an embedded PostgreSQL in " + dir, e);
    }
  }

  public int port() {
    return postgres.getPort();
  }

  /** The reactive URL of its {@code postgres} database. */
  public String url() {
    return "postgresql://127.0.0.1:" + port() + "/postgres";
  }

  /** The datasource properties that point the service at this server. */
  public Map<String, String> datasourceProperties() {
    return Map.of(
        "quarkus.datasource.reactive.url",
        url(),
        "quarkus.datasource.jdbc.url",
        "jdbc:" + url(),
        "quarkus.datasource.username",
        "postgres",
        "quarkus.datasource.password",
        "");
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException("embedded PostgreSQL did not stop cleanly", e);
    }
  }
}
