package org.walletstate.adapters.persistence;

import io.vertx.mutiny.sqlclient.Pool;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One replica's flush barriers ({@link SequencingStatement#flushed}), at most one in flight: a
 * caller asks once its commit is made, and is told once a barrier sent after that commit has
 * committed, so once the WAL is flushed through it. Callers that ask while a barrier is in flight
 * share the next one, sent when it ends: however many statements commit meanwhile, the log holds at
 * most one connection for barriers, and a store that stops flushing gathers callers, not
 * connections.
 */
final class FlushBarrier {

  private final Pool pool;
  private final SequencingStatement statement;
  private List<Consumer<Throwable>> waiting = new ArrayList<>(); // guarded by this
  private boolean flushing; // guarded by this
  private long sentAt; // System.nanoTime() of the barrier in flight; guarded by this

  FlushBarrier(Pool pool, SequencingStatement statement) {
    this.pool = pool;
    this.statement = statement;
  }

  /**
   * Calls {@code done} with {@code null} once the WAL is flushed through every commit made before
   * this call, or with the barrier's failure ({@link
   * org.walletstate.application.port.out.StatementLog.Unavailable}); on the pool's event loop.
   */
  void await(Consumer<Throwable> done) {
    List<Consumer<Throwable>> group;
    synchronized (this) {
      waiting.add(done);
      if (flushing) {
        return; // the barrier in flight may have been sent before this commit: wait for the next
      }
      flushing = true;
      group = take();
    }
    send(group);
  }

  /** How long the barrier in flight has been out, in nanoseconds; 0 when none is. */
  synchronized long stalledNanos() {
    return flushing ? System.nanoTime() - sentAt : 0;
  }

  private List<Consumer<Throwable>> take() {
    List<Consumer<Throwable>> group = waiting;
    waiting = new ArrayList<>();
    sentAt = System.nanoTime();
    return group;
  }

  private void send(List<Consumer<Throwable>> group) {
    try {
      statement
          .flushed(pool)
          .subscribe()
          .with(flushed -> ended(group, null), failure -> ended(group, failure));
    } catch (RuntimeException e) {
      ended(group, SequencingStatement.notFlushed(e));
    }
  }

  /** Sends the next barrier for those who asked meanwhile, then tells this one's callers. */
  private void ended(List<Consumer<Throwable>> group, Throwable failure) {
    List<Consumer<Throwable>> next = null;
    synchronized (this) {
      if (waiting.isEmpty()) {
        flushing = false;
      } else {
        next = take();
      }
    }
    if (next != null) {
      send(next);
    }
    for (Consumer<Throwable> done : group) {
      done.accept(failure);
    }
  }
}
