package org.walletstate.application.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.PayloadValue;

/**
 * A signer of every statement type that keeps what it was given and answers a fixed text in place
 * of signatures: {@code {"attestation":{}}}, {@code {"trust":{}}} or {@code {"discount":{}}}. When
 * {@link #failing} it throws as a signer that cannot reach its keys does. An append handed over
 * without waiting (an attestation's {@link #logged}, a trust run's {@link #submitted}, a discount
 * verification's {@link #submitDiscount}) can be held until a gate opens ({@link #appendsAfter})
 * and made to fail ({@link #failingAppends}), as a log whose store is slow or down; the thread that
 * last handed one over is {@link #submitter}.
 */
public final class RecordingSigner
    implements AttestationSigner, TrustProfileSigner, DiscountSigner {

  private final List<SigningRequest> attestations = new ArrayList<>();
  private final List<PayloadValue.Obj> profiles = new ArrayList<>();
  private final List<PayloadValue.Obj> discounts = new ArrayList<>();
  private RuntimeException failure;
  private CompletableFuture<?> appendGate = CompletableFuture.completedFuture(null);
  private RuntimeException appendFailure;
  private int appended;
  private int held;
  private Thread submitter;

  /** From now on every signing throws {@code failure}. */
  public synchronized RecordingSigner failing(RuntimeException failure) {
    this.failure = failure;
    return this;
  }

  /** From now on each append (of any statement) waits for {@code gate} before it answers. */
  public synchronized RecordingSigner appendsAfter(CompletableFuture<?> gate) {
    this.appendGate = gate;
    return this;
  }

  /** From now on each append fails with {@code failure} (after its gate). */
  public synchronized RecordingSigner failingAppends(RuntimeException failure) {
    this.appendFailure = failure;
    return this;
  }

  /** How many statements were appended to the log. */
  public synchronized int appended() {
    return appended;
  }

  public synchronized List<SigningRequest> attestations() {
    return List.copyOf(attestations);
  }

  public synchronized List<PayloadValue.Obj> profiles() {
    return List.copyOf(profiles);
  }

  public synchronized List<PayloadValue.Obj> discounts() {
    return List.copyOf(discounts);
  }

  @Override
  public SignedAttestation sign(SigningRequest request) {
    return logged(signUnlogged(request), Runnable::run).toCompletableFuture().join();
  }

  @Override
  public synchronized Pending signUnlogged(SigningRequest request) {
    failIfFailing();
    attestations.add(request);
    return new Ready(new SignedAttestation(request.attestation(), "{\"attestation\":{}}"));
  }

  /**
   * Completes once the gate opens (no thread waits for it, as a log's group commit), appending or
   * failing then; how many appends were handed over and not yet answered is {@link #heldAppends}.
   */
  @Override
  public CompletionStage<SignedAttestation> logged(Pending pending, Executor finishing) {
    return afterGate(1, () -> ((Ready) pending).signed(), finishing);
  }

  /** A trust run's profiles, appended together once the gate opens, as {@link #logged}. */
  @Override
  public CompletionStage<List<String>> submitted(List<Signed> signed, Executor finishing) {
    return afterGate(
        signed.size(),
        () -> {
          List<String> texts = new ArrayList<>();
          for (Signed profile : signed) {
            texts.add(((Finished) profile).text());
          }
          return texts;
        },
        finishing);
  }

  /** A discount verification signed now and appended once the gate opens, as {@link #logged}. */
  @Override
  public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
    String text = signDiscount(discount);
    return afterGate(1, () -> text, finishing);
  }

  private <T> CompletionStage<T> afterGate(int statements, Supplier<T> text, Executor finishing) {
    CompletableFuture<?> gate;
    synchronized (this) {
      gate = appendGate;
      held++;
      submitter = Thread.currentThread();
    }
    return gate.thenApplyAsync(
        opened -> {
          synchronized (this) {
            held--;
            if (appendFailure != null) {
              throw appendFailure;
            }
            appended += statements;
          }
          return text.get();
        },
        finishing);
  }

  /** The thread that last handed a statement to the log. */
  public synchronized Thread submitter() {
    return submitter;
  }

  /** How many appends were handed over and wait for their gate. */
  public synchronized int heldAppends() {
    return held;
  }

  @Override
  public synchronized String signTrustProfile(PayloadValue.Obj profile) {
    failIfFailing();
    profiles.add(profile);
    return "{\"trust\":{}}";
  }

  @Override
  public synchronized String signDiscount(PayloadValue.Obj discount) {
    failIfFailing();
    discounts.add(discount);
    return "{\"discount\":{}}";
  }

  private void failIfFailing() {
    if (failure != null) {
      throw failure;
    }
  }
}
