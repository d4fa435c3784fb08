package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;
import org.walletstate.application.commerce.port.in.DomainVerificationUseCase;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.DomainProbe;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;
import org.walletstate.domain.commerce.Merchant;

/**
 * Domain verification. A check is counted (and limited) before the domain is looked at, in its own
 * transaction; the look itself runs outside any transaction, and a token found is recorded only if
 * it is still the store's current token.
 */
public final class DomainVerificationService implements DomainVerificationUseCase {

  /** The prefix of verification tokens. */
  public static final String TOKEN_PREFIX = "service-verify-";

  private final MerchantStore store;
  private final DomainProbe probe;
  private final Entropy entropy;
  private final Clock clock;

  // Same constructor shape as MerchantQueryService's by design: each is handed only the ports it
  // uses, and there is no logic to share.
  public DomainVerificationService(
      MerchantStore store, DomainProbe probe, Entropy entropy, Clock clock) {
    this.store = store;
    this.probe = probe;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
  public Uni<OwnerResult<Started>> start(KeyAccount key, CompanyId id, DomainName domain) {
    String token = TOKEN_PREFIX + HexFormat.of().formatHex(entropy.bytes(16));
    return store
        .modify(
            id,
            key.id(),
            m ->
                new MerchantStore.Change<OwnerResult<Started>>(
                    m.withVerification(m.verification().issue(domain, token)),
                    new OwnerResult.Done<>(new Started(domain, token))))
        .map(access -> OwnerAccess.flatten(id, access));
  }

  /** What the counting step decided. */
  private sealed interface Step {
    record Answer(OwnerResult<Check> result) implements Step {}

    record Look(DomainName domain, String token, int remaining) implements Step {}
  }

  @Override
  public Uni<OwnerResult<Check>> check(KeyAccount key, CompanyId id) {
    return store
        .modify(id, key.id(), this::admit)
        .flatMap(
            access -> {
              if (!(access instanceof MerchantStore.Access.Done<Step> done)) {
                return Uni.createFrom().item(OwnerAccess.<Check>notReached(id, access));
              }
              if (done.result() instanceof Step.Answer answer) {
                return Uni.createFrom().item(answer.result());
              }
              Step.Look look = (Step.Look) done.result();
              return probe
                  .look(look.domain(), look.token())
                  .flatMap(finding -> record(key, id, look, finding));
            });
  }

  private MerchantStore.Change<Step> admit(Merchant m) {
    DomainVerification v = m.verification();
    if (v.verified() && v.domain().isPresent()) {
      return new MerchantStore.Change<>(
          m,
          new Step.Answer(
              new OwnerResult.Done<>(
                  new Check.Verified(v.domain().get(), v.method().orElseThrow()))));
    }
    if (v.status() != DomainVerification.Status.TOKEN_ISSUED
        || v.domain().isEmpty()
        || v.token().isEmpty()) {
      return new MerchantStore.Change<>(
          m,
          new Step.Answer(
              new OwnerResult.Conflict<>(
                  new OwnerResult.Refusal(
                      OwnerResult.Refusal.Kind.VERIFICATION_NOT_STARTED, m.id()))));
    }
    DomainVerification.Admission admission = v.admit(clock.instant());
    if (admission instanceof DomainVerification.Admission.Limited limited) {
      return new MerchantStore.Change<>(
          m,
          new Step.Answer(new OwnerResult.Done<>(new Check.Limited(limited.retryAfterSeconds()))));
    }
    var admitted = (DomainVerification.Admission.Admitted) admission;
    return new MerchantStore.Change<>(
        m.withVerification(admitted.after()),
        new Step.Look(v.domain().get(), v.token().get(), admitted.remaining()));
  }

  private Uni<OwnerResult<Check>> record(
      KeyAccount key, CompanyId id, Step.Look look, DomainProbe.Finding finding) {
    if (finding.method().isEmpty()) {
      return Uni.createFrom()
          .item(
              new OwnerResult.Done<>(
                  new Check.NotVerified(look.domain(), finding.message(), look.remaining())));
    }
    DomainVerification.Method method = finding.method().get();
    return store
        .modify(
            id,
            key.id(),
            m -> {
              Optional<DomainVerification> verified =
                  m.verification().found(look.token(), method, clock.instant());
              if (verified.isEmpty()) {
                return new MerchantStore.Change<OwnerResult<Check>>(
                    m,
                    new OwnerResult.Conflict<>(
                        "The verification token changed while it was being checked (a newer POST"
                            + " issued another); publish the new token and check again"));
              }
              return new MerchantStore.Change<OwnerResult<Check>>(
                  m.withVerification(verified.get()),
                  new OwnerResult.Done<>(new Check.Verified(look.domain(), method)));
            })
        .map(access -> OwnerAccess.flatten(id, access));
  }

  @Override
  public Uni<OwnerResult<DomainVerification>> partnerVerified(
      KeyAccount key, CompanyId id, DomainName domain) {
    return store
        .partnerEnabled(key.id())
        .flatMap(
            partner -> {
              if (!partner) {
                return Uni.createFrom()
                    .item(
                        new OwnerResult.Forbidden<DomainVerification>(
                            new OwnerResult.Refusal(
                                OwnerResult.Refusal.Kind.PARTNER_VERIFICATION_ONLY, id)));
              }
              return store
                  .modify(
                      id,
                      key.id(),
                      m -> {
                        DomainVerification next =
                            m.verification().byPartner(domain, clock.instant());
                        return new MerchantStore.Change<OwnerResult<DomainVerification>>(
                            m.withVerification(next), new OwnerResult.Done<>(next));
                      })
                  .map(access -> OwnerAccess.flatten(id, access));
            });
  }
}
