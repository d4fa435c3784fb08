package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.port.ApiKeyStore;
import org.walletstate.application.port.ApiKeyStore.FreeKeyCreation;
import org.walletstate.application.port.Entropy;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.FreeKeyRequest;
import org.walletstate.domain.account.KeyVersion;
import org.walletstate.domain.account.Plan;

/** Issues a free-tier key: one per email address, 10 one-time credits, 100 requests a day. */
public final class CreateFreeKey {

  private final ApiKeyStore keys;
  private final Entropy entropy;
  private final Clock clock;

  public CreateFreeKey(ApiKeyStore keys, Entropy entropy, Clock clock) {
    this.keys = keys;
    this.entropy = entropy;
    this.clock = clock;
  }

  public Uni<Outcome> create(FreeKeyRequest request) {
    ApiKey key = ApiKey.fromRandom(entropy.bytes(20));
    Plan plan = Plan.FREE;
    var stored =
        new ApiKeyStore.NewFreeKey(
            key.hash(),
            request.email(),
            request.appName(),
            plan,
            KeyVersion.V2,
            plan.includedCredits(),
            clock.instant());
    return keys.createFreeKey(stored)
        .map(
            creation ->
                creation instanceof FreeKeyCreation.Created
                    ? new Outcome.Issued(key, request, plan, plan.includedCredits())
                    : new Outcome.EmailTaken(request));
  }

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
