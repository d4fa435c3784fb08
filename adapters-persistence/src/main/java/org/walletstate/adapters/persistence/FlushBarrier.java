package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.walletstate.application.port.out.StatementLog;

/**
 * One replica's flush barriers, at most one in flight. A barrier ({@value #BARRIER}) runs in
 * autocommit with the session's {@code synchronous_commit} (on) and assigns a transaction id, so
 * its commit writes a commit record and waits for the WAL to be flushed through it, and with it
 * through every commit made before it was sent. A caller asks once its commit is made, and is told
 * once a barrier sent after that commit has committed, so once the WAL is flushed through it.
 * Callers that ask while a barrier is in flight share the next one, sent when it ends: however many
 * statements commit meanwhile, the log holds at most one connection for barriers, and a store that
 * stops flushing gathers callers, not connections.
 */
final class FlushBarrier {

  /** The flush barrier's statement. */
  static final String BARRIER = "select txid_current()";

  private final Pool pool;
  private final String barrier;
  private List<Consumer<Throwable>> waiting = new ArrayList<>(); // guarded by this
  private boolean flushing; // guarded by this
  private long sentAt; // System.nanoTime() of the barrier in flight; guarded by this

  /**
   * @param barrier the barrier's statement ({@link #BARRIER})
   */
  FlushBarrier(Pool pool, String barrier) {
    this.pool = pool;
    this.barrier = barrier;
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
      flushed().subscribe().with(flushed -> ended(group, null), failure -> ended(group, failure));
    } catch (RuntimeException e) {
      ended(group, notFlushed(e));
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

  /**
   * Completes once the WAL is flushed through every commit made before it; fails with {@link
   * StatementLog.Unavailable} when the barrier fails.
   */
  private Uni<Void> flushed() {
    return pool.query(barrier)
        .execute()
        .replaceWithVoid()
        .onFailure()
        .transform(FlushBarrier::notFlushed);
  }

  /**
   * The barrier after a committed statement failed: its entries may not be durable, so none of its
   * statements is issued (their entries, if they stay, are statements signed and never answered).
   */
  private static StatementLog.Unavailable notFlushed(Throwable failure) {
    return new StatementLog.Unavailable(
        "the transparency log's store did not confirm the append flushed: " + failure.getMessage());
  }
}
