package org.walletstate.domain.commerce.discount;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.siwe.PurposeMismatch;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * walletProof over a message made by the {@code siwe} library and signed by ethers (the vector of
 * the sign-in tests): the service's host or the store's website, the store's URI, the wallet, the
 * 5-minute window.
 */
class WalletProofTest {

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

  static final EvmAddress SIGNER = EvmAddress.of("0xe239cdc5fbe977a8a141b72194d3cf8c41bc5bc6");
  static final Instant NOW = Instant.parse("2026-11-25T02:01:00Z");
  static final WalletProof PROOF = new WalletProof(MESSAGE, SIGNATURE);

  static String refused(WalletProof.Verdict verdict) {
    assertThat(verdict).isInstanceOf(WalletProof.Verdict.Refused.class);
    return ((WalletProof.Verdict.Refused) verdict).reason();
  }

  @Test
  void theStoresWebsite_isADomainBesideTheServicesHost() {
    WalletProof.Verdict verdict =
        PROOF.check(SIGNER, List.of("api.example.org", "localhost"), "http://localhost/v1/", NOW);
    assertThat(verdict).isInstanceOf(WalletProof.Verdict.Proven.class);
    assertThat(((WalletProof.Verdict.Proven) verdict).nonce()).isEqualTo("abcdef123456");
    assertThat(((WalletProof.Verdict.Proven) verdict).wallet()).isEqualTo(SIGNER);
  }

  @Test
  void anotherDomain_anotherUri_anotherWallet_orAnOldMessage_isRefused() {
    assertThat(refused(PROOF.check(SIGNER, List.of("api.example.org"), "http://localhost/v1", NOW)))
        .contains("neither the service's host nor the store's website");
    assertThat(
            refused(
                PROOF.check(
                    SIGNER, List.of("localhost"), "http://localhost/v1/merchants/cafe", NOW)))
        .contains("URI must be http://localhost/v1/merchants/cafe");
    assertThat(
            refused(
                PROOF.check(
                    EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
                    List.of("localhost"),
                    "http://localhost/v1",
                    NOW)))
        .contains("not by wallet");
    assertThat(
            refused(
                PROOF.check(
                    SIGNER, List.of("localhost"), "http://localhost/v1", NOW.plusSeconds(300))))
        .contains("more than 5 minutes old");
    assertThat(
            refused(
                new WalletProof(MESSAGE.replace("abcdef123456", "abcdef123457"), SIGNATURE)
                    .check(SIGNER, List.of("localhost"), "http://localhost/v1", NOW)))
        .contains("does not verify");
    assertThat(
            refused(
                new WalletProof("not a message", SIGNATURE)
                    .check(SIGNER, List.of("localhost"), "http://localhost/v1", NOW)))
        .contains("not an EIP-4361 message");
  }

  /**
   * The vector above with {@code Resources: - urn:walletstate:purpose:wallet-auth} (siwe, ethers).
   */
  static final String SIGN_IN = MESSAGE + "\nResources:\n- urn:walletstate:purpose:wallet-auth";

  static final String SIGN_IN_SIGNATURE =
      "0x08e82e68b65e7cb9753a037a3dbea3bf808062d2c6e2e27613d59e9d1fcc8499"
          + "524aa8217a7f7e08b9453ffff439492e44aefb16a3cba48da15804c0464585651c";

  @Test
  void aWalletSignInMessage_isNeverAWalletProof() {
    assertThat(
            new WalletProof(SIGN_IN, SIGN_IN_SIGNATURE)
                .check(SIGNER, List.of("localhost"), "http://localhost/v1", NOW))
        .isEqualTo(
            new WalletProof.Verdict.OtherPurpose(
                new PurposeMismatch(
                    SignInPurpose.WALLET_AUTH.resource(), SignInPurpose.DISCOUNT_PROOF)));
  }
}
