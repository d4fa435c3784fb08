package org.walletstate.adapters.http.observability;

import java.time.Duration;
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

  public static AttestationSigner attestations(AttestationSigner signer, ServiceMeters meters) {
    return request -> {
      long start = System.nanoTime();
      try {
        return signer.sign(request);
      } finally {
        signed(meters, "attestation", start);
      }
    };
  }

  public static TrustProfileSigner trustProfiles(TrustProfileSigner signer, ServiceMeters meters) {
    return (PayloadValue.Obj profile) -> {
      long start = System.nanoTime();
      try {
        return signer.signTrustProfile(profile);
      } finally {
        signed(meters, "trust", start);
      }
    };
  }

  public static DiscountSigner discounts(DiscountSigner signer, ServiceMeters meters) {
    return (PayloadValue.Obj discount) -> {
      long start = System.nanoTime();
      try {
        return signer.signDiscount(discount);
      } finally {
        signed(meters, "discount", start);
      }
    };
  }

  private static void signed(ServiceMeters meters, String type, long start) {
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    meters.signed(type, elapsed);
    ServerTimings.record("sign", elapsed);
  }
}
