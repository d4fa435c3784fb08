package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.commerce.discount.Eligibility;

/** In-store passes verified at a merchant's till. */
public interface VerifyPassUseCase {

  /**
   * Verifies a scanned pass for a merchant.
   *
   * @param scanner the merchant of the scanner session, or empty when the owner key calls
   * @param owner the owner key, when it calls
   */
  Uni<Verify> verify(Optional<CompanyId> scanner, Optional<KeyAccount> owner, PassScan scan);

  sealed interface Verify {
    /**
     * A pass that was read: recognized with its discount, or not (paused store, stale pass, bad
     * signature).
     *
     * @param wallet the pass's wallet, when the signature was the service's
     * @param reason why it was not recognized ({@code paused}, {@code stale}, {@code
     *     invalid_signature}); empty when recognized
     * @param discount whole percent; 0 when not recognized
     * @param tier the name of the tier (or collection) that gives the most, if any
     * @param earned every tier and collection earned
     * @param recognizedCollections the recognition collections the wallet holds
     * @param creditsCharged 1 when a discount was given, else 0
     * @param creditsRemaining the owner key's balance after the scan
     */
    record Scanned(
        CompanyId merchant,
        boolean recognized,
        boolean paused,
        Optional<String> reason,
        Optional<String> detail,
        Optional<EvmAddress> wallet,
        Optional<InStorePass> pass,
        int discount,
        Optional<String> tier,
        List<Eligibility.Earned> earned,
        List<String> recognizedCollections,
        long creditsCharged,
        long creditsRemaining)
        implements Verify {}

    /** Code is not a pass code at all (400). */
    record NotAPass(String reason) implements Verify {}

    /** No merchant with that id (404). */
    record NoSuchMerchant(String id) implements Verify {}

    /** With the owner key and no merchantId (400). */
    record MerchantRequired() implements Verify {}

    /** The key does not own the merchant, or the session is another merchant's (403). */
    record Forbidden(String reason) implements Verify {}

    /** The owner key has no credit for a scan (402). */
    record NoCredits(long balance) implements Verify {}

    /** A chain read failed (503): nothing charged. */
    record Unavailable(List<Object> chainIds, String reason) implements Verify {}
  }
}
