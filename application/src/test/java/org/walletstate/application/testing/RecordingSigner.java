package org.walletstate.application.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.LongFunction;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * A signer of every statement type that keeps what it was given and answers a fixed text in place
 * of signatures: {@code {"attestation":{}}}, {@code {"trust":{}}} or {@code {"discount":{}}}, with
 * {@code "log":{"index":n}} added when the log appended it (n counting the statements appended),
 * and without when the caller wrote its entry ({@link #written}; an attestation's and a profile's
 * entry is {@code attestation} or {@code trust} under the kid {@code test-v1}). When {@link
 * #failing} it throws as a signer that cannot reach its keys does. An append handed over without
 * waiting (an attestation's {@link #logged}, a trust run's {@link #submitted}, a discount
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
    return new Recorded(
        new SignedAttestation(request.attestation(), "{\"attestation\":{}}"),
        entry("attestation", request.attestation().id().value()));
  }

  /** An attestation signed, with its log entry. */
  private record Recorded(SignedAttestation signed, LoggedStatement entry) implements Pending {
    @Override
    public Attestation attestation() {
      return signed.attestation();
    }

    @Override
    public List<LoggedStatement> entries() {
      return List.of(entry);
    }
  }

  /** A profile signed, with its log entry. */
  private record RecordedProfile(String text, LoggedStatement entry) implements Signed {}

  private static LoggedStatement entry(String kind, String id) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
      return new LoggedStatement(id, kind, "test-v1", hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public SignedAttestation written(Pending pending) {
    return ((Recorded) pending).signed();
  }

  @Override
  public synchronized Signed signUnlogged(PayloadValue.Obj profile) {
    String text = signTrustProfile(profile);
    return new RecordedProfile(text, entry("trust", "trust-" + profiles.size()));
  }

  @Override
  public List<LoggedStatement> entries(List<Signed> signed) {
    return signed.stream().map(profile -> ((RecordedProfile) profile).entry()).toList();
  }

  @Override
  public List<String> written(List<Signed> signed) {
    return signed.stream().map(profile -> ((RecordedProfile) profile).text()).toList();
  }

  /**
   * Completes once the gate opens (no thread waits for it, as a log's group commit), appending or
   * failing then; how many appends were handed over and not yet answered is {@link #heldAppends}.
   */
  @Override
  public CompletionStage<SignedAttestation> logged(Pending pending, Executor finishing) {
    SignedAttestation signed = ((Recorded) pending).signed();
    return afterGate(
        1,
        first -> new SignedAttestation(signed.attestation(), indexed(signed.dataJson(), first)),
        finishing);
  }

  /** A trust run's profiles, appended together once the gate opens, as {@link #logged}. */
  @Override
  public CompletionStage<List<String>> submitted(List<Signed> signed, Executor finishing) {
    return afterGate(
        signed.size(),
        first -> {
          List<String> texts = new ArrayList<>();
          for (String text : written(signed)) {
            texts.add(indexed(text, first + texts.size()));
          }
          return texts;
        },
        finishing);
  }

  /** A discount verification signed now and appended once the gate opens, as {@link #logged}. */
  @Override
  public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
    String text = signDiscount(discount);
    return afterGate(1, first -> indexed(text, first), finishing);
  }

  /** {@code text} with {@code "log":{"index":index}} added before its closing brace. */
  private static String indexed(String text, long index) {
    return text.substring(0, text.length() - 1) + ",\"log\":{\"index\":" + index + "}}";
  }

  /** Once the gate opens: the text, given the index of the first statement appended. */
  private <T> CompletionStage<T> afterGate(
      int statements, LongFunction<T> text, Executor finishing) {
    CompletableFuture<?> gate;
    synchronized (this) {
      gate = appendGate;
      held++;
      submitter = Thread.currentThread();
    }
    return gate.thenApplyAsync(
        opened -> {
          long first;
          synchronized (this) {
            held--;
            if (appendFailure != null) {
              throw appendFailure;
            }
            first = appended;
            appended += statements;
          }
          return text.apply(first);
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
