package org.walletstate.adapters.persistence;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.walletstate.adapters.persistence.commerce.PgMerchantStore;
import org.walletstate.adapters.persistence.commerce.PgScannerLockouts;
import org.walletstate.adapters.persistence.commerce.PgScannerStore;
import org.walletstate.adapters.persistence.watch.PgWatchEvaluations;
import org.walletstate.adapters.persistence.watch.PgWatchStore;

/**
 * The stores these tests use, built over the test database's pool as the service's composition root
 * builds them (the adapters are plain classes, not beans of their own).
 */
@ApplicationScoped
public class TestStores {

  @Produces
  @ApplicationScoped
  PanacheApiKeyStore apiKeys() {
    return new PanacheApiKeyStore();
  }

  @Produces
  @ApplicationScoped
  PgCreditLedger creditLedger(Pool pool) {
    return new PgCreditLedger(pool);
  }

  @Produces
  @ApplicationScoped
  PgIdempotentRequests idempotentRequests(Pool pool) {
    return new PgIdempotentRequests(pool);
  }

  @Produces
  @ApplicationScoped
  PgKeyAdmission keyAdmission(Pool pool) {
    return new PgKeyAdmission(pool);
  }

  @Produces
  @ApplicationScoped
  PgPaidCalls paidCalls(Pool pool) {
    return new PgPaidCalls(pool);
  }

  @Produces
  @ApplicationScoped
  PgPurchases purchases(Pool pool) {
    return new PgPurchases(pool);
  }

  @Produces
  @ApplicationScoped
  PgRateLimits rateLimits(Pool pool) {
    return new PgRateLimits(pool);
  }

  @Produces
  @ApplicationScoped
  PgSenderNonces senderNonces(Pool pool) {
    return new PgSenderNonces(pool);
  }

  @Produces
  @ApplicationScoped
  PgUsedSignInNonces usedSignInNonces(Pool pool) {
    return new PgUsedSignInNonces(pool);
  }

  @Produces
  @ApplicationScoped
  PgTransparencyLog transparencyLog(Pool pool) {
    return new PgTransparencyLog(pool);
  }

  @Produces
  @ApplicationScoped
  PgWalletKeys walletKeys(Pool pool) {
    return new PgWalletKeys(pool);
  }

  @Produces
  @ApplicationScoped
  PgMerchantStore merchantStore(Pool pool) {
    return new PgMerchantStore(pool);
  }

  @Produces
  @ApplicationScoped
  PgScannerStore scannerStore(Pool pool) {
    return new PgScannerStore(pool);
  }

  @Produces
  @ApplicationScoped
  PgScannerLockouts scannerLockouts(Pool pool) {
    return new PgScannerLockouts(pool);
  }

  @Produces
  @ApplicationScoped
  PgWatchStore watchStore(Pool pool) {
    return new PgWatchStore(pool);
  }

  @Produces
  @ApplicationScoped
  PgWatchEvaluations watchEvaluations(Pool pool) {
    return new PgWatchEvaluations(pool);
  }
}
