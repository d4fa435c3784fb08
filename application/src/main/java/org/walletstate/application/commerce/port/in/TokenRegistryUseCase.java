package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/** {@code GET /v1/tokens} and {@code POST /v1/registry/submit}. */
public interface TokenRegistryUseCase {

  Uni<List<TokenRegistry.Entry>> list(RegistryQuery query);

  /** Free; the submitting key, when there is one, is recorded with the submission. */
  Uni<TokenRegistry.Submitted> submit(RegistrySubmission submission, Optional<KeyAccount> key);
}
