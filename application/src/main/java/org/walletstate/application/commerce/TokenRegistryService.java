package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/** The public token registry: listed entries, and submissions recorded as pending. */
public final class TokenRegistryService implements TokenRegistryUseCase {

  private final TokenRegistry registry;
  private final Clock clock;

  public TokenRegistryService(TokenRegistry registry, Clock clock) {
    this.registry = registry;
    this.clock = clock;
  }

  @Override
  public Uni<List<RegistryItem>> list(RegistryQuery query) {
    return registry.listed(query);
  }

  @Override
  public Uni<Submission> submit(RegistrySubmission submission, Optional<KeyAccount> key) {
    return registry
        .submit(submission, key.map(KeyAccount::id), clock.instant())
        .map(stored -> new Submission(stored.entry(), stored.duplicate()));
  }
}
