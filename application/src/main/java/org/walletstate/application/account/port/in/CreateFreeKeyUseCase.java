package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.FreeKeyRequest;
import org.walletstate.domain.account.Plan;

/** {@code POST /v1/keys/create}: a free key for an email, once per email. */
public interface CreateFreeKeyUseCase {

  Uni<Outcome> create(FreeKeyRequest request);

  /** What happened to the request. */
  public sealed interface Outcome {
    /**
     * A key was issued; {@code key} is shown to the caller once and never again.
     *
     * @param key the secret
     * @param request what was asked
     * @param plan the key's plan
     * @param credits its starting balance
     */
    record Issued(ApiKey key, FreeKeyRequest request, Plan plan, int credits) implements Outcome {}

    /** The email already has a key; nothing was created. */
    record EmailTaken(FreeKeyRequest request) implements Outcome {}
  }
}
