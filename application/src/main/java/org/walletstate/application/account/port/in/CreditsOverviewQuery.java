package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.KeyAccount;

/** What a key holder needs to know about its credits and limits ({@code GET /v1/credits}). */
public interface CreditsOverviewQuery {

  Uni<View> of(KeyAccount account, AuthenticateUseCase.DailyUsage usage);

  /**
   * @param account the key's account
   * @param balance credits left
   * @param usage today's requests
   */
  record View(KeyAccount account, long balance, AuthenticateUseCase.DailyUsage usage) {}
}
