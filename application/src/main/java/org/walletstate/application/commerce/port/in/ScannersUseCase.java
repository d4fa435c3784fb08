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

  Uni<OwnerResult<List<Scanner>>> list(KeyAccount owner, CompanyId merchant);

  /** A PIN login. */
  Uni<Login> login(ScannerLogin login);

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

    record Locked(Instant until) implements Login {}

    record NoSuchMerchant() implements Login {}
  }

  /** The merchant whose live session {@code token} is. */
  Uni<Optional<CompanyId>> session(String token);
}
