package org.walletstate.adapters.http.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LocalDatabaseTest {

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void aConfiguredUrlAlwaysWins_evenLocally() {
    assertThat(
            LocalDatabase.startIfNeeded(
                Map.of("DB_URL", "postgresql://db.example:5432/svc"),
                props("quarkus.profile", "local")))
        .isNull();
    assertThat(
            LocalDatabase.startIfNeeded(
                Map.of(), props(LocalDatabase.URL, "postgresql://db.example:5432/svc")))
        .isNull();
  }

  @Test
  void productionNeverStartsAnEmbeddedDatabase() {
    assertThatThrownBy(() -> LocalDatabase.startIfNeeded(Map.of(), props()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No database configured for profile 'prod'")
        .hasMessageContaining("Set DB_URL");
    assertThatThrownBy(
            () -> LocalDatabase.startIfNeeded(Map.of("QUARKUS_PROFILE", "staging"), props()))
        .hasMessageContaining("profile 'staging'");
  }

  @Test
  void aBuildWithoutTheEmbeddedDatabase_namesWhatToSetInsteadOfFailingObscurely() {
    assertThatThrownBy(
            () -> LocalDatabase.startIfNeeded(Map.of(), props("quarkus.profile", "local"), false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("carries no embedded PostgreSQL")
        .hasMessageContaining("Set DB_URL")
        .hasMessageContaining("./run.sh");
  }

  @Test
  void aNativeExecutable_needsAConfiguredUrl_whateverTheProfile() {
    assertThatCode(
            () ->
                LocalDatabase.requireConfigured(
                    Map.of("DB_URL", "postgresql://db.example:5432/svc"), props()))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> LocalDatabase.requireConfigured(Map.of(), props("quarkus.profile", "local")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Set DB_URL")
        .hasMessageContaining("never starts an embedded PostgreSQL");
  }
}
