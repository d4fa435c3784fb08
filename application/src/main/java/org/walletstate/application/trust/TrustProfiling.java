package org.walletstate.application.trust;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.walletstate.application.account.Charge;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustEvaluation;
import org.walletstate.domain.trust.TrustFailure;
import org.walletstate.domain.trust.TrustObservations;
import org.walletstate.domain.trust.TrustProfile;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;

/**
 * The flow the profile and the batch services share, over one wallet or many: the plan's chains are
 * read in parallel, each once (one head, one round trip), through the family-neutral {@link
 * ChainState} port; each wallet's profile is evaluated and signed, and the run's signed profiles
 * are appended to the transparency log together, in request order (one append, without a thread
 * waiting for it). A profile whose reads did not complete is never signed. What a run comes to, and
 * who pays for it, is each service's.
 */
public final class TrustProfiling {

  private final TrustCheckList list;
  private final ChainState chains;
  private final TrustProfileSigner signer;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;

  /**
   * @param list the check list the profiles run
   * @param cpu where signing runs (CPU work, never on an event loop)
   */
  // Null checks written out by design: a value checks its own parts on construction.
  public TrustProfiling(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    this.list = Objects.requireNonNull(list, "list");
    this.chains = Objects.requireNonNull(chains, "chains");
    this.signer = Objects.requireNonNull(signer, "signer");
    this.entropy = Objects.requireNonNull(entropy, "entropy");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.cpu = Objects.requireNonNull(cpu, "cpu");
  }

  /** What the chains answered, and each wallet's evaluation in request order. */
  record Run(Map<ChainId, ChainObservation> observed, List<Done> done) {}

  /**
   * One wallet's evaluation, and its profile signed but not yet logged when its reads completed
   * ({@code failures} null), or the failures that keep it unsigned.
   */
  record Done(
      TrustWallets wallets,
      List<TrustFailure> failures,
      TrustProfile profile,
      TrustProfileSigner.Signed signed) {}

  /**
   * Reads every chain of the plan for {@code entries} once, all at once, each anchored at its own
   * head; every chain's aggregate is decoded once for every wallet, and the wallets are evaluated
   * and signed in parallel. Their signed profiles are logged by {@link #logged}.
   *
   * @param assurance the request's {@code assurance}: how every chain is read and, when sent,
   *     signed in every row read from a chain
   */
  Uni<Run> profiled(List<TrustWallets> entries, boolean proof, Optional<Assurance> assurance) {
    TrustReadPlan plan = TrustReadPlan.of(list, entries, proof, assurance);
    return AllChains.observe(chains, plan.chains(), plan::query)
        .flatMap(
            observed -> {
              TrustObservations decoded = TrustObservations.of(plan, observed);
              List<Uni<Done>> each = new ArrayList<>();
              for (TrustWallets wallets : entries) {
                each.add(evaluatedAndSigned(plan, wallets, proof, decoded));
              }
              return Uni.join().all(each).andFailFast().map(done -> new Run(observed, done));
            });
  }

  /**
   * The run's signed profiles and how they are logged, in request order: either appended to the log
   * in one append, handed over when the charging step subscribes (no thread waits for the commit,
   * {@link TrustProfileSigner#submitted}), or written with a key's debit. The texts, one per signed
   * profile in request order, are finished on the CPU pool.
   */
  Charge.Logging<List<String>> logged(List<Done> done) {
    List<TrustProfileSigner.Signed> signed = new ArrayList<>();
    for (Done d : done) {
      if (d.signed() != null) {
        signed.add(d.signed());
      }
    }
    if (signed.isEmpty()) {
      return Charge.Logging.none(List.of());
    }
    return new Charge.Logging<>(
        signer.entries(signed),
        Uni.createFrom().completionStage(() -> signer.submitted(signed, cpu)),
        Uni.createFrom().item(() -> signer.written(signed)).runSubscriptionOn(cpu));
  }

  /**
   * Evaluates one wallet's checks against the observations and signs its profile, as one task on
   * the CPU pool: the wallets of a batch are evaluated and signed in parallel, never on the event
   * loop that delivered the reads.
   */
  private Uni<Done> evaluatedAndSigned(
      TrustReadPlan plan, TrustWallets wallets, boolean proof, TrustObservations observed) {
    return Uni.createFrom()
        .item(
            () -> {
              TrustEvaluation evaluation = TrustEvaluation.of(plan, wallets, proof, observed);
              if (evaluation instanceof TrustEvaluation.Incomplete incomplete) {
                return new Done(wallets, incomplete.failures(), null, null);
              }
              TrustProfile profile = profile(wallets, (TrustEvaluation.Evaluated) evaluation);
              return new Done(wallets, null, profile, signer.signUnlogged(profile.payload()));
            })
        .runSubscriptionOn(cpu);
  }

  private TrustProfile profile(TrustWallets wallets, TrustEvaluation.Evaluated evaluation) {
    Instant now = clock.instant();
    return new TrustProfile(
        TrustProfile.idFrom(entropy.bytes(8)),
        wallets.evm().checksummed(),
        list.version(),
        evaluation.dimensions(),
        now,
        evaluation.proofDelivered());
  }

  /** One wallet's failed reads as the lines of the {@code rpc_failure} log, under {@code where}. */
  static List<RpcFailureLog.Failed> failed(String where, List<TrustFailure> failures) {
    List<RpcFailureLog.Failed> failed = new ArrayList<>();
    for (TrustFailure f : failures) {
      failed.add(new RpcFailureLog.Failed(where, f.chainId(), f.source().wireName(), f.message()));
    }
    return failed;
  }
}
