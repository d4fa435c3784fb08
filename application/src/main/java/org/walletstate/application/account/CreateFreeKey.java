package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.ApiKeyStore.FreeKeyCreation;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.FreeKeyRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** Issues a free-tier key: one per email address, 10 one-time credits, 100 requests a day. */
public final class CreateFreeKey implements CreateFreeKeyUseCase {

  private final ApiKeyStore keys;
  private final Entropy entropy;
  private final Clock clock;

  // Same constructor shape as CreateMerchantService's and SharedAllowance's by design: each is
  // handed only the ports it uses, and there is no logic to share.
  public CreateFreeKey(ApiKeyStore keys, Entropy entropy, Clock clock) {
    this.keys = keys;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
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
}
