package org.walletstate.adapters.http.observability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The signers, timed into {@code walletstate_signing_seconds} and into the request's {@link
 * ServerTimings} as {@code sign} (the bytes signed are the wrapped signer's, untouched).
 */
public final class MeteredSigners {

  private MeteredSigners() {}

  /**
   * Times each attestation's signing; its log append ({@link AttestationSigner#logged}) holds no
   * signing thread and is not signing time, nor is the text of one logged with its debit ({@link
   * AttestationSigner#written}).
   */
  public static AttestationSigner attestations(AttestationSigner signer, ServiceMeters meters) {
    return new AttestationSigner() {
      @Override
      public SignedAttestation sign(SigningRequest request) {
        return signed(meters, "attestation", () -> signer.sign(request));
      }

      @Override
      public Pending signUnlogged(SigningRequest request) {
        return signed(meters, "attestation", () -> signer.signUnlogged(request));
      }

      // Each port's methods wrapped one by one by design: the signer interfaces share no parent.
      @Override
      public CompletionStage<SignedAttestation> logged(Pending pending, Executor finishing) {
        return signer.logged(pending, finishing);
      }

      @Override
      public SignedAttestation written(Pending pending) {
        return signer.written(pending);
      }
    };
  }

  /**
   * Times each profile's signing, and a blocking log append ({@link TrustProfileSigner#logged}); an
   * append handed over without waiting ({@link TrustProfileSigner#submitted}) holds no signing
   * thread and is not signing time, nor are the texts of profiles logged with their debit.
   */
  public static TrustProfileSigner trustProfiles(TrustProfileSigner signer, ServiceMeters meters) {
    return new TrustProfileSigner() {
      @Override
      public String signTrustProfile(PayloadValue.Obj profile) {
        return signed(meters, "trust", () -> signer.signTrustProfile(profile));
      }

      @Override
      public Signed signUnlogged(PayloadValue.Obj profile) {
        return signed(meters, "trust", () -> signer.signUnlogged(profile));
      }

      @Override
      public List<String> logged(List<Signed> signed) {
        return timed(() -> signer.logged(signed), elapsed -> {});
      }

      @Override
      public CompletionStage<List<String>> submitted(List<Signed> signed, Executor finishing) {
        return signer.submitted(signed, finishing);
      }

      @Override
      public List<LoggedStatement> entries(List<Signed> signed) {
        return signer.entries(signed);
      }

      @Override
      public List<String> written(List<Signed> signed) {
        return signer.written(signed);
      }
    };
  }

  /**
   * Times each discount verification's signing; an append handed over without waiting ({@link
   * DiscountSigner#submitDiscount}) is not signing time: only the signing before the hand-over is.
   */
  public static DiscountSigner discounts(DiscountSigner signer, ServiceMeters meters) {
    return new DiscountSigner() {
      @Override
      public String signDiscount(PayloadValue.Obj discount) {
        return signed(meters, "discount", () -> signer.signDiscount(discount));
      }

      @Override
      public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
        return signed(meters, "discount", () -> signer.submitDiscount(discount, finishing));
      }
    };
  }

  /** What {@code signing} returns, timed as {@code sign} and as signing of {@code type}. */
  private static <T> T signed(ServiceMeters meters, String type, Supplier<T> signing) {
    return timed(signing, elapsed -> meters.signed(type, elapsed));
  }

  /** What {@code work} returns, its time handed to {@code also} and recorded as {@code sign}. */
  private static <T> T timed(Supplier<T> work, Consumer<Duration> also) {
    long start = System.nanoTime();
    try {
      return work.get();
    } finally {
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      also.accept(elapsed);
      ServerTimings.record("sign", elapsed);
    }
  }
}
