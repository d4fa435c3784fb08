package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Scanner;

/** Scanners and their sessions (the login lockout is {@link ScannerLockouts}). */
public interface ScannerStore {

  /**
   * The salt of the merchant's PIN hashes, stored as {@code candidate} on first use; empty when
   * there is no such merchant.
   */
  Uni<Optional<byte[]>> salt(CompanyId merchant, byte[] candidate);

  /**
   * Adds a scanner when {@code ownerKeyId} owns the merchant, it has fewer than {@code limit}
   * scanners and no scanner with the same PIN hash; all checked in one transaction under the
   * merchant's row lock.
   */
  Uni<Added> add(CompanyId merchant, long ownerKeyId, NewScanner scanner, int limit);

  record NewScanner(String id, Optional<String> label, String pinHash, Instant createdAt) {}

  sealed interface Added {
    record Done(Scanner scanner) implements Added {}

    record NotFound() implements Added {}

    record NotOwner() implements Added {}

    record LimitReached(int limit) implements Added {}

    record PinTaken() implements Added {}
  }

  /** Removes a scanner (and its sessions) when {@code ownerKeyId} owns the merchant. */
  Uni<Removed> remove(CompanyId merchant, long ownerKeyId, String scannerId);

  enum Removed {
    DONE,
    NOT_FOUND,
    NOT_OWNER,
    NO_SUCH_SCANNER
  }

  /** The merchant's scanners, oldest first, when {@code ownerKeyId} owns it. */
  Uni<MerchantStore.Access<List<Scanner>>> list(CompanyId merchant, long ownerKeyId);

  /** The scanner of the merchant whose PIN has this hash. */
  Uni<Optional<String>> scannerByPin(CompanyId merchant, String pinHash);

  /** Stores a session and the scanner's last login. */
  Uni<Void> openSession(
      byte[] tokenHash, CompanyId merchant, String scannerId, Instant expiresAt, Instant now);

  /** The merchant of a session that has not expired at {@code now}. */
  Uni<Optional<CompanyId>> session(byte[] tokenHash, Instant now);
}
