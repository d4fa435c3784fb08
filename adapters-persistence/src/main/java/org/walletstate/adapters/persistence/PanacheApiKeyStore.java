package org.walletstate.adapters.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.exception.ConstraintViolationException;
import org.walletstate.application.port.ApiKeyStore;
import org.walletstate.domain.account.KeyVersion;

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
