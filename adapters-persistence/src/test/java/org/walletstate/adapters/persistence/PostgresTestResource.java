package org.walletstate.adapters.persistence;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The database of a test run: the PostgreSQL named by {@code DB_URL} (with {@code DB_USER} / {@code
 * DB_PASSWORD}) when the environment names one, otherwise an embedded PostgreSQL started for the
 * run. Either way a real server; Flyway cleans and migrates it when the test application starts.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

  private EmbeddedPostgres embedded;

  @Override
  public Map<String, String> start() {
    String url = System.getenv("DB_URL");
    if (url != null && !url.isBlank()) {
      return Map.of(); // application.properties already reads DB_URL, DB_USER, DB_PASSWORD
    }
    try {
      embedded = EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not start an embedded PostgreSQL", e);
    }
    String reactive = "postgresql://127.0.0.1:" + embedded.getPort() + "/postgres";
    return Map.of(
        "quarkus.datasource.reactive.url",
        reactive,
        "quarkus.datasource.jdbc.url",
        "jdbc:" + reactive,
        "quarkus.datasource.username",
        "postgres",
        "quarkus.datasource.password",
        "");
  }

  @Override
  public void stop() {
    if (embedded != null) {
      try {
        embedded.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
