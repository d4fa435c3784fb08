package org.walletstate.adapters.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.siwe.PurposeMismatch;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * The refusal of a message signed for another purpose, to the letter: wallet sign-in, the discount
 * walletProof and the pass sign-in quote it after their own prefixes.
 */
class SignInPurposesTest {

  private static String refusal(String named, SignInPurpose checkedFor) {
    return SignInPurposes.refusal(new PurposeMismatch(named, checkedFor));
  }

  @Test
  void eachPurpose_isDescribedByWhereItIsTaken() {
    assertThat(refusal("urn:walletstate:purpose:wallet-auth", SignInPurpose.DISCOUNT_PROOF))
        .isEqualTo(
            "the message is signed for wallet sign-in (Authorization: Wallet), not for a discount"
                + " walletProof; sign a message that lists urn:walletstate:purpose:discount-proof");
    assertThat(refusal("urn:walletstate:purpose:wallet-auth", SignInPurpose.POS_PASS))
        .isEqualTo(
            "the message is signed for wallet sign-in (Authorization: Wallet), not for the"
                + " in-store pass sign-in (POST /v1/pass); sign a message that lists"
                + " urn:walletstate:purpose:pos-pass");
    assertThat(refusal("urn:walletstate:purpose:discount-proof", SignInPurpose.WALLET_AUTH))
        .isEqualTo(
            "the message is signed for a discount walletProof, not for wallet sign-in"
                + " (Authorization: Wallet); sign a message that lists"
                + " urn:walletstate:purpose:wallet-auth");
    assertThat(refusal("urn:walletstate:purpose:discount-proof", SignInPurpose.POS_PASS))
        .isEqualTo(
            "the message is signed for a discount walletProof, not for the in-store pass sign-in"
                + " (POST /v1/pass); sign a message that lists urn:walletstate:purpose:pos-pass");
    assertThat(refusal("urn:walletstate:purpose:pos-pass", SignInPurpose.WALLET_AUTH))
        .isEqualTo(
            "the message is signed for the in-store pass sign-in (POST /v1/pass), not for wallet"
                + " sign-in (Authorization: Wallet); sign a message that lists"
                + " urn:walletstate:purpose:wallet-auth");
    assertThat(refusal("urn:walletstate:purpose:pos-pass", SignInPurpose.DISCOUNT_PROOF))
        .isEqualTo(
            "the message is signed for the in-store pass sign-in (POST /v1/pass), not for a"
                + " discount walletProof; sign a message that lists"
                + " urn:walletstate:purpose:discount-proof");
  }

  @Test
  void anUnknownPurpose_isQuoted() {
    assertThat(refusal("urn:walletstate:purpose:payments", SignInPurpose.POS_PASS))
        .isEqualTo(
            "the message is signed for an unknown purpose urn:walletstate:purpose:payments, not"
                + " for the in-store pass sign-in (POST /v1/pass); sign a message that lists"
                + " urn:walletstate:purpose:pos-pass");
  }
}
