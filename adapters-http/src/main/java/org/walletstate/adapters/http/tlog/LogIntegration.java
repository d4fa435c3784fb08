package org.walletstate.adapters.http.tlog;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.application.tlog.IntegrateLog;

/**
 * Integrates appended statements into the transparency log and signs a checkpoint, at start and
 * then every {@code walletstate.log.integrate-every} (1 second). Every replica runs it; the store's
 * advisory lock lets one batch run at a time.
 */
@ApplicationScoped
public class LogIntegration {

  private final Vertx vertx;
  private final Duration every;
  private final PeriodicRun job;

  @Inject
  public LogIntegration(
      Vertx vertx,
      IntegrateLog integrate,
      @ConfigProperty(name = "walletstate.log.integrate-every", defaultValue = "1s")
          Duration every) {
    this.vertx = vertx;
    this.every = every;
    this.job =
        new PeriodicRun(
            Logger.getLogger(LogIntegration.class),
            "%d statements integrated into the transparency log",
            "the transparency log's batch did not run",
            integrate::runOnce);
  }

  void start(@Observes StartupEvent event) {
    job.start(vertx, every, true);
  }

  void stop(@Observes ShutdownEvent event) {
    job.stop(vertx);
  }

  /** One batch unless one is under way. */
  public void runOnce() {
    job.runOnce();
  }
}
