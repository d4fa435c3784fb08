package org.walletstate.adapters.http.wiring;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.attest.WatchesConfig;
import org.walletstate.adapters.http.jobs.BackgroundJobs;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.adapters.http.payment.PaymentSettings;
import org.walletstate.adapters.http.payment.PaymentsConfig;
import org.walletstate.application.account.GrantMonthlyCredits;
import org.walletstate.application.account.PruneSignInNonces;
import org.walletstate.application.account.RetryPassMints;
import org.walletstate.application.attest.watch.DeliverWatchChanges;
import org.walletstate.application.attest.watch.EvaluateWatches;
import org.walletstate.application.idempotency.PruneIdempotentRequests;
import org.walletstate.application.port.out.IdempotentRequests;
import org.walletstate.application.tlog.IntegrateLog;

/**
 * The replica's background jobs, each a {@link PeriodicRun} over its use case with its interval;
 * {@link BackgroundJobs} starts them with the service. Every replica runs every job: each use case
 * takes its rows with {@code SKIP LOCKED} or an advisory lock, so replicas never do one row twice.
 */
@ApplicationScoped
public class JobsWiring {

  /** Rows one batch of idempotency-key pruning forgets, and batches a run makes at most. */
  static final int IDEMPOTENCY_BATCH = 1_000;

  static final int IDEMPOTENCY_BATCHES_PER_RUN = 50;

  /** The jobs' loggers: {@code jobs.<job>}. */
  private static final String JOBS = "org.walletstate.adapters.http.jobs.";

  /** The paid plans' monthly credits, at start and every {@code walletstate.plans.grant-every}. */
  @Produces
  @Singleton
  @Named("monthly-grants")
  PeriodicRun monthlyGrants(
      GrantMonthlyCredits grants,
      @ConfigProperty(name = "walletstate.plans.grant-every", defaultValue = "1h") Duration every) {
    return fromStart(
        "MonthlyGrants",
        Logger.Level.INFO,
        "%d monthly plan grants applied",
        "monthly plan grants did not run",
        every,
        grants::runOnce);
  }

  /** Deferred access-pass mints, every {@code retry-every}, when an access pass is configured. */
  @Produces
  @Singleton
  @Named("pass-mint-retries")
  PeriodicRun passMintRetries(RetryPassMints retries, PaymentsConfig config) {
    return new PeriodicRun(
        Logger.getLogger(JOBS + "PassMintRetries"),
        "%d deferred access-pass mints landed",
        "access-pass mint retries did not run",
        PaymentSettings.pass(config).map(pass -> config.accessPass().retryEvery()),
        false,
        retries::runOnce);
  }

  /** Used sign-in nonces past their window, at start and every {@code prune-every} (10 min). */
  @Produces
  @Singleton
  @Named("sign-in-nonce-pruning")
  PeriodicRun signInNoncePruning(
      PruneSignInNonces prune,
      @ConfigProperty(name = "walletstate.sign-in-nonces.prune-every", defaultValue = "10m")
          Duration every) {
    return fromStart(
        "SignInNoncePruning",
        Logger.Level.INFO,
        "%d used sign-in nonces forgotten",
        "used sign-in nonces were not pruned",
        every,
        prune::runOnce);
  }

  /** Idempotency keys past their lifetime, at start and every {@code prune-every} (10 min). */
  @Produces
  @Singleton
  @Named("idempotency-pruning")
  PeriodicRun idempotencyPruning(
      IdempotentRequests requests,
      Clock clock,
      @ConfigProperty(name = "walletstate.idempotency.prune-every", defaultValue = "10m")
          Duration every) {
    PruneIdempotentRequests prune =
        new PruneIdempotentRequests(
            requests, clock, IDEMPOTENCY_BATCH, IDEMPOTENCY_BATCHES_PER_RUN);
    return fromStart(
        "IdempotencyPruning",
        Logger.Level.INFO,
        "%d expired idempotency keys forgotten",
        "expired idempotency keys were not pruned",
        every,
        prune::runOnce);
  }

  /**
   * The transparency log's batches, at start and every {@code integrate-every} (1 s); their counts
   * are logged at DEBUG, since under traffic there is one every second.
   */
  @Produces
  @Singleton
  @Named("log-integration")
  PeriodicRun logIntegration(
      IntegrateLog integrate,
      @ConfigProperty(name = "walletstate.log.integrate-every", defaultValue = "1s")
          Duration every) {
    return fromStart(
        "LogIntegration",
        Logger.Level.DEBUG,
        "%d statements integrated into the transparency log",
        "the transparency log's batch did not run",
        every,
        integrate::runOnce);
  }

  // the frequent jobs' producers repeat their declarations by design: each job is a bean of its
  // own name, and the run itself is fromStart's
  /**
   * The watches' evaluations, every {@code walletstate.watches.evaluate-every} (2 s); counts at
   * DEBUG (a run every two seconds).
   */
  @Produces
  @Singleton
  @Named("watch-evaluation")
  PeriodicRun watchEvaluation(EvaluateWatches evaluate, WatchesConfig config) {
    return fromStart(
        "WatchEvaluation",
        Logger.Level.DEBUG,
        "%d watch changes recorded for delivery",
        "the watches' evaluation did not run",
        config.evaluateEvery(),
        evaluate::runOnce);
  }

  /** The watches' deliveries, every {@code walletstate.watches.deliver-every} (1 s); at DEBUG. */
  @Produces
  @Singleton
  @Named("watch-delivery")
  PeriodicRun watchDelivery(DeliverWatchChanges deliver, WatchesConfig config) {
    return fromStart(
        "WatchDelivery",
        Logger.Level.DEBUG,
        "%d watch changes delivered",
        "the watches' deliveries did not run",
        config.deliverEvery(),
        deliver::runOnce);
  }

  /**
   * A job that runs at start and every {@code every}: its logger {@code jobs.<job>}, its counts at
   * {@code level} (DEBUG for a job that runs every second or so, where under traffic there is one a
   * run), its failures as every job's.
   */
  private static PeriodicRun fromStart(
      String job,
      Logger.Level level,
      String done,
      String failed,
      Duration every,
      Supplier<Uni<Integer>> run) {
    return new PeriodicRun(
        Logger.getLogger(JOBS + job), level, done, failed, Optional.of(every), true, run);
  }
}
