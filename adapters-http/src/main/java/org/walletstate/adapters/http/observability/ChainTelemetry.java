package org.walletstate.adapters.http.observability;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The one observer of the chain readers: each call's outcome goes to the meters (per chain and
 * provider) and the status board; each round trip on a provider is a client span; and each family's
 * reader is wrapped ({@link #traced}) so that every observation is a span too, the parent of its
 * round trips. Tracing costs nothing while the OpenTelemetry SDK is off: no span is then valid, and
 * no round-trip span is started.
 */
public final class ChainTelemetry implements ChainCallObserver {

  static final AttributeKey<String> CHAIN = AttributeKey.stringKey("walletstate.chain");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("walletstate.provider");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("walletstate.outcome");

  // Fields and null checks written out by design: each class holds only what it is given.
  private final ServiceMeters meters;
  private final ChainStatusBoard board;
  private final Tracer tracer;

  public ChainTelemetry(ServiceMeters meters, ChainStatusBoard board, Tracer tracer) {
    this.meters = Objects.requireNonNull(meters, "meters");
    this.board = Objects.requireNonNull(board, "board");
    this.tracer = Objects.requireNonNull(tracer, "tracer");
  }

  @Override
  public void called(ChainId chain, Outcome outcome, Duration elapsed, String provider) {
    meters.chainCall(chain, outcome, elapsed, provider);
    board.called(chain, outcome, provider);
  }

  @Override
  public void disagreed(ChainId chain, String provider) {
    meters.quorumDisagreement(chain, provider);
  }

  /** A client span for the round trip, a child of the observation (none outside a trace). */
  @Override
  public RoundTrip roundTrip(ChainId chain, String provider, String operation) {
    meters.roundTrip(chain, operation);
    if (!Span.current().getSpanContext().isValid()) {
      return RoundTrip.NONE;
    }
    Span span =
        tracer
            .spanBuilder("chain rpc " + operation)
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute(CHAIN, String.valueOf(chain))
            .setAttribute(PROVIDER, provider)
            .startSpan();
    return failure -> {
      if (failure != null) {
        span.setStatus(StatusCode.ERROR, failure);
      }
      span.end();
    };
  }

  @Override
  public Runnable carry(Runnable task) {
    return Context.current().wrap(task);
  }

  /** {@code reader}, each of its observations a span (and its anchors on the status board). */
  public ChainState traced(ChainState reader) {
    return new Traced(reader);
  }

  /** A reader whose observations are spans; closes what it wraps. */
  private final class Traced implements ChainState, AutoCloseable {
    private final ChainState reader;

    Traced(ChainState reader) {
      this.reader = Objects.requireNonNull(reader, "reader");
    }

    @Override
    public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
      return spanned(chain, "chain observe", true, () -> reader.observe(chain, query));
    }

    /** A span as {@link #observe}; a past block's anchor is not the chain's on the status board. */
    @Override
    public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
      return spanned(
          chain, "chain observe at block", false, () -> reader.observeAt(chain, block, query));
    }

    private Uni<ChainObservation> spanned(
        ChainId chain, String name, boolean head, Supplier<Uni<ChainObservation>> read) {
      Span span =
          tracer
              .spanBuilder(name)
              .setSpanKind(SpanKind.INTERNAL)
              .setAttribute(CHAIN, chain.toString())
              .startSpan();
      // assembled and subscribed with the span current: Mutiny's context propagation restores
      // what was current at assembly, so the reader's round trips become the span's children
      Uni<ChainObservation> observation;
      Scope assembling = span.makeCurrent();
      try {
        observation = read.get(); // a refused query still throws here
      } catch (RuntimeException refused) {
        span.setStatus(StatusCode.ERROR, refused.getClass().getSimpleName());
        span.end();
        throw refused;
      } finally {
        assembling.close();
      }
      return Uni.createFrom()
          .emitter(
              emitter -> {
                Scope scope = span.makeCurrent();
                try {
                  observation
                      .subscribe()
                      .with(
                          observed -> {
                            ended(span, chain, observed, head);
                            emitter.complete(observed);
                          },
                          failure -> {
                            span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
                            span.end();
                            emitter.fail(failure);
                          });
                } finally {
                  scope.close();
                }
              });
    }

    private void ended(Span span, ChainId chain, ChainObservation observation, boolean head) {
      if (observation instanceof ChainObservation.Observed observed) {
        if (head) {
          board.anchored(chain, observed.anchor());
        }
        span.setAttribute(OUTCOME, "observed");
      } else {
        span.setAttribute(OUTCOME, "head_unavailable");
        span.setStatus(StatusCode.ERROR, "head unavailable");
      }
      span.end();
    }

    @Override
    public void close() {
      if (reader instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new IllegalStateException("a chain reader did not close", e);
        }
      }
    }
  }
}
