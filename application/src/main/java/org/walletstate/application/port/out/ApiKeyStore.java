package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.EmailAddress;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** Where API keys live. Only hashes of keys are ever stored. */
public interface ApiKeyStore {

  /**
   * Stores a new free key and its one-time credit grant in one transaction.
   *
   * @return {@link FreeKeyCreation.Created}, or {@link FreeKeyCreation.EmailTaken} when the email
   *     already has a key (nothing is written then)
   */
  Uni<FreeKeyCreation> createFreeKey(NewFreeKey key);

  /** The account of the key with this hash, if there is one. */
  Uni<Optional<KeyAccount>> findByHash(ApiKeyHash hash);

  /**
   * A key to store.
   *
   * @param hash the key's hash
   * @param email owner
   * @param appName what it is for
   * @param plan always {@link Plan#FREE} here
   * @param version the key era (new keys are v2)
   * @param credits the one-time grant
   * @param createdAt when
   */
  record NewFreeKey(
      ApiKeyHash hash,
      EmailAddress email,
      AppName appName,
      Plan plan,
      KeyVersion version,
      int credits,
      Instant createdAt) {}

  /** The outcome of storing a free key. */
  sealed interface FreeKeyCreation {
    record Created(long keyId) implements FreeKeyCreation {}

    record EmailTaken() implements FreeKeyCreation {}
  }
}
