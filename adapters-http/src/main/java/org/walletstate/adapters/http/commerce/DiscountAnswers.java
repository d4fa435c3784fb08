package org.walletstate.adapters.http.commerce;

import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.walletstate.adapters.http.auth.SignInPurposes;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.discount.HoldingsPlan;

/**
 * The refusals of the discount endpoints, worded once (the REST resources and the {@code /mcp}
 * tools answer the same messages).
 */
public final class DiscountAnswers {

  private DiscountAnswers() {}

  public static ApiError unknownMerchant(CompanyId id) {
    return new ApiError(404, "Merchant not found: " + id);
  }

  public static ApiError paused(CompanyId id) {
    return new ApiError(
        409,
        "Merchant "
            + id
            + " has paused token-holder recognition; no code was created and no credit used");
  }

  /** The failed reads of an rpc_failure, as its {@code failedConditions}. */
  public static List<Envelopes.FailedRead> failedReads(List<HoldingsPlan.Failure> failures) {
    return failures.stream()
        .map(f -> new Envelopes.FailedRead("chain_read", f.chain().wireValue(), f.message()))
        .toList();
  }

  /**
   * The error of a refused issue, or null for an outcome that is not an error (issued, rpc_failure:
   * the caller renders those).
   */
  public static ApiError refusal(IssueOutcome outcome, CompanyId merchant) {
    if (outcome instanceof IssueOutcome.UnknownMerchant) {
      return unknownMerchant(merchant);
    }
    if (outcome instanceof IssueOutcome.Paused) {
      return paused(merchant);
    }
    if (outcome instanceof IssueOutcome.ProofRefused refused) {
      return new ApiError(401, refused.reason() + "; no credit was used");
    }
    if (outcome instanceof IssueOutcome.ProofForOtherPurpose other) {
      return new ApiError(
          401,
          "walletProof does not verify: "
              + SignInPurposes.refusal(other.mismatch())
              + "; no credit was used");
    }
    if (outcome instanceof IssueOutcome.NoCredits none) {
      return new ApiError(
          402,
          "Insufficient credits: the owner key of merchant "
              + merchant
              + " has "
              + none.available()
              + " available, 1 required for a code that carries a discount. Top up with POST"
              + " /v1/credits/buy or POST /v1/merchants/"
              + merchant
              + "/credits. No code was created.");
    }
    if (outcome instanceof IssueOutcome.OwnerInactive) {
      return new ApiError(
          403,
          "Merchant "
              + merchant
              + " has no active owner key; no code was created and no credit used");
    }
    ApiError limited = limitReached(outcome, merchant);
    if (limited != null) {
      return limited;
    }
    if (outcome instanceof IssueOutcome.Unavailable down) {
      return new ApiError(
          503,
          "The discount verification could not be completed ("
              + down.reason()
              + "); no code was created and no credit used. Retry in a few seconds.",
          Map.of("Retry-After", Integer.toString(Envelopes.RPC_FAILURE_RETRY_SECONDS)));
    }
    return null;
  }

  /** The 429 of an issue refused by a limit, or null when the outcome is not one. */
  private static ApiError limitReached(IssueOutcome outcome, CompanyId merchant) {
    // each limit words its own 429 by design: its count, scope and remedy differ
    if (outcome instanceof IssueOutcome.DailyLimit limit) {
      return limited(
          "This wallet reached merchant "
              + merchant
              + "'s limit of "
              + limit.limit()
              + " discount codes per UTC day without walletProof; it resets at 00:00 UTC (send"
              + " walletProof to prove control of the wallet: proven wallets have no daily limit)."
              + " No code was created and no credit used.",
          limit.retryAfter());
    }
    if (outcome instanceof IssueOutcome.HourlyLimit limit) {
      return limited(
          "This API key reached the limit of "
              + limit.limit()
              + " discount codes per hour at merchant "
              + merchant
              + ", which it does not own; try again within the hour. No code was created and no"
              + " credit used.",
          limit.retryAfter());
    }
    if (outcome instanceof IssueOutcome.StoreLimit limit) {
      return limited(
          "Merchant "
              + merchant
              + " accepts at most "
              + limit.limit()
              + " discount codes per 24 hours from API keys other than its owner's, all such keys"
              + " together, and that many were issued; one more fits in "
              + limit.retryAfter()
              + " seconds (the store's owner sets this bound with maxPaidCodesFromOtherKeysPerDay)."
              + " No code was created and no credit used.",
          limit.retryAfter());
    }
    return null;
  }

  /** A 429 that says when to retry. */
  private static ApiError limited(String message, long retryAfterSeconds) {
    return new ApiError(429, message, Map.of("Retry-After", Long.toString(retryAfterSeconds)));
  }

  /** The error of a refused eligibility check (discount check), or null. */
  public static ApiError refusal(EligibilityOutcome outcome, CompanyId merchant) {
    if (outcome instanceof EligibilityOutcome.UnknownMerchant) {
      return unknownMerchant(merchant);
    }
    if (outcome instanceof EligibilityOutcome.Paused) {
      return paused(merchant);
    }
    return null;
  }

  static Response rpcFailure(Envelopes envelopes, List<HoldingsPlan.Failure> failures) {
    return envelopes.rpcFailure(failedReads(failures));
  }
}
