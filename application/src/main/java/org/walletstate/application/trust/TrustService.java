package org.walletstate.application.trust;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.walletstate.application.account.Charge;
import org.walletstate.application.account.Charge.Delivered;
import org.walletstate.application.account.Charge.Delivery;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustCommand;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustEvaluation;
import org.walletstate.domain.trust.TrustFailure;
import org.walletstate.domain.trust.TrustObservations;
import org.walletstate.domain.trust.TrustProfile;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;

/**
 * Trust profiles, one wallet or a batch, as one flow: the plan's chains are read in parallel, each
 * once (one head, one round trip), through the family-neutral {@link ChainState} port; each
 * wallet's profile is evaluated and signed; the {@link Payer} pays through the one {@link Charging}
 * service for the profiles signed. A profile whose reads did not complete is never signed and never
 * charged.
 */
public final class TrustService implements TrustProfileUseCase, TrustBatchUseCase {

  private static final System.Logger LOG = System.getLogger(TrustService.class.getName());

  /** How a one-wallet outcome carries what a key paid. */
  private static final Charge.Billing<TrustOutcome> PROFILE_BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) ->
              new TrustOutcome.Signed(((TrustOutcome.Signed) outcome).dataJson(), credits, balance),
          TrustOutcome.InsufficientCredits::new);

  /** How a batch's outcome carries what a key paid. */
  private static final Charge.Billing<TrustBatchOutcome> BATCH_BILLING =
      new Charge.Billing<>(
          (outcome, credits, balance) ->
              new TrustBatchOutcome.Answered(
                  ((TrustBatchOutcome.Answered) outcome).results(), credits, balance),
          TrustBatchOutcome.InsufficientCredits::new);

  private final TrustCheckList list;
  private final ChainState chains;
  private final TrustProfileSigner signer;
  private final Charging charging;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;

  /**
   * @param list the check list the profiles run
   * @param cpu where signing runs (CPU work, never on an event loop)
   */
  public TrustService(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    this.list = Objects.requireNonNull(list, "list");
    this.chains = Objects.requireNonNull(chains, "chains");
    this.signer = Objects.requireNonNull(signer, "signer");
    this.charging = Objects.requireNonNull(charging, "charging");
    this.entropy = Objects.requireNonNull(entropy, "entropy");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.cpu = Objects.requireNonNull(cpu, "cpu");
  }

  @Override
  public Uni<Paid<TrustOutcome>> profile(Payer payer, TrustCommand command) {
    CreditPrice.Call call = TrustProfileUseCase.call(command);
    return charging.charge(
        payer,
        new Charge<>(
            call,
            "trust",
            "trust",
            version -> profiled(List.of(command.wallets()), command.proof()).map(r -> one(r, call)),
            PROFILE_BILLING));
  }

  @Override
  public Uni<Paid<TrustBatchOutcome>> profiles(Payer payer, TrustBatchCommand command) {
    return charging.charge(
        payer,
        new Charge<>(
            TrustBatchUseCase.call(command),
            "trust_batch",
            "trust/batch",
            version -> profiled(command.entries(), command.proof()).map(r -> batch(r, command)),
            BATCH_BILLING));
  }

  /** A one-wallet run as its outcome: the signed profile, or the reads that failed. */
  private static Delivered<TrustOutcome> one(Run run, CreditPrice.Call call) {
    Done done = run.done().get(0);
    if (done.failures() != null) {
      RpcFailureLog.warn(LOG, failed("profile", done.failures()), run.observed());
      return new Delivered<>(new TrustOutcome.Unavailable(done.failures()), new Delivery.None());
    }
    return new Delivered<>(
        new TrustOutcome.Signed(done.signed(), 0, 0),
        new Delivery.Units(call, done.profile().id(), done.profile().proofDelivered()));
  }

  /**
   * A batch run as its outcome: one entry per wallet, in request order; what it delivered is the
   * profiles signed (none: only the key's balance is stated).
   */
  private static Delivered<TrustBatchOutcome> batch(Run run, TrustBatchCommand command) {
    List<TrustBatchOutcome.Entry> entries = new ArrayList<>();
    List<TrustProfile> profiles = new ArrayList<>();
    List<RpcFailureLog.Failed> failedReads = new ArrayList<>();
    for (Done wallet : run.done()) {
      if (wallet.failures() != null) {
        failedReads.addAll(failed("wallets[" + entries.size() + "]", wallet.failures()));
        entries.add(
            new TrustBatchOutcome.Failed(wallet.wallets().evm().checksummed(), wallet.failures()));
      } else {
        profiles.add(wallet.profile());
        entries.add(new TrustBatchOutcome.Profiled(wallet.signed()));
      }
    }
    RpcFailureLog.warn(LOG, failedReads, run.observed());
    TrustBatchOutcome answered = new TrustBatchOutcome.Answered(entries, 0, 0);
    if (profiles.isEmpty()) {
      return new Delivered<>(answered, new Delivery.Balance());
    }
    return new Delivered<>(
        answered,
        new Delivery.Units(
            new CreditPrice.Call(MeteredOperation.TRUST_BATCH, profiles.size(), command.proof()),
            profiles.get(0).id(),
            profiles.stream().anyMatch(TrustProfile::proofDelivered)));
  }

  /** What the chains answered, and each wallet's evaluation in request order. */
  private record Run(Map<ChainId, ChainObservation> observed, List<Done> done) {}

  /**
   * One wallet's evaluation, and its signed profile when its reads completed ({@code failures}
   * null), or the failures that keep it unsigned.
   */
  private record Done(
      TrustWallets wallets, List<TrustFailure> failures, TrustProfile profile, String signed) {}

  /**
   * Reads every chain of the plan for {@code entries} once, all at once, each anchored at its own
   * head; every chain's aggregate is decoded once for every wallet, and the wallets are evaluated
   * and signed in parallel.
   */
  private Uni<Run> profiled(List<TrustWallets> entries, boolean proof) {
    TrustReadPlan plan = TrustReadPlan.of(list, entries, proof);
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
              return new Done(wallets, null, profile, signer.signTrustProfile(profile.payload()));
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

  private static List<RpcFailureLog.Failed> failed(String where, List<TrustFailure> failures) {
    List<RpcFailureLog.Failed> failed = new ArrayList<>();
    for (TrustFailure f : failures) {
      failed.add(new RpcFailureLog.Failed(where, f.chainId(), f.source().wireName(), f.message()));
    }
    return failed;
  }
}
