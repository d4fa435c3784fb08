package org.walletstate.adapters.http.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh} rebuilds only when something that goes into the application changed. Run against
 * a copy of the script in a made-up tree whose file times are set by hand, so no build runs.
 */
class RunScriptTest {

  private static final Instant SOURCES = Instant.parse("2026-01-01T10:00:00Z");
  private static final Instant BUILT = Instant.parse("2026-01-01T11:00:00Z");
  private static final Instant AFTER_BUILD = Instant.parse("2026-01-01T12:00:00Z");

  @TempDir Path tree;

  @BeforeEach
  void aTreeBuiltAfterItsSourcesChanged() throws IOException {
    Files.copy(Path.of("..", "run.sh"), tree.resolve("run.sh"));
    file("pom.xml", SOURCES);
    file("adapters-http/pom.xml", SOURCES);
    file("adapters-http/src/main/java/Service.java", SOURCES);
    file("adapters-http/src/main/resources/application.properties", SOURCES);
    file("adapters-persistence/src/main/resources/db/migration/V1__schema.sql", SOURCES);
    file("adapters-http/target/local-run.stamp", BUILT);
    file("adapters-http/target/local-run/quarkus-run.jar", BUILT);
    // what the build itself, the tests, npm and a local run write afterwards
    file("adapters-http/target/local-run/quarkus-app-dependencies.txt", AFTER_BUILD);
    file("adapters-http/target/quarkus-artifact.properties", AFTER_BUILD);
    file("adapters-http/target/quarkus-app/quarkus-artifact.properties", AFTER_BUILD);
    file("adapters-http/target/classes/application.properties", AFTER_BUILD);
    file("devnet/node_modules/solc/package.json", AFTER_BUILD);
    file(".data/postgres/postgresql.conf", AFTER_BUILD);
  }

  @Test
  void checkBuild_isUpToDate_whenOnlyBuildOutputNpmPackagesAndLocalDataAreNewer() throws Exception {
    assertThat(checkBuild()).isEqualTo("up to date");
  }

  @Test
  void checkBuild_ignoresChangedTests_whichDoNotGoIntoTheApplication() throws Exception {
    file("adapters-http/src/test/java/ServiceTest.java", AFTER_BUILD);

    assertThat(checkBuild()).isEqualTo("up to date");
  }

  @Test
  void checkBuild_rebuilds_whenConfigurationChanged() throws Exception {
    file("adapters-http/src/main/resources/application.properties", AFTER_BUILD);

    assertThat(checkBuild())
        .isEqualTo("rebuild: adapters-http/src/main/resources/application.properties changed");
  }

  @Test
  void checkBuild_rebuilds_whenAMigrationOrAPomChanged() throws Exception {
    file("adapters-persistence/src/main/resources/db/migration/V1__schema.sql", AFTER_BUILD);
    assertThat(checkBuild()).startsWith("rebuild: adapters-persistence/src/main/resources/db/");

    file("adapters-persistence/src/main/resources/db/migration/V1__schema.sql", SOURCES);
    file("pom.xml", AFTER_BUILD);
    assertThat(checkBuild()).isEqualTo("rebuild: pom.xml changed");
  }

  @Test
  void checkBuild_rebuilds_whenThereIsNoBuildOrNoRecordOfIt() throws Exception {
    Files.delete(tree.resolve("adapters-http/target/local-run.stamp"));
    assertThat(checkBuild()).isEqualTo("rebuild: no record of the last build");

    Files.delete(tree.resolve("adapters-http/target/local-run/quarkus-run.jar"));
    assertThat(checkBuild()).isEqualTo("rebuild: no local build yet");
  }

  private void file(String relative, Instant modified) throws IOException {
    Path path = tree.resolve(relative);
    Files.createDirectories(path.getParent());
    if (!Files.exists(path)) {
      Files.writeString(path, relative);
    }
    Files.setLastModifiedTime(path, FileTime.from(modified));
  }

  private String checkBuild() throws Exception {
    Process run =
        new ProcessBuilder("bash", tree.resolve("run.sh").toString(), "--check-build")
            .redirectErrorStream(true)
            .start();
    assertThat(run.waitFor(20, TimeUnit.SECONDS)).as("run.sh answered in time").isTrue();
    String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(run.exitValue()).as(output).isZero();
    return output.strip();
  }
}
