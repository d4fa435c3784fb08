package org.walletstate.adapters.http.timing;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Context;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The {@code Server-Timing} of one answer: what the request's work spent on the outgoing ports it
 * went through, as the port decorators observe it ({@link TimedChainState} per chain, {@code
 * MeteredCreditLedger} for the ledger). The collector travels in the Mutiny {@link Context} of the
 * request's subscription, so it reaches the ports whatever thread they complete on, and a port
 * called outside such a request (a tool of {@code /mcp}, a background job) records nothing.
 *
 * <p>The signers are synchronous and run on the signing threads, where no Mutiny context is
 * visible: for them the collector is also kept in the request's Vert.x (duplicated) context, and
 * the signing pool, made {@link #carrying}, hands it to each task it was given from that context;
 * {@code MeteredSigners} then records each signature as {@code sign} ({@link #record}).
 */
public final class ServerTimings {

  static final String KEY = ServerTimings.class.getName();

  /** The collector of the request whose task this thread runs (on a {@link #carrying} pool). */
  private static final ThreadLocal<ServerTimings> CARRIED = new ThreadLocal<>();

  public static final String HEADER = "Server-Timing";

  /** Metric name and description to total milliseconds, in the order first seen. */
  private final Map<String, double[]> totals = new LinkedHashMap<>();

  synchronized void add(String name, String description, Duration elapsed) {
    String key = description == null ? name : name + "\u0000" + description;
    totals.computeIfAbsent(key, k -> new double[1])[0] += elapsed.toNanos() / 1_000_000.0;
  }

  /**
   * The field's value, e.g. {@code chain;desc="10";dur=12.41, ledger;dur=1.93}; empty when none.
   */
  public synchronized String header() {
    StringBuilder out = new StringBuilder();
    totals.forEach(
        (key, millis) -> {
          if (out.length() > 0) {
            out.append(", ");
          }
          int split = key.indexOf('\u0000');
          out.append(split < 0 ? key : key.substring(0, split));
          if (split >= 0) {
            out.append(";desc=\"").append(key.substring(split + 1)).append('"');
          }
          out.append(";dur=").append(String.format(Locale.ROOT, "%.2f", millis[0]));
        });
    return out.toString();
  }

  /**
   * Runs {@code work} with a fresh collector in its Mutiny context and hands the collector with the
   * item, so the caller can add the header to its answer.
   */
  private static <T> Uni<Timed<T>> collecting(Supplier<Uni<T>> work) {
    ServerTimings timings = new ServerTimings();
    return Uni.createFrom()
        .emitter(
            emitter -> {
              io.vertx.core.Context request = Vertx.currentContext();
              if (request != null && VertxContext.isDuplicatedContext(request)) {
                request.putLocal(KEY, timings);
              }
              work.get()
                  .subscribe()
                  .with(
                      Context.of(KEY, timings),
                      item -> emitter.complete(new Timed<>(item, timings)),
                      emitter::fail);
            });
  }

  /** The collector of the request the current thread works for, or {@code null}. */
  private static ServerTimings current() {
    ServerTimings carried = CARRIED.get();
    if (carried != null) {
      return carried;
    }
    io.vertx.core.Context request = Vertx.currentContext();
    return request != null && VertxContext.isDuplicatedContext(request)
        ? request.getLocal(KEY)
        : null;
  }

  /**
   * Adds {@code elapsed} under {@code name} to the collector of the request the current thread
   * works for (its Vert.x context, or the task a {@link #carrying} pool runs for it); outside a
   * request it records nothing.
   */
  public static void record(String name, Duration elapsed) {
    ServerTimings timings = current();
    if (timings != null) {
      timings.add(name, null, elapsed);
    }
  }

  /**
   * {@code pool}, handing each task the collector of the request it was given from (captured on the
   * calling thread), so what the task {@link #record}s lands in that request's timings.
   */
  public static Executor carrying(Executor pool) {
    return task -> {
      ServerTimings timings = current();
      if (timings == null) {
        pool.execute(task);
        return;
      }
      pool.execute(
          () -> {
            ServerTimings before = CARRIED.get();
            CARRIED.set(timings);
            try {
              task.run();
            } finally {
              if (before == null) {
                CARRIED.remove();
              } else {
                CARRIED.set(before);
              }
            }
          });
    };
  }

  /**
   * Runs {@code work} collecting its timings, answers its item with {@code answer}, and adds {@code
   * Server-Timing} to the answer when anything was timed.
   */
  public static <T> Uni<Response> answered(Supplier<Uni<T>> work, Function<T, Response> answer) {
    return collecting(work)
        .map(
            timed -> {
              Response response = answer.apply(timed.item());
              String header = timed.timings().header();
              return header.isEmpty()
                  ? response
                  : Response.fromResponse(response).header(HEADER, header).build();
            });
  }

  /** An item and the timings of the work that produced it. */
  private record Timed<T>(T item, ServerTimings timings) {}

  /**
   * {@code work}, timed from its subscription to its end into the collector of the subscriber's
   * context when there is one.
   */
  public static <T> Uni<T> timed(Uni<T> work, String name, String description) {
    return Uni.createFrom()
        .context(
            context -> {
              ServerTimings timings = context.getOrElse(KEY, () -> null);
              if (timings == null) {
                return work;
              }
              long start = System.nanoTime();
              return work.onTermination()
                  .invoke(
                      () ->
                          timings.add(
                              name, description, Duration.ofNanos(System.nanoTime() - start)));
            });
  }
}
