package org.walletstate.adapters.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.hibernate.exception.ConstraintViolationException;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** {@link ApiKeyStore} on PostgreSQL. */
@ApplicationScoped
public class PanacheApiKeyStore implements ApiKeyStore {

  static final String EMAIL_UNIQUE = "api_key_email_uq";

  @Override
  public Uni<FreeKeyCreation> createFreeKey(NewFreeKey key) {
    return Panache.withTransaction(() -> insert(key))
        .onFailure(PanacheApiKeyStore::isDuplicateEmail)
        .recoverWithItem(new FreeKeyCreation.EmailTaken());
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
    ApiKeyEntity row = new ApiKeyEntity();
    row.keyHash = key.hash().hex();
    row.email = key.email().value();
    row.appName = key.appName().value();
    row.plan = key.plan().wireName();
    row.keyVersion = (short) (key.version() == KeyVersion.V1 ? 1 : 2);
    row.dailyLimit = key.plan().dailyLimit();
    row.credits = key.credits();
    row.createdAt = key.createdAt();
    return row.<ApiKeyEntity>persistAndFlush()
        .flatMap(
            saved -> {
              CreditEntryEntity grant = new CreditEntryEntity();
              grant.apiKeyId = saved.id;
              grant.kind = "grant";
              grant.amount = key.credits();
              grant.reason = "free tier one-time credits";
              grant.createdAt = key.createdAt();
              return grant.persistAndFlush().replaceWith(saved.id);
            })
        .map(FreeKeyCreation.Created::new);
  }

  private static boolean isDuplicateEmail(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConstraintViolationException cve
          && cve.getConstraintName() != null
          && cve.getConstraintName().contains(EMAIL_UNIQUE)) {
        return true;
      }
    }
    return false;
  }
}
