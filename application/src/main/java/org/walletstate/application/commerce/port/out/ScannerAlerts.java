package org.walletstate.application.commerce.port.out;

import java.time.Instant;
import org.walletstate.domain.commerce.CompanyId;

/** Where the owner is told that wrong scanner PINs reached the store-wide ceiling. */
public interface ScannerAlerts {

  /**
   * Wrong PINs from many addresses reached the store's ceiling: scanner login is locked until
   * {@code until} for addresses that have not logged a till into the store.
   */
  void storeLocked(CompanyId merchant, Instant until);
}
