package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;

/**
 * Chain state answered from a table of readings per chain, as an adapter would: the query's first
 * round, then its follow-ups computed from the first round's readings, and the proofs it asks for
 * that the table holds, all at one anchor. A read the table does not hold is answered by the
 * fallback (unreadable unless set). A chain marked down has no readable head. Every observation is
 * recorded.
 *
 * <p>Anchors default to block 100, two seconds before the clock, on EVM chains and to a fixed slot
 * on Solana; other families need {@link #anchoredAt}.
 *
 * <p>An EVM chain is also read at its past blocks ({@link #observeAt}): a read with a history
 * ({@link #from}) answers what held at that block, any other as the table answers it; block n is
 * {@link #BLOCK_TIME} per block before the head's timestamp. Every past read is recorded ({@link
 * #pastReads}).
 */
public final class TableChainState implements ChainState {

  /** The slot Solana chains are anchored at unless told otherwise. */
  public static final long SOLANA_SLOT = 341_197_933L;

  private final Clock clock;
  private final Map<ChainId, Map<ChainRead<?>, Reading<?>>> table = new HashMap<>();
  private final Map<ChainId, Anchor> anchors = new HashMap<>();
  private final Map<ProofTarget, ProofOutcome> proofs = new HashMap<>();
  private final Set<ChainId> down = new HashSet<>();
  private final Map<ChainId, ReadAssurance> quorums = new HashMap<>();
  private final Set<ChainId> disagreeing = new HashSet<>();
  private final List<ChainId> observed = new ArrayList<>();
  private final List<ChainQuery> queries = new ArrayList<>();
  private final Map<ChainId, Map<ChainRead<?>, NavigableMap<Long, Reading<?>>>> history =
      new HashMap<>();
  private final Map<ChainId, NavigableMap<Long, Reading<?>>> everyRead = new HashMap<>();
  private final List<PastRead> pastReads = new ArrayList<>();
  private BiPredicate<ChainId, Long> pastFails = (chain, block) -> false;
  private BiFunction<ChainId, ChainRead<?>, Reading<?>> otherwise =
      (chain, read) -> new Reading.Unreadable<>("no answer in the table for " + read);

  /** The time between two blocks of an EVM chain read at past blocks. */
  public static final Duration BLOCK_TIME = Duration.ofSeconds(2);

  /** A read of a chain at a past block: the query it ran. */
  public record PastRead(ChainId chain, long block, ChainQuery query) {}

  public TableChainState(Clock clock) {
    this.clock = clock;
  }

  /** Answers {@code read} on {@code chain} with {@code reading}. */
  public synchronized <T> TableChainState answer(
      ChainId chain, ChainRead<T> read, Reading<T> reading) {
    table.computeIfAbsent(chain, c -> new HashMap<>()).put(read, reading);
    return this;
  }

  /** Answers {@code read} on {@code chain} with {@code value}. */
  public <T> TableChainState value(ChainId chain, ChainRead<T> read, T value) {
    return answer(chain, read, new Reading.Value<>(value));
  }

  /**
   * From block {@code block} of {@code chain} on (until a later entry), a read at a past block
   * answers {@code read} with {@code reading}.
   */
  public synchronized <T> TableChainState from(
      ChainId chain, long block, ChainRead<T> read, Reading<T> reading) {
    history
        .computeIfAbsent(chain, c -> new HashMap<>())
        .computeIfAbsent(read, r -> new TreeMap<>())
        .put(block, reading);
    return this;
  }

  /**
   * From block {@code block} of {@code chain} on (until a later entry), a read at a past block
   * answers every read without a history of its own ({@link #from}) with {@code reading}.
   */
  public synchronized TableChainState everyReadFrom(ChainId chain, long block, Reading<?> reading) {
    everyRead.computeIfAbsent(chain, c -> new TreeMap<>()).put(block, reading);
    return this;
  }

  /** From now on a read at a past block answers no block where {@code fails} says so. */
  public synchronized TableChainState pastFailing(BiPredicate<ChainId, Long> fails) {
    this.pastFails = fails;
    return this;
  }

  /** The reads at past blocks, in order. */
  public synchronized List<PastRead> pastReads() {
    return List.copyOf(pastReads);
  }

  /** Forgets every answer on {@code chain}. */
  public synchronized TableChainState clear(ChainId chain) {
    table.remove(chain);
    return this;
  }

  /** Answers every read the table does not hold with {@code answers}. */
  public synchronized TableChainState otherwise(
      BiFunction<ChainId, ChainRead<?>, Reading<?>> answers) {
    this.otherwise = answers;
    return this;
  }

  public synchronized TableChainState anchoredAt(ChainId chain, Anchor anchor) {
    anchors.put(chain, anchor);
    return this;
  }

  /** Delivers {@code outcome} whenever {@code target} is asked for. */
  public synchronized TableChainState prove(ProofTarget target, ProofOutcome outcome) {
    proofs.put(target, outcome);
    return this;
  }

  /** From now on {@code chain}'s head cannot be read. */
  public synchronized TableChainState down(ChainId chain) {
    down.add(chain);
    return this;
  }

  /**
   * A query of {@code chain} that asks for a quorum is answered as read by {@code providers} of
   * {@code of} providers that agreed.
   */
  public synchronized TableChainState quorumOf(ChainId chain, int providers, int of) {
    quorums.put(chain, new ReadAssurance(Assurance.QUORUM, providers, of));
    return this;
  }

  /** A query of {@code chain} that asks for a quorum finds its providers disagreeing. */
  public synchronized TableChainState disagreeing(ChainId chain) {
    disagreeing.add(chain);
    return this;
  }

  /** The chains observed, in order, a chain once per observation. */
  public synchronized List<ChainId> observed() {
    return List.copyOf(observed);
  }

  /** The queries received, in order. */
  public synchronized List<ChainQuery> queries() {
    return List.copyOf(queries);
  }

  /** Every proof target asked for. */
  public synchronized Set<ProofTarget> proofsAsked() {
    Set<ProofTarget> asked = new HashSet<>();
    queries.forEach(query -> asked.addAll(query.proofs()));
    return asked;
  }

  @Override
  public synchronized Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    observed.add(chain);
    queries.add(query);
    if (down.contains(chain)) {
      return Uni.createFrom().item(new ChainObservation.HeadUnavailable("connection refused"));
    }
    boolean quorum = query.assurance() == Assurance.QUORUM;
    if (quorum && disagreeing.contains(chain)) {
      return Uni.createFrom()
          .item(ChainObservation.HeadUnavailable.disagreement("one.test and two.test differ"));
    }
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    query.reads().forEach(read -> answers.put(read, answerTo(chain, read)));
    query
        .followUps()
        .apply(Readings.of(answers))
        .forEach(read -> answers.put(read, answerTo(chain, read)));
    Map<ProofTarget, ProofOutcome> delivered = new HashMap<>();
    query.proofs().stream()
        .filter(proofs::containsKey)
        .forEach(target -> delivered.put(target, proofs.get(target)));
    return Uni.createFrom()
        .item(
            new ChainObservation.Observed(
                anchorOf(chain),
                Readings.of(answers),
                delivered,
                quorum
                    ? quorums.getOrDefault(chain, new ReadAssurance(Assurance.QUORUM, 2, 2))
                    : ReadAssurance.single()));
  }

  /**
   * {@code query} at block {@code block} of an EVM chain at or below its head: each read with a
   * history answers what held there, every other as {@link #observe} answers it; no proofs.
   */
  @Override
  public synchronized Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    pastReads.add(new PastRead(chain, block, query));
    if (!(anchorOf(chain) instanceof Anchor.EvmBlock head)
        || block > head.number().longValueExact()
        || down.contains(chain)
        || pastFails.test(chain, block)) {
      return Uni.createFrom().item(new ChainObservation.HeadUnavailable("no block " + block));
    }
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    query.reads().forEach(read -> answers.put(read, answerAt(chain, block, read)));
    query
        .followUps()
        .apply(Readings.of(answers))
        .forEach(read -> answers.put(read, answerAt(chain, block, read)));
    Instant at =
        head.timestamp().minus(BLOCK_TIME.multipliedBy(head.number().longValueExact() - block));
    return Uni.createFrom()
        .item(
            new ChainObservation.Observed(
                new Anchor.EvmBlock(BigInteger.valueOf(block), at), Readings.of(answers)));
  }

  private Reading<?> answerAt(ChainId chain, long block, ChainRead<?> read) {
    NavigableMap<Long, Reading<?>> held =
        history.getOrDefault(chain, Map.of()).getOrDefault(read, new TreeMap<>());
    Map.Entry<Long, Reading<?>> at = held.floorEntry(block);
    if (at == null) {
      at = everyRead.getOrDefault(chain, new TreeMap<>()).floorEntry(block);
    }
    return at != null ? at.getValue() : answerTo(chain, read);
  }

  private Reading<?> answerTo(ChainId chain, ChainRead<?> read) {
    Reading<?> answer = table.getOrDefault(chain, Map.of()).get(read);
    return answer != null ? answer : otherwise.apply(chain, read);
  }

  private Anchor anchorOf(ChainId chain) {
    Anchor anchor = anchors.get(chain);
    if (anchor != null) {
      return anchor;
    }
    if (chain instanceof ChainId.Evm) {
      return new Anchor.EvmBlock(BigInteger.valueOf(100), clock.instant().minusSeconds(2));
    }
    if (ChainCatalogue.find(chain).map(Chain::family).orElse(null) == ChainFamily.SOLANA) {
      return new Anchor.SolanaSlot(SOLANA_SLOT);
    }
    throw new IllegalStateException("no anchor for chain " + chain + ": set one with anchoredAt");
  }
}
