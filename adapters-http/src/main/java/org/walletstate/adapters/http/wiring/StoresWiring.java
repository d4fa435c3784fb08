package org.walletstate.adapters.http.wiring;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import org.walletstate.adapters.persistence.PanacheApiKeyStore;
import org.walletstate.adapters.persistence.PgCreditLedger;
import org.walletstate.adapters.persistence.PgIdempotentRequests;
import org.walletstate.adapters.persistence.PgKeyAdmission;
import org.walletstate.adapters.persistence.PgPaidCalls;
import org.walletstate.adapters.persistence.PgPaymentIntents;
import org.walletstate.adapters.persistence.PgPlanGrants;
import org.walletstate.adapters.persistence.PgPlanPurchases;
import org.walletstate.adapters.persistence.PgPurchases;
import org.walletstate.adapters.persistence.PgRateLimits;
import org.walletstate.adapters.persistence.PgSenderNonces;
import org.walletstate.adapters.persistence.PgTransparencyLog;
import org.walletstate.adapters.persistence.PgUsedSignInNonces;
import org.walletstate.adapters.persistence.PgWalletKeys;
import org.walletstate.adapters.persistence.commerce.PgDiscountCodes;
import org.walletstate.adapters.persistence.commerce.PgIssuedCodeCounts;
import org.walletstate.adapters.persistence.commerce.PgMerchantStore;
import org.walletstate.adapters.persistence.commerce.PgPassRenewals;
import org.walletstate.adapters.persistence.commerce.PgScannerLockouts;
import org.walletstate.adapters.persistence.commerce.PgScannerStore;
import org.walletstate.adapters.persistence.commerce.PgTokenRegistry;
import org.walletstate.adapters.persistence.watch.PgWatchDeliveries;
import org.walletstate.adapters.persistence.watch.PgWatchEvaluations;
import org.walletstate.adapters.persistence.watch.PgWatchStore;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.application.commerce.port.out.ScannerLockouts;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.IdempotentRequests;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.PaidCalls;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.application.port.out.PlanGrants;
import org.walletstate.application.port.out.PlanPurchases;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.application.port.out.RateLimits;
import org.walletstate.application.port.out.SenderNonces;
import org.walletstate.application.port.out.UsedSignInNonces;
import org.walletstate.application.port.out.WalletKeys;

/**
 * The stores: each PostgreSQL adapter of {@code adapters-persistence} as the port it answers, over
 * the one reactive {@link Pool} Quarkus configures. They share the pool and change with the
 * database only, so they are wired in one place rather than with each feature.
 */
@ApplicationScoped
public class StoresWiring {

  @Produces
  @ApplicationScoped
  ApiKeyStore apiKeys() {
    return new PanacheApiKeyStore();
  }

  /** The transparency log's store: one adapter for the appends and the tree. */
  @Produces
  @ApplicationScoped
  @Typed(PgTransparencyLog.class)
  PgTransparencyLog transparencyLog(Pool pool) {
    return new PgTransparencyLog(pool);
  }

  @Produces
  @ApplicationScoped
  KeyAdmission keyAdmission(Pool pool) {
    return new PgKeyAdmission(pool);
  }

  @Produces
  @ApplicationScoped
  CreditLedger creditLedger(Pool pool) {
    return new PgCreditLedger(pool);
  }

  @Produces
  @ApplicationScoped
  PlanGrants planGrants(Pool pool) {
    return new PgPlanGrants(pool);
  }

  @Produces
  @ApplicationScoped
  WalletKeys walletKeys(Pool pool) {
    return new PgWalletKeys(pool);
  }

  @Produces
  @ApplicationScoped
  UsedSignInNonces usedSignInNonces(Pool pool) {
    return new PgUsedSignInNonces(pool);
  }

  @Produces
  @ApplicationScoped
  WatchStore watchStore(Pool pool) {
    return new PgWatchStore(pool);
  }

  @Produces
  @ApplicationScoped
  WatchEvaluations watchEvaluations(Pool pool) {
    return new PgWatchEvaluations(pool);
  }

  @Produces
  @ApplicationScoped
  WatchDeliveries watchDeliveries(Pool pool) {
    return new PgWatchDeliveries(pool);
  }

  @Produces
  @ApplicationScoped
  IdempotentRequests idempotentRequests(Pool pool) {
    return new PgIdempotentRequests(pool);
  }

  @Produces
  @ApplicationScoped
  RateLimits rateLimits(Pool pool) {
    return new PgRateLimits(pool);
  }

  /** Purchases, and the access-pass mints that some of them start: one adapter, both ports. */
  @Produces
  @ApplicationScoped
  @Typed({Purchases.class, PassMints.class})
  PgPurchases purchases(Pool pool) {
    return new PgPurchases(pool);
  }

  @Produces
  @ApplicationScoped
  PlanPurchases planPurchases(Pool pool) {
    return new PgPlanPurchases(pool);
  }

  @Produces
  @ApplicationScoped
  PaymentIntents paymentIntents(Pool pool) {
    return new PgPaymentIntents(pool);
  }

  @Produces
  @ApplicationScoped
  PaidCalls paidCalls(Pool pool) {
    return new PgPaidCalls(pool);
  }

  @Produces
  @ApplicationScoped
  SenderNonces senderNonces(Pool pool) {
    return new PgSenderNonces(pool);
  }

  @Produces
  @ApplicationScoped
  MerchantStore merchantStore(Pool pool) {
    return new PgMerchantStore(pool);
  }

  @Produces
  @ApplicationScoped
  IssuedCodeCounts issuedCodeCounts(Pool pool) {
    return new PgIssuedCodeCounts(pool);
  }

  @Produces
  @ApplicationScoped
  TokenRegistry tokenRegistry(Pool pool) {
    return new PgTokenRegistry(pool);
  }

  @Produces
  @ApplicationScoped
  DiscountCodes discountCodes(Pool pool) {
    return new PgDiscountCodes(pool);
  }

  @Produces
  @ApplicationScoped
  ScannerStore scannerStore(Pool pool) {
    return new PgScannerStore(pool);
  }

  @Produces
  @ApplicationScoped
  ScannerLockouts scannerLockouts(Pool pool) {
    return new PgScannerLockouts(pool);
  }

  @Produces
  @ApplicationScoped
  PassRenewals passRenewals(Pool pool) {
    return new PgPassRenewals(pool);
  }
}
