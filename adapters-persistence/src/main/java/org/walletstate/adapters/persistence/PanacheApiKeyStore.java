package org.walletstate.adapters.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.util.Optional;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** {@link ApiKeyStore} on PostgreSQL. */
public class PanacheApiKeyStore implements ApiKeyStore {

  /**
   * One statement decides: a taken email inserts nothing and returns no row. A routine second
   * request for the same address therefore raises no database error, and no statement, parameter or
   * address reaches the service's or the database server's error log.
   */
  private static final String INSERT_UNLESS_EMAIL_TAKEN =
      "insert into api_key"
          + " (key_hash, email, app_name, plan, key_version, daily_limit, credits, created_at)"
          + " values (:keyHash, :email, :appName, :plan, :keyVersion, :dailyLimit, :credits,"
          + " :createdAt)"
          + " on conflict (email) where email is not null do nothing"
          + " returning id";

  @Override
  public Uni<FreeKeyCreation> createFreeKey(NewFreeKey key) {
    return Panache.withTransaction(() -> insert(key));
  }

  @Override
  public Uni<Optional<KeyAccount>> findByHash(ApiKeyHash hash) {
    return Panache.withSession(
        () ->
            ApiKeyEntity.<ApiKeyEntity>find("keyHash", hash.hex())
                .firstResult()
                .map(row -> Optional.ofNullable(row).map(PanacheApiKeyStore::account)));
  }

  private static KeyAccount account(ApiKeyEntity row) {
    return new KeyAccount(
        row.id,
        Plan.fromWireName(row.plan),
        row.keyVersion == 1 ? KeyVersion.V1 : KeyVersion.V2,
        row.dailyLimit);
  }

  private static Uni<FreeKeyCreation> insert(NewFreeKey key) {
    return Panache.getSession()
        .flatMap(
            session ->
                session
                    .createNativeQuery(INSERT_UNLESS_EMAIL_TAKEN, Long.class)
                    .setParameter("keyHash", key.hash().hex())
                    .setParameter("email", key.email().value())
                    .setParameter("appName", key.appName().value())
                    .setParameter("plan", key.plan().wireName())
                    .setParameter("keyVersion", (short) (key.version() == KeyVersion.V1 ? 1 : 2))
                    .setParameter("dailyLimit", key.plan().dailyLimit())
                    .setParameter("credits", (long) key.credits())
                    .setParameter("createdAt", key.createdAt())
                    .getResultList())
        .flatMap(
            ids -> {
              if (ids.isEmpty()) {
                return Uni.createFrom().item(new FreeKeyCreation.EmailTaken());
              }
              CreditEntryEntity grant = new CreditEntryEntity();
              grant.apiKeyId = ids.get(0);
              grant.kind = "grant";
              grant.amount = key.credits();
              grant.reason = "free tier one-time credits";
              grant.createdAt = key.createdAt();
              return grant.persistAndFlush().replaceWith(new FreeKeyCreation.Created(ids.get(0)));
            });
  }
}
