package org.walletstate.application.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.domain.commerce.InStorePass;

/**
 * A pass signer that keeps the passes it signed, answering {@code {"pass":{}}} and the code {@code
 * P1.<n>} for the n-th, and reads every code as the test sets; it can be made to throw as a signer
 * that cannot reach its keys does. A pass handed to the log without waiting ({@link #submit}) can
 * be held until a gate opens ({@link #appendsAfter}) and made to fail ({@link #failingAppends}), as
 * a log whose store is slow or down.
 */
public final class ScriptedPassSigner implements PassSigner {

  private final List<InStorePass> signed = new ArrayList<>();
  private Reading reading;
  private RuntimeException failure;
  private CompletableFuture<?> appendGate = CompletableFuture.completedFuture(null);
  private RuntimeException appendFailure;
  private Thread submitter;

  public ScriptedPassSigner(Reading reading) {
    this.reading = reading;
  }

  /** From now on every code reads as {@code reading}. */
  public synchronized ScriptedPassSigner reading(Reading reading) {
    this.reading = reading;
    return this;
  }

  /** From now on signing throws {@code failure}. */
  public synchronized ScriptedPassSigner failing(RuntimeException failure) {
    this.failure = failure;
    return this;
  }

  /** From now on each pass's append waits for {@code gate} before it answers. */
  public synchronized ScriptedPassSigner appendsAfter(CompletableFuture<?> gate) {
    this.appendGate = gate;
    return this;
  }

  /** From now on each pass's append fails with {@code failure} (after its gate). */
  public synchronized ScriptedPassSigner failingAppends(RuntimeException failure) {
    this.appendFailure = failure;
    return this;
  }

  /** The thread that last signed a pass and handed it to the log. */
  public synchronized Thread submitter() {
    return submitter;
  }

  /**
   * Signs on the calling thread and completes once the gate opens, finished on {@code finishing};
   * no thread waits for the gate.
   */
  @Override
  public CompletionStage<Signed> submit(InStorePass pass, Executor finishing) {
    Signed signed;
    CompletableFuture<?> gate;
    try {
      signed = sign(pass);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    synchronized (this) {
      submitter = Thread.currentThread();
      gate = appendGate;
    }
    return gate.thenApplyAsync(
        opened -> {
          synchronized (this) {
            if (appendFailure != null) {
              throw appendFailure;
            }
          }
          return signed;
        },
        finishing);
  }

  public synchronized List<InStorePass> signed() {
    return List.copyOf(signed);
  }

  @Override
  public synchronized Signed sign(InStorePass pass) {
    if (failure != null) {
      throw failure;
    }
    signed.add(pass);
    return new Signed("{\"pass\":{}}", "P1." + signed.size());
  }

  @Override
  public synchronized Reading read(String code) {
    return reading;
  }
}
