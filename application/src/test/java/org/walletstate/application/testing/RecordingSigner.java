package org.walletstate.application.testing;

import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.payload.PayloadValue;

/**
 * A signer of every statement type that keeps what it was given and answers a fixed text in place
 * of signatures: {@code {"attestation":{}}}, {@code {"trust":{}}} or {@code {"discount":{}}}. When
 * {@link #failing} it throws as a signer that cannot reach its keys does.
 */
public final class RecordingSigner
    implements AttestationSigner, TrustProfileSigner, DiscountSigner {

  private final List<SigningRequest> attestations = new ArrayList<>();
  private final List<PayloadValue.Obj> profiles = new ArrayList<>();
  private final List<PayloadValue.Obj> discounts = new ArrayList<>();
  private RuntimeException failure;

  /** From now on every signing throws {@code failure}. */
  public synchronized RecordingSigner failing(RuntimeException failure) {
    this.failure = failure;
    return this;
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
  public synchronized SignedAttestation sign(SigningRequest request) {
    failIfFailing();
    attestations.add(request);
    return new SignedAttestation(request.attestation(), "{\"attestation\":{}}");
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
