package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.DomainVerification;

/**
 * Looks for a verification token on a domain: a DNS TXT record, a meta tag on the home page over
 * HTTPS, the file {@code /service-verify.txt}. Never fails: what could not be read is a finding.
 */
public interface DomainProbe {

  Uni<Finding> look(DomainName domain, String token);

  /**
   * @param method the first method that showed the token, if any
   * @param message what was seen, per method, for the caller when none did
   */
  record Finding(Optional<DomainVerification.Method> method, String message) {}
}
