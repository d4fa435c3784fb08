package org.walletstate.adapters.http.wiring;

import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;
import org.walletstate.adapters.http.attest.WatchesConfig;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.domaincheck.DomainCheckConfig;
import org.walletstate.adapters.http.domaincheck.LoopbackAllowance;
import org.walletstate.adapters.http.domaincheck.WebhookPost;
import org.walletstate.adapters.http.domaincheck.WebhookTargetCheck;
import org.walletstate.adapters.http.jobs.HeadRuns;
import org.walletstate.adapters.http.observability.MeteredCreditLedger;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.attest.watch.DeliverWatchChanges;
import org.walletstate.application.attest.watch.EvaluateWatches;
import org.walletstate.application.attest.watch.WatchService;
import org.walletstate.application.attest.watch.WatchTiming;
import org.walletstate.application.attest.watch.port.in.WatchesUseCase;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.application.attest.watch.port.out.WebhookSender;
import org.walletstate.application.attest.watch.port.out.WebhookTargets;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainHeads;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;

/**
 * Watches: the webhook guard and sender (domain verification's resolver and address policy, with
 * the test-only allowances of {@code walletstate.watches.test}), {@link WatchesUseCase} (whose
 * first attestation is attest's), and the two jobs' use cases {@link JobsWiring} runs: the
 * evaluation (over the chain readers, the one signer and the ledger) and the delivery of the
 * outbox.
 */
@ApplicationScoped
public class WatchWiring {

  @Produces
  @ApplicationScoped
  WebhookTargets webhookTargets(Vertx vertx, DomainCheckConfig dns, WatchesConfig config) {
    return new WebhookTargetCheck(vertx, dns, loopback(config), config.test().allowHttp());
  }

  @Produces
  @ApplicationScoped
  WebhookSender webhookSender(Vertx vertx, DomainCheckConfig dns, WatchesConfig config) {
    return new WebhookPost(
        vertx, dns, loopback(config), config.test().allowHttp(), config.deliveryTimeout());
  }

  @Produces
  @ApplicationScoped
  JsonRequests jsonRequests(JsonBodies bodies) {
    return json -> bodies.object(json.getBytes(StandardCharsets.UTF_8));
  }

  // The parameters repeat WatchService's constructor by design: the root hands the service its
  // ports.
  @Produces
  @ApplicationScoped
  WatchesUseCase watches(
      AttestUseCase attest,
      WatchStore store,
      WebhookTargets targets,
      WatchDeliveries deliveries,
      Entropy entropy,
      Clock clock,
      WatchesConfig config) {
    return new WatchService(attest, store, targets, deliveries, entropy, clock, config.maxPerKey());
  }

  @Produces
  @ApplicationScoped
  EvaluateWatches evaluateWatches(
      WatchEvaluations evaluations,
      JsonRequests requests,
      ChainState chains,
      AttestationSigner signer,
      CreditLedger ledger,
      ServiceMeters meters,
      Entropy entropy,
      Clock clock,
      WatchesConfig config) {
    // signing is CPU work: it runs on the signing threads, never on an event loop
    return new EvaluateWatches(
        evaluations,
        requests,
        new OnCallerContext(chains),
        signer,
        new MeteredCreditLedger(ledger, meters),
        entropy,
        clock,
        SigningThreads.POOL,
        new WatchTiming(config.evaluateEvery(), config.evaluateBatch(), config.chargePeriod()));
  }

  /**
   * The evaluations at new heads: each followed chain's new head evaluates the watches on it, on
   * the signing threads, one run per chain at a time (a head during a run is evaluated after it).
   */
  @Produces
  @Singleton
  HeadRuns watchHeadRuns(EvaluateWatches evaluate, ChainHeads heads) {
    return new HeadRuns(
        Logger.getLogger("org.walletstate.adapters.http.jobs.WatchHeadEvaluation"),
        "%d watch changes recorded for delivery at a new head",
        "the watches' evaluation at a new head did not run",
        heads,
        SigningThreads.POOL,
        evaluate::onHead);
  }

  @Produces
  @ApplicationScoped
  DeliverWatchChanges deliverWatchChanges(
      WatchDeliveries deliveries, WebhookSender sender, Clock clock, WatchesConfig config) {
    return new DeliverWatchChanges(
        deliveries,
        sender,
        clock,
        new DeliverWatchChanges.Retries(
            config.retryBase(),
            config.retryMaxDelay(),
            config.retryFor(),
            config.deliveryTimeout().multipliedBy(3)),
        config.deliverBatch());
  }

  private static Set<InetAddress> loopback(WatchesConfig config) {
    return LoopbackAllowance.of(
        config.test().allowedLoopbackAddresses().orElse(List.of()),
        "walletstate.watches.test.allowed-loopback-addresses");
  }
}
