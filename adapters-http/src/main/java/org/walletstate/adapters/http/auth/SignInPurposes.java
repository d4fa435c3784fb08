package org.walletstate.adapters.http.auth;

import org.walletstate.domain.siwe.PurposeMismatch;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * The EIP-4361 purposes in words, for the refusals of a message signed for another purpose: each
 * purpose is described by where the service takes it.
 */
public final class SignInPurposes {

  private SignInPurposes() {}

  /**
   * Why a message is refused for the purpose it was checked for, e.g. {@code the message is signed
   * for wallet sign-in (Authorization: Wallet), not for the in-store pass sign-in (POST /v1/pass);
   * sign a message that lists urn:walletstate:purpose:pos-pass}.
   */
  public static String refusal(PurposeMismatch mismatch) {
    return "the message is signed for "
        + mismatch
            .signedFor()
            .map(SignInPurposes::description)
            .orElse("an unknown purpose " + mismatch.named())
        + ", not for "
        + description(mismatch.checkedFor())
        + "; sign a message that lists "
        + mismatch.checkedFor().resource();
  }

  static String description(SignInPurpose purpose) {
    return switch (purpose) {
      case WALLET_AUTH -> "wallet sign-in (Authorization: Wallet)";
      case DISCOUNT_PROOF -> "a discount walletProof";
      case POS_PASS -> "the in-store pass sign-in (POST /v1/pass)";
    };
  }
}
