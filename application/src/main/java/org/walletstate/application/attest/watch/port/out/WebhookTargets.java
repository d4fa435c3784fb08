package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.util.Optional;

/**
 * Whether a webhook URL may be delivered to: https, and a host whose every address is public (the
 * SSRF guard of domain verification).
 */
public interface WebhookTargets {

  /** Why {@code url} may not be delivered to (a 400's message), or empty when it may. */
  Uni<Optional<String>> refusal(URI url);
}
