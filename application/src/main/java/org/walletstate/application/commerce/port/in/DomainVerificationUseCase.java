package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;

/** Verifying a store's domain: POST a domain for a token, PUT to check, or a partner vouches. */
public interface DomainVerificationUseCase {

  /** Issues a fresh token for {@code domain}. */
  Uni<OwnerResult<Started>> start(KeyAccount key, CompanyId id, DomainName domain);

  record Started(DomainName domain, String token) {}

  /** Looks for the current token by DNS TXT, meta tag and file. */
  Uni<OwnerResult<Check>> check(KeyAccount key, CompanyId id);

  /** The outcome of a check. */
  sealed interface Check {
    record Verified(DomainName domain, DomainVerification.Method method) implements Check {}

    record NotVerified(DomainName domain, String message, int attemptsRemaining) implements Check {}

    record Limited(long retryAfterSeconds) implements Check {}
  }

  /** A partner-enabled owner key records that it verified the domain in its own flow. */
  Uni<OwnerResult<DomainVerification>> partnerVerified(
      KeyAccount key, CompanyId id, DomainName domain);
}
