package org.walletstate.adapters.chain.jsonrpc;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;

/**
 * One non-EVM chain's reader with quorum reads beside it: a query without {@code "quorum"} goes to
 * the chain's one reader (failover among its endpoints), a quorum query to the first k of its n
 * independent providers, each a reader of the same family over its own endpoints, called in
 * parallel. How they are anchored is the family's {@link QuorumPinning}:
 *
 * <ul>
 *   <li>{@link QuorumPinning#PINNED}: every provider's latest anchor; the lowest is the anchor,
 *       provided the highest is at most {@code maxLag} above it; every provider above it is asked
 *       for its anchor at that position, and all k must hold the same (same hash); then every read
 *       is made at that anchor on each provider.
 *   <li>{@link QuorumPinning#CURRENT}: every provider takes its own snapshot at once; their anchors
 *       must be at most {@code maxLag} apart, and identical where at the same position; the signed
 *       anchor is the lowest.
 *   <li>{@link QuorumPinning#BRACKETED}: as {@code CURRENT}, but the providers' anchors are
 *       compared before any read, then each provider reads from its own anchor.
 * </ul>
 *
 * <p>Then the readings are compared read by read: a read unreadable on any provider is unreadable
 * (as with one provider); values that differ are a disagreement. A provider that cannot be read, or
 * any disagreement, refuses the chain ({@link ChainObservation.HeadUnavailable}, a 503 {@code
 * rpc_failure}); a disagreement is told to the observer once per provider taking part.
 *
 * @param <R> the family's read type
 */
public final class QuorumSnapshotChainState<R extends ChainRead<?>>
    implements ChainState, AutoCloseable {

  /** One provider of the quorum: its configured name (never a URL) and its own reader. */
  public record Provider<R extends ChainRead<?>>(String name, SnapshotChainState<R> reader) {
    public Provider {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(reader, "reader");
    }
  }

  private final SnapshotChainState<R> single;
  private final List<Provider<R>> read;
  private final int of;
  private final long maxLag;
  private final boolean signsNames;
  private final ChainCallObserver observer;

  /**
   * @param single the chain's reader for every query without a quorum
   * @param read the k providers read for a quorum (empty: too few are configured, and quorum
   *     queries are refused)
   * @param of n: the independent providers configured
   */
  public QuorumSnapshotChainState(
      SnapshotChainState<R> single,
      List<Provider<R>> read,
      int of,
      long maxLag,
      boolean signsNames,
      ChainCallObserver observer) {
    this.single = Objects.requireNonNull(single, "single");
    this.read = List.copyOf(read);
    if (!this.read.isEmpty() && (this.read.size() < 2 || of < this.read.size())) {
      throw new IllegalArgumentException(
          "a quorum reads 2 ≤ k ≤ n providers, got " + this.read.size() + " of " + of);
    }
    if (!this.read.isEmpty() && single.pinning() == QuorumPinning.NONE) {
      throw new IllegalArgumentException(single.family() + " has no quorum reads");
    }
    this.of = of;
    this.maxLag = maxLag;
    this.signsNames = signsNames;
    this.observer = Objects.requireNonNull(observer, "observer");
  }

  /**
   * {@code single} with the quorum {@code quorum} describes: the first k independent providers,
   * each read by {@code readerOf} over its own endpoints with {@code single}'s policy.
   */
  public static <R extends ChainRead<?>> QuorumSnapshotChainState<R> of(
      SnapshotChainState<R> single,
      SnapshotQuorum quorum,
      Function<JsonRpcChainConfig, SnapshotChainState<R>> readerOf,
      ChainCallObserver observer) {
    List<ReadProvider> independent = quorum.independent();
    List<Provider<R>> read = new ArrayList<>();
    if (single.pinning() != QuorumPinning.NONE && independent.size() >= quorum.size()) {
      JsonRpcChainConfig c = single.config();
      for (ReadProvider provider : independent.subList(0, quorum.size())) {
        JsonRpcChainConfig own =
            new JsonRpcChainConfig(
                c.chain(),
                provider.endpoints(),
                c.requestTimeout(),
                c.attempts(),
                c.initialBackoff(),
                c.maxBackoff(),
                c.observationDeadline(),
                c.failback());
        read.add(new Provider<>(provider.name(), readerOf.apply(own)));
      }
    }
    return new QuorumSnapshotChainState<>(
        single, read, independent.size(), quorum.maxLag(), quorum.signsNames(), observer);
  }

  @Override
  public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    if (query.assurance() != Assurance.QUORUM) {
      return single.observe(chain, query);
    }
    if (!chain.equals(single.config().chain())) {
      throw new IllegalArgumentException("this reader reads " + single.config().chain());
    }
    Set<R> reads = single.readsOf(query.reads());
    if (read.isEmpty()) {
      return Uni.createFrom()
          .item(
              new ChainObservation.HeadUnavailable(
                  "fewer independent providers than the quorum are configured for " + chain));
    }
    return single.observeOffCaller(
        query,
        () ->
            observeNow(
                reads, Deadline.after(single.clock(), single.config().observationDeadline())));
  }

  private ChainObservation observeNow(Set<R> reads, Deadline deadline) {
    try {
      return agreedObservation(reads, deadline);
    } catch (CompletionException unexpected) {
      // an answer of a shape no family check foresaw: unreadable, never a verdict
      return new ChainObservation.HeadUnavailable(
          "a provider failed: " + unexpected.getCause().getClass().getSimpleName());
    }
  }

  private ChainObservation agreedObservation(Set<R> reads, Deadline deadline) {
    QuorumAgreement<R> agreement = new QuorumAgreement<>(this, deadline);
    try {
      List<ChainObservation> each =
          switch (single.pinning()) {
            case PINNED -> {
              Anchor anchor = agreement.anchor();
              yield everywhere(p -> () -> p.reader().observeAt(reads, anchor, deadline));
            }
            case BRACKETED -> {
              List<Anchor> own = agreement.own();
              yield everywhere(
                  p -> () -> p.reader().observeAt(reads, own.get(read.indexOf(p)), deadline));
            }
            default -> everywhere(p -> () -> p.reader().observeNow(reads, deadline));
          };
      return compared(reads, each);
    } catch (QuorumAgreement.Refused refused) {
      return refused.observation();
    }
  }

  /** The k snapshots, one per provider, as one observation, or a refusal. */
  private ChainObservation compared(Set<R> reads, List<ChainObservation> each)
      throws QuorumAgreement.Refused {
    List<Anchor> anchors = new ArrayList<>();
    for (int i = 0; i < each.size(); i++) {
      if (each.get(i) instanceof ChainObservation.HeadUnavailable unavailable) {
        return new ChainObservation.HeadUnavailable(name(i) + ": " + unavailable.detail());
      }
      anchors.add(((ChainObservation.Observed) each.get(i)).anchor());
    }
    int low = QuorumAgreement.alike(this, anchors);
    Map<ChainRead<?>, Reading<?>> agreed = new LinkedHashMap<>();
    for (ChainRead<?> r : reads) {
      Reading<?> first = reading(each, 0, r);
      Reading<?> kept = first;
      for (int i = 1; i < each.size() && !(kept instanceof Reading.Unreadable); i++) {
        Reading<?> other = reading(each, i, r);
        if (other instanceof Reading.Unreadable) {
          kept = other;
        } else if (!other.equals(first)) {
          throw refusal(0, i, "answered a read differently");
        }
      }
      agreed.put(r, kept);
    }
    return new ChainObservation.Observed(
        anchors.get(low), Readings.of(agreed), Map.of(), assurance());
  }

  private static <T> Reading<T> reading(
      List<ChainObservation> each, int provider, ChainRead<T> read) {
    return ((ChainObservation.Observed) each.get(provider)).readings().reading(read);
  }

  /** What an observation that agreed signs: quorum k of n, with the k names when signed. */
  private ReadAssurance assurance() {
    List<String> names = signsNames ? read.stream().map(Provider::name).toList() : List.of();
    return new ReadAssurance(Assurance.QUORUM, read.size(), of, names);
  }

  /** {@code call} of every provider at once, each on its own reader's pool, in provider order. */
  <T> List<T> everywhere(Function<Provider<R>, java.util.function.Supplier<T>> call) {
    List<CompletableFuture<T>> calls = new ArrayList<>();
    read.forEach(provider -> calls.add(provider.reader().offCaller(call.apply(provider))));
    return calls.stream().map(CompletableFuture::join).toList();
  }

  /**
   * The refusal of a disagreement between providers {@code a} and {@code b}, told to the observer.
   */
  QuorumAgreement.Refused refusal(int a, int b, String what) {
    observer.disagreed(single.config().chain(), name(a));
    if (b != a) {
      observer.disagreed(single.config().chain(), name(b));
    }
    return new QuorumAgreement.Refused(
        ChainObservation.HeadUnavailable.disagreement(
            "chain "
                + single.config().chain()
                + ": providers disagree: "
                + name(a)
                + " and "
                + name(b)
                + " "
                + what));
  }

  List<Provider<R>> providers() {
    return read;
  }

  long maxLag() {
    return maxLag;
  }

  long position(Anchor anchor) {
    return single.position(anchor);
  }

  String name(int provider) {
    return read.get(provider).name();
  }

  @Override
  public void close() {
    single.close();
    read.forEach(provider -> provider.reader().close());
  }
}
