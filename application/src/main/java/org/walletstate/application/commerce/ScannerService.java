package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.PinHasher;
import org.walletstate.application.commerce.port.out.ScannerAlerts;
import org.walletstate.application.commerce.port.out.ScannerLockouts;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.ScannerLockout;
import org.walletstate.domain.commerce.ScannerLogin;
import org.walletstate.domain.commerce.ScannerPin;

/**
 * Scanners and their sessions. A login is let through the lockout first ({@link ScannerLockout}:
 * per store and client address, and store-wide; counted as a failure before its PIN is hashed),
 * then its PIN is hashed once with the merchant's salt and looked up; a right PIN takes its count
 * back and opens a session whose token is stored only as its SHA-256.
 */
public final class ScannerService implements ScannersUseCase {

  /** Session tokens: this prefix and 43 base64url characters (32 random bytes). */
  static final String SESSION_PREFIX = "wss_";

  private static final int SALT_BYTES = 16;

  private final ScannerStore store;
  private final ScannerLockouts lockouts;
  private final MerchantStore merchants;
  private final PinHasher hasher;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;
  private final ScannerAlerts alerts;

  /**
   * @param cpu where PINs are hashed: a pool of its own with a bounded queue (a slow hash must not
   *     hold an event loop or the signing threads); when it is full the login is {@link Login.Busy}
   * @param alerts told when wrong PINs reach a store's ceiling
   */
  public ScannerService(
      ScannerStore store,
      ScannerLockouts lockouts,
      MerchantStore merchants,
      PinHasher hasher,
      Entropy entropy,
      Clock clock,
      Executor cpu,
      ScannerAlerts alerts) {
    // Same constructor shape as DiscountService's and EvaluateWatches' by design: each is handed
    // only the ports it uses, and there is no logic to share.
    this.store = store;
    this.lockouts = lockouts;
    this.merchants = merchants;
    this.hasher = hasher;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
    this.alerts = alerts;
  }

  private Uni<String> hash(ScannerPin pin, byte[] salt) {
    return Uni.createFrom().item(() -> hasher.hash(pin, salt)).runSubscriptionOn(cpu);
  }

  @Override
  public Uni<OwnerResult<Scanner>> add(
      KeyAccount owner, CompanyId merchant, ScannerChange.Add add) {
    return store
        .salt(merchant, entropy.bytes(SALT_BYTES))
        .flatMap(
            salt -> {
              if (salt.isEmpty()) {
                return Uni.createFrom().item(new OwnerResult.NotFound<Scanner>());
              }
              String id = "scn_" + HexFormat.of().formatHex(entropy.bytes(8));
              return hash(add.pin(), salt.get())
                  .flatMap(
                      hash ->
                          store.add(
                              merchant,
                              owner.id(),
                              new ScannerStore.NewScanner(id, add.label(), hash, clock.instant()),
                              Scanner.PER_MERCHANT))
                  .map(added -> added(merchant, added));
            });
  }

  private static OwnerResult<Scanner> added(CompanyId merchant, ScannerStore.Added added) {
    if (added instanceof ScannerStore.Added.Done done) {
      return new OwnerResult.Done<>(done.scanner());
    }
    if (added instanceof ScannerStore.Added.NotFound) {
      return new OwnerResult.NotFound<>();
    }
    if (added instanceof ScannerStore.Added.NotOwner) {
      return new OwnerResult.Forbidden<>(OwnerAccess.NOT_OWNER + merchant);
    }
    if (added instanceof ScannerStore.Added.LimitReached limit) {
      return new OwnerResult.Conflict<>(
          "Merchant "
              + merchant
              + " has "
              + limit.limit()
              + " scanners, the most a merchant may have; remove one first");
    }
    return new OwnerResult.Conflict<>(
        "Another scanner of merchant " + merchant + " has this PIN; choose a different PIN");
  }

  @Override
  public Uni<OwnerResult<Boolean>> remove(KeyAccount owner, CompanyId merchant, String id) {
    return store
        .remove(merchant, owner.id(), id)
        .map(
            removed ->
                switch (removed) {
                  case DONE -> new OwnerResult.Done<>(true);
                  case NO_SUCH_SCANNER -> new OwnerResult.Done<>(false);
                  case NOT_FOUND -> new OwnerResult.NotFound<>();
                  case NOT_OWNER -> new OwnerResult.Forbidden<>(OwnerAccess.NOT_OWNER + merchant);
                });
  }

  @Override
  public Uni<OwnerResult<Listed>> list(KeyAccount owner, CompanyId merchant) {
    return store
        .list(merchant, owner.id())
        .flatMap(
            access -> {
              if (access instanceof MerchantStore.Access.Done<List<Scanner>> done) {
                return lockouts
                    .lastAlert(merchant)
                    .map(
                        alerted ->
                            (OwnerResult<Listed>)
                                new OwnerResult.Done<>(new Listed(done.result(), alerted)));
              }
              return Uni.createFrom().item(OwnerAccess.<Listed>notReached(merchant, access));
            });
  }

  @Override
  public Uni<Login> login(ScannerLogin login, String client) {
    CompanyId merchant = login.merchant();
    // The same find-then-answer shape as LogQueryService.entry by design; the reads and answers
    // differ.
    return merchants
        .find(merchant)
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return Uni.createFrom().item(new Login.NoSuchMerchant());
              }
              Instant now = clock.instant();
              return store
                  .salt(merchant, entropy.bytes(SALT_BYTES))
                  .flatMap(
                      salt ->
                          lockouts
                              .attempt(merchant, client, now)
                              .flatMap(
                                  decision ->
                                      evaluated(
                                          decision,
                                          new Attempt(
                                              login.pin(),
                                              merchant,
                                              client,
                                              salt.orElseThrow(),
                                              found.get(),
                                              now))));
            });
  }

  private record Attempt(
      ScannerPin pin,
      CompanyId merchant,
      String client,
      byte[] salt,
      org.walletstate.domain.commerce.Merchant found,
      Instant now) {}

  /** A let-through attempt's PIN: one hash with the merchant's salt, one look-up. */
  private Uni<Login> evaluated(ScannerLockout.Decision decision, Attempt attempt) {
    if (decision instanceof ScannerLockout.Decision.Locked locked) {
      return Uni.createFrom().item(new Login.Locked(locked.until(), locked.storeWide()));
    }
    ScannerLockout.Decision.Allowed allowed = (ScannerLockout.Decision.Allowed) decision;
    if (allowed.storeLocked()) {
      alerts.storeLocked(attempt.merchant(), attempt.now().plus(ScannerLockout.WINDOW));
    }
    return hash(attempt.pin(), attempt.salt())
        .flatMap(hash -> store.scannerByPin(attempt.merchant(), hash))
        .flatMap(
            scanner ->
                scanner.isEmpty()
                    ? Uni.createFrom().item((Login) new Login.WrongPin(allowed.remaining()))
                    : open(attempt, scanner.get()))
        .onFailure(RejectedExecutionException.class)
        .recoverWithItem(busy -> new Login.Busy());
  }

  private Uni<Login> open(Attempt attempt, String scannerId) {
    CompanyId merchant = attempt.merchant();
    Instant now = attempt.now();
    org.walletstate.domain.commerce.Merchant found = attempt.found();
    byte[] secret = entropy.bytes(32);
    String token = SESSION_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    Instant expiresAt = now.plus(ScannerLogin.SESSION);
    return lockouts
        .succeeded(merchant, attempt.client(), now)
        .flatMap(ok -> store.openSession(sha256(token), merchant, scannerId, expiresAt, now))
        .map(ok -> (Login) new Login.Opened(token, expiresAt, scannerId, found));
  }

  @Override
  public Uni<Optional<CompanyId>> session(String token) {
    if (token == null || !token.startsWith(SESSION_PREFIX) || token.length() > 100) {
      return Uni.createFrom().item(Optional.empty());
    }
    return store.session(sha256(token), clock.instant());
  }

  static byte[] sha256(String token) {
    try {
      return MessageDigest.getInstance("SHA-256")
          .digest(token.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
