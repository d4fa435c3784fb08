package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;

/** The outcome of an operation only a merchant's owner key may perform. */
public sealed interface OwnerResult<T> {

  record Done<T>(T value) implements OwnerResult<T> {}

  /** No merchant with that id (404). */
  record NotFound<T>() implements OwnerResult<T> {}

  /**
   * The key may not do this to the merchant (403): it is not the owner, or not a partner.
   *
   * @param refusal when the answer names the endpoint to use, what the adapter words instead
   */
  record Forbidden<T>(String message, Optional<Refusal> refusal) implements OwnerResult<T> {
    public Forbidden(String message) {
      this(message, Optional.empty());
    }

    public Forbidden(Refusal refusal) {
      this(refusal.reason(), Optional.of(refusal));
    }
  }

  /**
   * The merchant's state does not allow it now (409).
   *
   * @param refusal when the answer names the endpoint that resolves it, what the adapter words
   *     instead
   */
  record Conflict<T>(String message, Optional<Refusal> refusal) implements OwnerResult<T> {
    public Conflict(String message) {
      this(message, Optional.empty());
    }

    public Conflict(Refusal refusal) {
      this(refusal.reason(), Optional.of(refusal));
    }
  }

  /**
   * A refusal whose answer names the endpoint to call; the HTTP adapter writes that text.
   *
   * @param merchant the store the call was for
   */
  record Refusal(Kind kind, CompanyId merchant) {

    /** The refusals that name an endpoint. */
    public enum Kind {
      /** A partner-provisioned store is published only once its domain is verified. */
      PUBLISH_NEEDS_VERIFIED_DOMAIN,
      /** A domain check needs a started verification. */
      VERIFICATION_NOT_STARTED,
      /** Marking a domain verified is for partner-enabled keys. */
      PARTNER_VERIFICATION_ONLY
    }

    /** The reason without the endpoint, for an adapter that has no endpoints. */
    public String reason() {
      return switch (kind) {
        case PUBLISH_NEEDS_VERIFIED_DOMAIN ->
            "Merchant " + merchant + " needs a verified domain before it is published";
        case VERIFICATION_NOT_STARTED ->
            "No domain verification has been started for merchant " + merchant;
        case PARTNER_VERIFICATION_ONLY ->
            "Marking a domain verified is restricted to partner-enabled API keys";
      };
    }
  }
}
