package org.walletstate.adapters.persistence;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.walletstate.adapters.persistence.embedded.EmbeddedDatabase;

/**
 * The database of a test run: the PostgreSQL named by {@code DB_URL} when the environment names
 * one, otherwise an embedded one started for the run. Flyway cleans and migrates it at start.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

  private EmbeddedDatabase embedded;

  @Override
  public Map<String, String> start() {
    String url = System.getenv("DB_URL");
    if (url != null && !url.isBlank()) {
      return Map.of(); // application.properties reads DB_URL, DB_USER and DB_PASSWORD
    }
    embedded = EmbeddedDatabase.ephemeral();
    return embedded.datasourceProperties();
  }

  @Override
  public void stop() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
