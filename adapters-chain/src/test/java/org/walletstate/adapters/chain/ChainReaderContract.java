package org.walletstate.adapters.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.math.BigInteger;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * What every chain family's reader does against its node, whatever the family: a native balance and
 * a token balance read at the anchor the node is at, decimals as the chain states them (where the
 * family has them), an account that does not exist answered as the family defines it, and a node
 * that fails or hangs turned into a read failure (an unavailable head or unreadable values) in
 * bounded time: never an exception and never a made-up value.
 *
 * <p>A family's reader test extends this class and supplies its fixtures: the reader under test
 * (through the {@link ChainState} port), the reads with the values its node (the devnet for EVM, a
 * replay of the documented answers for the others) gives them, and a way to break that node.
 */
public abstract class ChainReaderContract {

  /** Long enough for any observation of a healthy node on a loaded machine. */
  protected static final Duration AWAIT = Duration.ofSeconds(90);

  /** A read and the value the node's fixtures give it. */
  public record Expected<T>(ChainRead<T> read, T value) {}

  /** How a test breaks the node behind the reader. */
  public enum Fault {
    /** Every call is answered with a server error. */
    FAILING,
    /** Every call is answered long after any of the reader's timeouts. */
    HANGING
  }

  /** The chain the reader reads in these tests. */
  protected abstract ChainId chain();

  /** The reader under test, reading {@link #chain()} from a healthy node. */
  protected abstract ChainState reader();

  /** Fails unless {@code anchor} is the one the node is at (its family's anchor and values). */
  protected abstract void assertAnchoredAtTheNode(Anchor anchor);

  /** The native balance of a funded wallet. */
  protected abstract Expected<BigInteger> nativeBalance();

  /** A token balance of the same wallet; empty for a family without tokens. */
  protected abstract Optional<Expected<?>> tokenBalance();

  /** The token's decimals as the chain states them; empty where the family fixes the scale. */
  protected abstract Optional<Expected<?>> decimals();

  /** Reads of an account the node does not know, each with what the family answers for it. */
  protected abstract List<Expected<?>> unknownAccount();

  /** The reader of {@link #chain()} with its node broken as {@code fault} says. */
  protected abstract ChainState brokenNode(Fault fault);

  /** How long a reader whose node hangs may take to answer. */
  protected Duration hangingBound() {
    return Duration.ofSeconds(8);
  }

  @Test
  void contract_nativeBalance_isReadAtTheAnchorTheNodeIsAt() {
    Expected<BigInteger> balance = nativeBalance();

    ChainObservation.Observed observed = observed(observe(reader(), List.of(balance)));

    assertAnchoredAtTheNode(observed.anchor());
    assertValue(observed, balance);
  }

  @Test
  void contract_tokenBalance_isReadAtTheSameAnchorAsTheNativeOne() {
    assumeThat(tokenBalance()).as("the family has tokens").isPresent();
    List<Expected<?>> reads = List.of(nativeBalance(), tokenBalance().orElseThrow());

    ChainObservation.Observed observed = observed(observe(reader(), reads));

    assertAnchoredAtTheNode(observed.anchor());
    reads.forEach(expected -> assertValue(observed, expected));
  }

  @Test
  void contract_decimals_areTheOnesTheChainStates() {
    assumeThat(decimals()).as("the family reads decimals from the chain").isPresent();
    Expected<?> decimals = decimals().orElseThrow();

    assertValue(observed(observe(reader(), List.of(decimals))), decimals);
  }

  @Test
  void contract_anAccountTheNodeDoesNotKnow_isAnsweredAsTheFamilyDefines() {
    List<Expected<?>> reads = unknownAccount();
    assertThat(reads).as("reads of an unknown account").isNotEmpty();

    ChainObservation.Observed observed = observed(observe(reader(), reads));

    reads.forEach(expected -> assertValue(observed, expected));
  }

  @Test
  void contract_aFailingNode_isAReadFailure_neverAnExceptionNorAValue() {
    assertReadFailure(observe(brokenNode(Fault.FAILING), fundedReads()));
  }

  @Test
  void contract_aHangingNode_isAReadFailure_withinItsBound() {
    ChainState reader = brokenNode(Fault.HANGING);

    long started = System.nanoTime();
    ChainObservation observation = observe(reader, fundedReads());

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(hangingBound());
    assertReadFailure(observation);
  }

  /** The reply a replay gives every call for {@code fault}. */
  protected static Reply reply(Fault fault) {
    return fault == Fault.FAILING
        ? Reply.status(503)
        : Reply.json("{}").after(Duration.ofSeconds(10));
  }

  /** The catalogue's chain of this id ({@code solana}, {@code xrpl}, ...). */
  protected static ChainId catalogued(String id) {
    return ChainCatalogue.all().stream()
        .filter(c -> c.id().toString().equals(id))
        .findFirst()
        .orElseThrow()
        .id();
  }

  /**
   * A replay's reader settings: short timeouts (700 ms a request, 3 attempts, a 4 s deadline), so a
   * broken node is a failure in a few seconds.
   */
  protected static JsonRpcChainConfig replayConfig(ChainId chain, URI endpoint) {
    return new JsonRpcChainConfig(
        chain,
        List.of(endpoint),
        Duration.ofMillis(700),
        3,
        Duration.ofMillis(10),
        Duration.ofMillis(40),
        Duration.ofSeconds(4),
        Duration.ofSeconds(60));
  }

  /** The clock the replay readers are built with. */
  protected static Clock clock() {
    return Clock.systemUTC();
  }

  private List<Expected<?>> fundedReads() {
    List<Expected<?>> reads = new ArrayList<>();
    reads.add(nativeBalance());
    tokenBalance().ifPresent(reads::add);
    return reads;
  }

  private ChainObservation observe(ChainState reader, List<Expected<?>> reads) {
    Set<ChainRead<?>> query = new LinkedHashSet<>();
    reads.forEach(expected -> query.add(expected.read()));
    ChainObservation observation =
        reader.observe(chain(), ChainQuery.of(query)).await().atMost(AWAIT);
    assertThat(observation).as("an observation, never a failed Uni").isNotNull();
    return observation;
  }

  private static ChainObservation.Observed observed(ChainObservation observation) {
    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    return (ChainObservation.Observed) observation;
  }

  private static <T> void assertValue(ChainObservation.Observed observed, Expected<T> expected) {
    assertThat(observed.readings().reading(expected.read()))
        .as("reading of %s", expected.read())
        .isEqualTo(new Reading.Value<>(expected.value()));
  }

  private void assertReadFailure(ChainObservation observation) {
    if (observation instanceof ChainObservation.Observed observed) {
      for (Expected<?> expected : fundedReads()) {
        assertThat(observed.readings().reading(expected.read()))
            .as("reading of %s from a broken node", expected.read())
            .isInstanceOf(Reading.Unreadable.class);
      }
    } else {
      assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    }
  }
}
