package org.walletstate.domain.siwe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;

class SiweMessageTest {

  /** Made by the siwe library (3.0.0) and signed by ethers 6.17.0 with key 0xabab…ab. */
  static final String MESSAGE =
      "localhost wants you to sign in with your Ethereum account:\n"
          + "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6\n"
          + "\n"
          + "Sign in\n"
          + "\n"
          + "URI: http://localhost/v1\n"
          + "Version: 1\n"
          + "Chain ID: 8453\n"
          + "Nonce: abcdef123456\n"
          + "Issued At: 2026-11-25T02:00:00.000Z";

  static final String SIGNATURE =
      "0xfa14044f2de14cd68d37a3bba4f426a885219cbfa87e8ac26a92a02a253dc117"
          + "7c3e979c0f13a75cfa4688b83d7c8e8e89d88991685801f8154ea5dc0d44cbc71b";

  static final Instant NOW = Instant.parse("2026-11-25T02:01:00Z");

  @Test
  void parsesTheLibrarysMessage() throws Exception {
    SiweMessage m = SiweMessage.parse(MESSAGE);
    assertThat(m.domain()).isEqualTo("localhost");
    assertThat(m.address()).isEqualTo(EvmAddress.of("0xe239cdc5fbe977a8a141b72194d3cf8c41bc5bc6"));
    assertThat(m.statement()).contains("Sign in");
    assertThat(m.chainId()).isEqualTo(8453);
    assertThat(m.nonce()).isEqualTo("abcdef123456");
    assertThat(m.issuedAt()).isEqualTo(Instant.parse("2026-11-25T02:00:00Z"));
    assertThat(m.expirationTime()).isEmpty();
  }

  @Test
  void recoversTheEthersSigner() {
    assertThat(PersonalSign.signer(MESSAGE, SIGNATURE))
        .contains(EvmAddress.of("0xe239cdc5fbe977a8a141b72194d3cf8c41bc5bc6"));
    assertThat(
            SignInCheck.check(MESSAGE, SIGNATURE, "localhost", SignInPurpose.DISCOUNT_PROOF, NOW))
        .isInstanceOf(SignInCheck.Verdict.SignedIn.class);
  }

  @Test
  void refusesWrongDomainOldOrFutureIssuedAtAndOtherSigners() {
    assertThat(
            reason(
                SignInCheck.check(
                    MESSAGE, SIGNATURE, "api.example.org", SignInPurpose.DISCOUNT_PROOF, NOW)))
        .contains("for domain localhost, not api.example.org");
    assertThat(
            reason(
                SignInCheck.check(
                    MESSAGE,
                    SIGNATURE,
                    "localhost",
                    SignInPurpose.DISCOUNT_PROOF,
                    NOW.plusSeconds(300))))
        .contains("more than 5 minutes old");
    assertThat(
            reason(
                SignInCheck.check(
                    MESSAGE,
                    SIGNATURE,
                    "localhost",
                    SignInPurpose.DISCOUNT_PROOF,
                    NOW.minusSeconds(120))))
        .contains("in the future");
    String tampered = MESSAGE.replace("Nonce: abcdef123456", "Nonce: abcdef123457");
    assertThat(
            reason(
                SignInCheck.check(
                    tampered, SIGNATURE, "localhost", SignInPurpose.DISCOUNT_PROOF, NOW)))
        .contains("not a personal_sign of this message");
    assertThat(
            reason(
                SignInCheck.check(
                    MESSAGE, "0x1234", "localhost", SignInPurpose.DISCOUNT_PROOF, NOW)))
        .contains("not a personal_sign");
  }

  @Test
  void parsesStrictly() {
    malformed(
        MESSAGE.replace(
            "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6",
            "0xe239cdc5fbe977a8a141b72194d3cf8c41bc5bc6"),
        "EIP-55");
    malformed(MESSAGE.replace("Version: 1", "Version: 2"), "Version must be 1");
    malformed(MESSAGE.replace("Nonce: abcdef123456", "Nonce: abc"), "Nonce must be");
    malformed(MESSAGE.replace("\n", "\r\n"), "LF only");
    malformed(
        MESSAGE.replace("Issued At: 2026-11-25T02:00:00.000Z", "Issued At: yesterday"), "RFC 3339");
    malformed(MESSAGE.replace("Sign in\n\n", ""), "two blank lines");
    malformed(MESSAGE + "\nExtra: 1", "unexpected line");
    malformed(MESSAGE.replace("Chain ID: 8453\n", ""), "expected \"Chain ID: ");
    malformed("", "empty");
  }

  @Test
  void parsesAMessageWithoutStatementWithOptionalFields() throws Exception {
    String text =
        "https://localhost:8443 wants you to sign in with your Ethereum account:\n"
            + "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6\n\n\n"
            + "URI: http://localhost/v1\nVersion: 1\nChain ID: 1\nNonce: 12345678\n"
            + "Issued At: 2026-11-25T02:00:00Z\nExpiration Time: 2026-11-25T02:10:00Z\n"
            + "Not Before: 2026-11-25T02:00:00Z\nRequest ID: r-1\nResources:\n- ipfs://x\n- https://y";
    SiweMessage m = SiweMessage.parse(text);
    assertThat(m.scheme()).contains("https");
    assertThat(m.domain()).isEqualTo("localhost:8443");
    assertThat(m.statement()).isEmpty();
    assertThat(m.expirationTime()).contains(Instant.parse("2026-11-25T02:10:00Z"));
    assertThat(m.resources()).containsExactly("ipfs://x", "https://y");
  }

  private static String reason(SignInCheck.Verdict verdict) {
    assertThat(verdict).isInstanceOf(SignInCheck.Verdict.Refused.class);
    return ((SignInCheck.Verdict.Refused) verdict).reason();
  }

  private static void malformed(String text, String expected) {
    assertThatThrownBy(() -> SiweMessage.parse(text))
        .isInstanceOf(SiweMessage.MalformedException.class)
        .hasMessageContaining(expected);
  }
}
