package org.walletstate.application.commerce.port.out;

import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;

/**
 * Signs in-store passes (P-256 {@code <ns>-pass-v2} and its ML-DSA-65 companion {@code
 * <ns>-pass-pq1}) and reads back the compact code a QR carries.
 */
public interface PassSigner {

  /**
   * @return the {@code data} text {@code {pass, sig, kid, pqSig, pqKid}} and its QR code text
   */
  Signed sign(InStorePass pass);

  record Signed(String dataJson, String code) {}

  /** What a code turns out to be. */
  Reading read(String code);

  sealed interface Reading {
    /** Signed by this service and not stale. */
    record Valid(InStorePass pass) implements Reading {}

    /** Signed by this service but past its 65 seconds. */
    record Stale(EvmAddress wallet, String reason) implements Reading {}

    /** Not a pass code, or not signed by this service. */
    record Invalid(String reason, Optional<String> detail) implements Reading {}
  }
}
