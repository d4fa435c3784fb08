package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.siwe.PurposeMismatch;

/**
 * {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount}: the store (404,
 * 409 paused), the walletProof (401), the holdings (503 on an incomplete read), then the signed
 * verification, then in one transaction the owner's credit and the code.
 */
public interface IssueDiscountUseCase {

  Uni<IssueOutcome> issue(KeyAccount caller, DiscountRequest request);

  /** The outcome. */
  sealed interface IssueOutcome {

    /**
     * A code, signed and stored.
     *
     * @param signed the signed text {@code {discount, sig, kid, pqSig, pqKid}}
     * @param creditsCharged 1 when the caller owns the store and the code carries a discount
     * @param creditsRemaining the caller key's balance
     * @param replayed whether a concurrent twin stored this code (nothing charged now)
     */
    record Issued(
        Merchant merchant,
        Eligibility eligibility,
        IssuedCode code,
        String signed,
        long creditsCharged,
        long creditsRemaining,
        boolean replayed)
        implements IssueOutcome {}

    record UnknownMerchant() implements IssueOutcome {}

    record Paused(Merchant merchant) implements IssueOutcome {}

    /** The walletProof does not verify (401). */
    record ProofRefused(String reason) implements IssueOutcome {}

    /**
     * The walletProof is signed for another purpose (401). The adapter words it, describing each
     * purpose by where it takes it.
     */
    record ProofForOtherPurpose(PurposeMismatch mismatch) implements IssueOutcome {}

    record RpcFailure(List<HoldingsPlan.Failure> failures) implements IssueOutcome {
      public RpcFailure {
        failures = List.copyOf(failures);
      }
    }

    /** 402: the owner key cannot pay for a code that carries a discount. */
    record NoCredits(long available) implements IssueOutcome {}

    /** 403: the store has no active owner key. */
    record OwnerInactive() implements IssueOutcome {}

    /** 429: the per-wallet daily limit; {@code retryAfter} seconds until 00:00 UTC. */
    record DailyLimit(int limit, long retryAfter) implements IssueOutcome {}

    /** 429: the hourly limit on paid codes from a non-owner key. */
    record HourlyLimit(int limit, long retryAfter) implements IssueOutcome {}

    /**
     * 429: the store's bound on paid codes from keys other than the owner's, all together, per 24
     * hours; {@code retryAfter} seconds until one more fits.
     */
    record StoreLimit(int limit, long retryAfter) implements IssueOutcome {}

    /**
     * 503: the result could not be signed and logged (its transparency log entry made durable) or
     * the code not stored; nothing charged, no code stored.
     */
    record Unavailable(String reason) implements IssueOutcome {}
  }
}
