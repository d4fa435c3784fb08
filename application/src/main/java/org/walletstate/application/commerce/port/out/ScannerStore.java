package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Scanner;

/** Scanners, their login lockout and their sessions. */
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

  /**
   * Lets one login attempt through, or not, in one statement under the lockout row's lock (the row
   * {@link #salt} made): an attempt is counted as failed before its PIN is evaluated, so parallel
   * attempts can never evaluate more than {@code maxFailures} PINs in a window; the attempt that
   * makes {@code maxFailures} sets the lock.
   */
  Uni<Attempt> attempt(CompanyId merchant, Instant now, int maxFailures, java.time.Duration lock);

  sealed interface Attempt {
    /** Let through; {@code failures} counts this attempt and every other in the window. */
    record Allowed(int failures) implements Attempt {}

    record Locked(Instant until) implements Attempt {}
  }

  /** Takes back the count of an attempt whose PIN was right (and the lock it may have set). */
  Uni<Void> succeeded(CompanyId merchant, int maxFailures);

  /** The scanner of the merchant whose PIN has this hash. */
  Uni<Optional<String>> scannerByPin(CompanyId merchant, String pinHash);

  /** Stores a session and the scanner's last login. */
  Uni<Void> openSession(
      byte[] tokenHash, CompanyId merchant, String scannerId, Instant expiresAt, Instant now);

  /** The merchant of a session that has not expired at {@code now}. */
  Uni<Optional<CompanyId>> session(byte[] tokenHash, Instant now);
}
