package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.ScannerLockout;

/** The scanner-login lockout: wrong PINs counted per store and client address, and per store. */
public interface ScannerLockouts {

  /**
   * Lets one login attempt of {@code client} (an opaque, hashed client address) through, or not:
   * reads the store's and the client's counts under the store's lockout row lock (the row {@link
   * ScannerStore#salt} made), decides with {@link ScannerLockout#attempt} and stores the counts it
   * returns, in one transaction. Attempts on one store are so serialised: an attempt is counted as
   * failed before its PIN is evaluated, so parallel attempts never evaluate more PINs than the
   * counts allow.
   */
  Uni<ScannerLockout.Decision> attempt(CompanyId merchant, String client, Instant now);

  /**
   * Takes back the count of {@code client}'s attempt whose PIN was right ({@link
   * ScannerLockout#succeeded}), which makes the client one of the store's tills; forgets clients
   * not seen for {@link ScannerLockout#KNOWN_TILL}, a bounded number per call.
   */
  Uni<Void> succeeded(CompanyId merchant, String client, Instant now);

  /**
   * When wrong PINs last reached the store's ceiling ({@code scanner_login.alerted_at}), shown to
   * the owner with the scanners.
   */
  Uni<Optional<Instant>> lastAlert(CompanyId merchant);
}
