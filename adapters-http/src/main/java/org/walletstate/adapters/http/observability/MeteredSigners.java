package org.walletstate.adapters.http.observability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The signers, timed into {@code walletstate_signing_seconds} and into the request's {@link
 * ServerTimings} as {@code sign} (the bytes signed are the wrapped signer's, untouched).
 */
public final class MeteredSigners {

  private MeteredSigners() {}

  /**
   * Times each attestation's signing; its log append ({@link AttestationSigner#logged}) holds no
   * signing thread and is not signing time (what it costs an answer is {@code log-wait}).
   */
  public static AttestationSigner attestations(AttestationSigner signer, ServiceMeters meters) {
    return new AttestationSigner() {
      @Override
      public SignedAttestation sign(SigningRequest request) {
        long start = System.nanoTime();
        try {
          return signer.sign(request);
        } finally {
          signed(meters, "attestation", start);
        }
      }

      @Override
      public Pending signUnlogged(SigningRequest request) {
        long start = System.nanoTime();
        try {
          return signer.signUnlogged(request);
        } finally {
          signed(meters, "attestation", start);
        }
      }

      @Override
      public CompletionStage<SignedAttestation> logged(Pending pending, Executor finishing) {
        return signer.logged(pending, finishing);
      }
    };
  }

  /**
   * Times each profile's signing, and a blocking log append ({@link TrustProfileSigner#logged}); an
   * append handed over without waiting ({@link TrustProfileSigner#submitted}) holds no signing
   * thread and is not signing time (what it costs an answer is {@code log-wait}).
   */
  public static TrustProfileSigner trustProfiles(TrustProfileSigner signer, ServiceMeters meters) {
    return new TrustProfileSigner() {
      @Override
      public String signTrustProfile(PayloadValue.Obj profile) {
        long start = System.nanoTime();
        try {
          return signer.signTrustProfile(profile);
        } finally {
          signed(meters, "trust", start);
        }
      }

      @Override
      public Signed signUnlogged(PayloadValue.Obj profile) {
        long start = System.nanoTime();
        try {
          return signer.signUnlogged(profile);
        } finally {
          signed(meters, "trust", start);
        }
      }

      @Override
      public List<String> logged(List<Signed> signed) {
        long start = System.nanoTime();
        try {
          return signer.logged(signed);
        } finally {
          ServerTimings.record("sign", Duration.ofNanos(System.nanoTime() - start));
        }
      }

      @Override
      public CompletionStage<List<String>> submitted(List<Signed> signed, Executor finishing) {
        return signer.submitted(signed, finishing);
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
        long start = System.nanoTime();
        try {
          return signer.signDiscount(discount);
        } finally {
          signed(meters, "discount", start);
        }
      }

      @Override
      public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
        long start = System.nanoTime();
        try {
          return signer.submitDiscount(discount, finishing);
        } finally {
          signed(meters, "discount", start);
        }
      }
    };
  }

  private static void signed(ServiceMeters meters, String type, long start) {
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    meters.signed(type, elapsed);
    ServerTimings.record("sign", elapsed);
  }
}
