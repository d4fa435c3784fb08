package org.walletstate.domain.siwe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each EIP-4361 message is accepted for the purpose it names and refused for every other one. The
 * vectors are made by the siwe library (3.0.0) and signed by ethers 6 with key 0xabab…ab ({@code
 * devnet/tools/siwe-sign.mjs} with {@code resources}), apart from their last line the message of
 * {@link SiweMessageTest}, which names no purpose.
 */
class SignInPurposeTest {

  private static final Instant NOW = Instant.parse("2026-11-25T02:01:00Z");

  private static final String BODY =
      "localhost wants you to sign in with your Ethereum account:\n"
          + "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6\n"
          + "\n"
          + "Sign in\n"
          + "\n"
          + "URI: http://localhost/v1\n"
          + "Version: 1\n"
          + "Chain ID: 8453\n"
          + "Nonce: abcdef123456\n"
          + "Issued At: 2026-11-25T02:00:00.000Z\n"
          + "Resources:\n"
          + "- urn:walletstate:purpose:";

  /** Signed message and signature, by the purpose the message names. */
  private static final Map<SignInPurpose, String[]> SIGNED =
      Map.of(
          SignInPurpose.WALLET_AUTH,
          new String[] {
            BODY + "wallet-auth",
            "0x08e82e68b65e7cb9753a037a3dbea3bf808062d2c6e2e27613d59e9d1fcc8499"
                + "524aa8217a7f7e08b9453ffff439492e44aefb16a3cba48da15804c0464585651c"
          },
          SignInPurpose.DISCOUNT_PROOF,
          new String[] {
            BODY + "discount-proof",
            "0x93b46c5a46eca4a324938c9453a0f6252e436a64574de91fea7b9dd10032b6af"
                + "0918c9eee86a35631143d0ac1529513dd4b6ec1352b74b21131f33ddd53811961c"
          },
          SignInPurpose.POS_PASS,
          new String[] {
            BODY + "pos-pass",
            "0x3a5ec1e9e06e4ef00870b538e1e618828a343e632de36bae8d37913fba07a55a"
                + "77da1e65f5d91cf548bccd58f4d9fd1f06a1dd6c0ed24c728761d5a1eeb543711c"
          });

  private static SignInCheck.Verdict check(String[] signed, SignInPurpose purpose) {
    return SignInCheck.check(signed[0], signed[1], "localhost", purpose, NOW);
  }

  @Test
  void aMessageIsAcceptedForItsOwnPurpose_andRefusedForEachOther() {
    for (SignInPurpose signedFor : SignInPurpose.values()) {
      for (SignInPurpose usedFor : SignInPurpose.values()) {
        SignInCheck.Verdict verdict = check(SIGNED.get(signedFor), usedFor);
        if (signedFor == usedFor) {
          assertThat(verdict)
              .as(signedFor + " as itself")
              .isInstanceOf(SignInCheck.Verdict.SignedIn.class);
        } else {
          assertThat(verdict)
              .as(signedFor + " as " + usedFor)
              .isEqualTo(
                  new SignInCheck.Verdict.OtherPurpose(
                      new PurposeMismatch(signedFor.resource(), usedFor)));
          assertThat(((SignInCheck.Verdict.OtherPurpose) verdict).mismatch().signedFor())
              .contains(signedFor);
        }
      }
    }
  }

  @Test
  void aMessageNamingNoPurpose_isAWalletProofOrASignIn_neverAPassSignIn() {
    String[] plain = {SiweMessageTest.MESSAGE, SiweMessageTest.SIGNATURE};
    assertThat(check(plain, SignInPurpose.DISCOUNT_PROOF))
        .isInstanceOf(SignInCheck.Verdict.SignedIn.class);
    assertThat(check(plain, SignInPurpose.WALLET_AUTH))
        .isInstanceOf(SignInCheck.Verdict.SignedIn.class);
    SignInCheck.Verdict verdict = check(plain, SignInPurpose.POS_PASS);
    assertThat(verdict).isInstanceOf(SignInCheck.Verdict.Refused.class);
    assertThat(((SignInCheck.Verdict.Refused) verdict).reason())
        .contains("does not name its purpose")
        .contains(SignInPurpose.POS_PASS.resource());
  }

  @Test
  void aWalletProof_whoseUriIsAStores_isNeverAWalletSignIn() throws Exception {
    SiweMessage proof =
        withUri(
            SiweMessage.parse(SiweMessageTest.MESSAGE),
            "https://api.example.com/V1/Merchants/m_123");
    assertThat(SignInPurpose.DISCOUNT_PROOF.problem(proof)).isEmpty();
    assertThat(reason(SignInPurpose.WALLET_AUTH.problem(proof)))
        .contains("does not name its purpose and its URI is a store's")
        .contains("a discount walletProof")
        .contains(SignInPurpose.WALLET_AUTH.resource());
    assertThat(reason(SignInPurpose.POS_PASS.problem(proof))).contains("does not name");
    SiweMessage named = withResources(proof, SignInPurpose.WALLET_AUTH.resource());
    assertThat(SignInPurpose.WALLET_AUTH.problem(named)).isEmpty();
    assertThat(SignInPurpose.DISCOUNT_PROOF.problem(named))
        .contains(
            new SignInCheck.Verdict.OtherPurpose(
                new PurposeMismatch(
                    SignInPurpose.WALLET_AUTH.resource(), SignInPurpose.DISCOUNT_PROOF)));
  }

  @Test
  void twoPurposes_anUnknownOne_orAnotherCase_areRefusedBeforeTheSignatureIsRead()
      throws Exception {
    SiweMessage base = SiweMessage.parse(SIGNED.get(SignInPurpose.WALLET_AUTH)[0]);
    SiweMessage both =
        withResources(
            base,
            "https://example.org/terms",
            SignInPurpose.WALLET_AUTH.resource(),
            SignInPurpose.POS_PASS.resource());
    assertThat(reason(SignInPurpose.WALLET_AUTH.problem(both))).contains("more than one");
    SiweMessage unknown = withResources(base, SignInPurpose.PREFIX + "payments");
    PurposeMismatch unknownPurpose =
        new PurposeMismatch("urn:walletstate:purpose:payments", SignInPurpose.DISCOUNT_PROOF);
    assertThat(SignInPurpose.DISCOUNT_PROOF.problem(unknown))
        .contains(new SignInCheck.Verdict.OtherPurpose(unknownPurpose));
    assertThat(unknownPurpose.signedFor()).isEmpty();
    SiweMessage upper = withResources(base, "URN:WALLETSTATE:PURPOSE:POS-PASS");
    assertThat(SignInPurpose.WALLET_AUTH.problem(upper))
        .contains(
            new SignInCheck.Verdict.OtherPurpose(
                new PurposeMismatch(SignInPurpose.POS_PASS.resource(), SignInPurpose.WALLET_AUTH)));
    assertThat(SignInPurpose.POS_PASS.problem(upper)).isEmpty();
    SiweMessage other =
        withResources(base, "https://example.org/terms", SignInPurpose.POS_PASS.resource());
    assertThat(SignInPurpose.POS_PASS.problem(other)).isEmpty();
  }

  private static String reason(Optional<SignInCheck.Verdict> problem) {
    assertThat(problem).containsInstanceOf(SignInCheck.Verdict.Refused.class);
    return ((SignInCheck.Verdict.Refused) problem.orElseThrow()).reason();
  }

  private static SiweMessage withUri(SiweMessage m, String uri) {
    return new SiweMessage(
        m.scheme(),
        m.domain(),
        m.address(),
        m.statement(),
        uri,
        m.chainId(),
        m.nonce(),
        m.issuedAt(),
        m.expirationTime(),
        m.notBefore(),
        m.requestId(),
        m.resources());
  }

  private static SiweMessage withResources(SiweMessage m, String... resources) {
    return new SiweMessage(
        m.scheme(),
        m.domain(),
        m.address(),
        m.statement(),
        m.uri(),
        m.chainId(),
        m.nonce(),
        m.issuedAt(),
        m.expirationTime(),
        m.notBefore(),
        m.requestId(),
        java.util.List.of(resources));
  }
}
