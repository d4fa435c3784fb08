package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.ScannerLogin;

/** A merchant's scanners (owner key) and the scanner sessions their PINs open. */
public interface ScannersUseCase {

  /** Adds a scanner; a full merchant or a PIN already in use is a conflict. */
  Uni<OwnerResult<Scanner>> add(KeyAccount owner, CompanyId merchant, ScannerChange.Add add);

  /**
   * Removes a scanner and ends its sessions.
   *
   * @return done with false when the merchant has no such scanner
   */
  Uni<OwnerResult<Boolean>> remove(KeyAccount owner, CompanyId merchant, String scannerId);

  /** The scanners, oldest first, and when the store-wide lockout last alerted the owner. */
  Uni<OwnerResult<Listed>> list(KeyAccount owner, CompanyId merchant);

  /**
   * @param lockoutAlertedAt when wrong PINs from many addresses last reached the store's ceiling
   */
  record Listed(List<Scanner> scanners, Optional<Instant> lockoutAlertedAt) {}

  /**
   * A PIN login.
   *
   * @param client the client address, hashed (the lockout counts per store and client)
   */
  Uni<Login> login(ScannerLogin login, String client);

  sealed interface Login {
    /**
     * @param token the session token (shown once)
     * @param merchant the merchant, for its public configuration
     */
    record Opened(String token, Instant expiresAt, String scannerId, Merchant merchant)
        implements Login {
      /** The token is a credential: its text never reaches a log. */
      @Override
      public String toString() {
        return "Opened[" + scannerId + ", until " + expiresAt + "]";
      }
    }

    /** The PIN is no scanner's; {@code attemptsRemaining} before the lock. */
    record WrongPin(int attemptsRemaining) implements Login {}

    /**
     * @param storeWide true when the store-wide ceiling locks it (for addresses that have not
     *     logged a till into the store), false when the address's own wrong PINs do
     */
    record Locked(Instant until, boolean storeWide) implements Login {}

    /** The PIN-hashing pool is full: nothing was evaluated, retry shortly. */
    record Busy() implements Login {}

    record NoSuchMerchant() implements Login {}
  }

  /** The merchant whose live session {@code token} is. */
  Uni<Optional<CompanyId>> session(String token);
}
