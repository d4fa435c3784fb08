package org.walletstate.adapters.http.observability;

import java.time.Duration;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.PayloadValue;

/** The signers, timed into {@code walletstate_signing_seconds}. */
public final class MeteredSigners {

  private MeteredSigners() {}

  public static AttestationSigner attestations(AttestationSigner signer, ServiceMeters meters) {
    return request -> {
      long start = System.nanoTime();
      try {
        return signer.sign(request);
      } finally {
        meters.signed("attestation", Duration.ofNanos(System.nanoTime() - start));
      }
    };
  }

  public static TrustProfileSigner trustProfiles(TrustProfileSigner signer, ServiceMeters meters) {
    return (PayloadValue.Obj profile) -> {
      long start = System.nanoTime();
      try {
        return signer.signTrustProfile(profile);
      } finally {
        meters.signed("trust", Duration.ofNanos(System.nanoTime() - start));
      }
    };
  }

  public static DiscountSigner discounts(DiscountSigner signer, ServiceMeters meters) {
    return (PayloadValue.Obj discount) -> {
      long start = System.nanoTime();
      try {
        return signer.signDiscount(discount);
      } finally {
        meters.signed("discount", Duration.ofNanos(System.nanoTime() - start));
      }
    };
  }
}
