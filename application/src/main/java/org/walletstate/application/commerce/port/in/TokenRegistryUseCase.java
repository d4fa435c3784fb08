package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/** {@code GET /v1/tokens} and {@code POST /v1/registry/submit}. */
public interface TokenRegistryUseCase {

  Uni<List<RegistryItem>> list(RegistryQuery query);

  /** Free; the submitting key, when there is one, is recorded with the submission. */
  Uni<Submission> submit(RegistrySubmission submission, Optional<KeyAccount> key);

  /**
   * @param item the stored entry
   * @param duplicate whether it existed before this submission (nothing was changed then)
   */
  record Submission(RegistryItem item, boolean duplicate) {}
}
