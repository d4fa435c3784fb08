package org.walletstate.adapters.persistence.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A PostgreSQL server run from binaries on the class path, for local runs and for tests on a
 * machine that names no database. Production configuration never starts one: callers decide.
 */
public final class EmbeddedDatabase implements AutoCloseable {

  private final EmbeddedPostgres postgres;

  private EmbeddedDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** A throw-away server whose data disappears when it stops. */
  public static EmbeddedDatabase ephemeral() {
    try {
      return new EmbeddedDatabase(EmbeddedPostgres.builder().start());
    } catch (IOException e) {
      throw new UncheckedIOException("could not start an embedded PostgreSQL", e);
    }
  }

  /** A server whose data lives in {@code dataDirectory} and survives restarts. */
  public static EmbeddedDatabase persistent(Path dataDirectory) {
    Path dir = dataDirectory.toAbsolutePath();
    try {
      Files.createDirectories(dir.getParent());
      EmbeddedPostgres pg =
          EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).start();
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
