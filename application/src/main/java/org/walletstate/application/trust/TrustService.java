package org.walletstate.application.trust;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.walletstate.application.account.Metering;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustBatchCommand;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustCommand;
import org.walletstate.domain.trust.TrustEvaluation;
import org.walletstate.domain.trust.TrustFailure;
import org.walletstate.domain.trust.TrustProfile;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;

/**
 * Trust profiles for callers with a key. Credits are checked before any read; the plan's EVM chains
 * are read in parallel, each once (one head, one round trip), through the family-neutral {@link
 * ChainState} port; each profile is evaluated, signed, and only then charged. A profile whose reads
 * did not complete is never signed and never charged.
 */
public final class TrustService implements TrustProfileUseCase, TrustBatchUseCase {

  private static final System.Logger LOG = System.getLogger(TrustService.class.getName());

  private static final String LEDGER_REASON = "trust";
  private static final String LEDGER_REASON_BATCH = "trust_batch";
  private static final String NO_PROOF = "proof not delivered";

  private final TrustCheckList list;
  private final ChainState chains;
  private final TrustProfileSigner signer;
  private final Metering metering;
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
      Metering metering,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    this.list = Objects.requireNonNull(list, "list");
    this.chains = Objects.requireNonNull(chains, "chains");
    this.signer = Objects.requireNonNull(signer, "signer");
    this.metering = Objects.requireNonNull(metering, "metering");
    this.entropy = Objects.requireNonNull(entropy, "entropy");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.cpu = Objects.requireNonNull(cpu, "cpu");
  }

  @Override
  public Uni<TrustOutcome> profile(KeyAccount account, TrustCommand command) {
    CreditPrice price = CreditPrice.of(TrustProfileUseCase.call(command));
    return metering
        .check(account, price)
        .flatMap(
            affordability -> {
              if (affordability instanceof Metering.Affordability.Short shortOf) {
                return Uni.createFrom()
                    .item(
                        (TrustOutcome)
                            new TrustOutcome.InsufficientCredits(
                                shortOf.available(), shortOf.required()));
              }
              TrustReadPlan plan =
                  TrustReadPlan.of(list, List.of(command.wallets()), command.proof());
              return observe(plan)
                  .flatMap(
                      observed -> {
                        TrustEvaluation evaluation =
                            TrustEvaluation.of(plan, command.wallets(), command.proof(), observed);
                        if (evaluation instanceof TrustEvaluation.Incomplete incomplete) {
                          logRpcFailure("profile", incomplete.failures(), observed);
                          return Uni.createFrom()
                              .item(
                                  (TrustOutcome)
                                      new TrustOutcome.Unavailable(incomplete.failures()));
                        }
                        TrustProfile profile =
                            profile(command.wallets(), (TrustEvaluation.Evaluated) evaluation);
                        return sign(List.of(profile))
                            .flatMap(signed -> settle(account, price, profile, signed.get(0)));
                      });
            });
  }

  @Override
  public Uni<TrustBatchOutcome> profiles(KeyAccount account, TrustBatchCommand command) {
    CreditPrice whole = CreditPrice.of(TrustBatchUseCase.call(command));
    return metering
        .check(account, whole)
        .flatMap(
            affordability -> {
              if (affordability instanceof Metering.Affordability.Short shortOf) {
                return Uni.createFrom()
                    .item(
                        (TrustBatchOutcome)
                            new TrustBatchOutcome.InsufficientCredits(
                                shortOf.available(), shortOf.required()));
              }
              TrustReadPlan plan = TrustReadPlan.of(list, command.entries(), command.proof());
              return observe(plan).flatMap(observed -> batch(account, command, plan, observed));
            });
  }

  private Uni<TrustBatchOutcome> batch(
      KeyAccount account,
      TrustBatchCommand command,
      TrustReadPlan plan,
      Map<ChainId, ChainObservation> observed) {
    List<TrustBatchOutcome.Entry> entries = new ArrayList<>();
    List<TrustProfile> profiles = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    List<RpcFailureLog.Failed> failedReads = new ArrayList<>();
    for (TrustWallets wallets : command.entries()) {
      TrustEvaluation evaluation = TrustEvaluation.of(plan, wallets, command.proof(), observed);
      if (evaluation instanceof TrustEvaluation.Incomplete incomplete) {
        failedReads.addAll(failed("wallets[" + entries.size() + "]", incomplete.failures()));
        entries.add(
            new TrustBatchOutcome.Failed(wallets.evm().checksummed(), incomplete.failures()));
      } else {
        positions.add(entries.size());
        entries.add(null);
        profiles.add(profile(wallets, (TrustEvaluation.Evaluated) evaluation));
      }
    }
    RpcFailureLog.warn(LOG, failedReads, observed);
    if (profiles.isEmpty()) {
      return metering
          .check(account, CreditPrice.of(new CreditPrice.Call(MeteredOperation.TRUST, 1, false)))
          .map(
              balance ->
                  new TrustBatchOutcome.Answered(
                      entries,
                      0,
                      balance instanceof Metering.Affordability.Affordable a
                          ? a.balance()
                          : ((Metering.Affordability.Short) balance).available()));
    }
    CreditPrice price =
        CreditPrice.of(
            new CreditPrice.Call(MeteredOperation.TRUST_BATCH, profiles.size(), command.proof()));
    boolean proofDelivered = profiles.stream().anyMatch(TrustProfile::proofDelivered);
    return sign(profiles)
        .flatMap(
            signed -> {
              for (int i = 0; i < signed.size(); i++) {
                entries.set(positions.get(i), new TrustBatchOutcome.Profiled(signed.get(i)));
              }
              return metering
                  .charge(account, price, LEDGER_REASON_BATCH, profiles.get(0).id())
                  .flatMap(
                      debit ->
                          charged(account, price, debit, proofDelivered)
                              .map(
                                  charged ->
                                      charged.insufficient() != null
                                          ? (TrustBatchOutcome) charged.insufficient().asBatch()
                                          : new TrustBatchOutcome.Answered(
                                              entries, charged.credits(), charged.balance())));
            });
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

  /** Every chain of the plan, all at once, each anchored at its own head. */
  private Uni<Map<ChainId, ChainObservation>> observe(TrustReadPlan plan) {
    return AllChains.observe(chains, plan.chains(), plan::query);
  }

  private Uni<List<String>> sign(List<TrustProfile> profiles) {
    return Uni.createFrom()
        .item(() -> profiles.stream().map(p -> signer.signTrustProfile(p.payload())).toList())
        .runSubscriptionOn(cpu);
  }

  private Uni<TrustOutcome> settle(
      KeyAccount account, CreditPrice price, TrustProfile profile, String signed) {
    return metering
        .charge(account, price, LEDGER_REASON, profile.id())
        .flatMap(debit -> charged(account, price, debit, profile.proofDelivered()))
        .map(
            charged ->
                charged.insufficient() != null
                    ? charged.insufficient()
                    : new TrustOutcome.Signed(signed, charged.credits(), charged.balance()));
  }

  /** What a debit came to: the credits kept and the balance, or a key that could not pay. */
  private record Charged(
      long credits, long balance, TrustOutcome.InsufficientCredits insufficient) {}

  private Uni<Charged> charged(
      KeyAccount account, CreditPrice price, CreditLedger.Debit debit, boolean proofDelivered) {
    return metering
        .settle(account, price, debit, proofDelivered, NO_PROOF)
        .map(
            settlement -> {
              if (settlement instanceof Metering.Settlement.Paid paid) {
                return new Charged(paid.credits(), paid.balance(), null);
              }
              // spent by a concurrent call since the check: the signed profiles are discarded
              Metering.Settlement.Unpaid unpaid = (Metering.Settlement.Unpaid) settlement;
              return new Charged(
                  0,
                  unpaid.available(),
                  new TrustOutcome.InsufficientCredits(unpaid.available(), unpaid.required()));
            });
  }

  private static List<RpcFailureLog.Failed> failed(String where, List<TrustFailure> failures) {
    List<RpcFailureLog.Failed> failed = new ArrayList<>();
    for (TrustFailure f : failures) {
      failed.add(new RpcFailureLog.Failed(where, f.chainId(), f.source().wireName(), f.message()));
    }
    return failed;
  }

  /** One WARN line per {@code rpc_failure} ({@link RpcFailureLog}). */
  private static void logRpcFailure(
      String where, List<TrustFailure> failures, Map<ChainId, ChainObservation> observed) {
    RpcFailureLog.warn(LOG, failed(where, failures), observed);
  }
}
