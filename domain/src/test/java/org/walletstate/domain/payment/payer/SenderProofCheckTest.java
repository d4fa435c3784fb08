package org.walletstate.domain.payment.payer;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.TxHash;

/**
 * Claim messages signed by each family's own client library, one private key (0x4c08…2318) for all:
 * ethers 6.17.0 ({@code signMessage}), tronweb 6.5.1 ({@code trx.signMessageV2}), @solana/kit 5.5.1
 * ({@code signBytes}) and bitcoinjs-message 2.2.0 ({@code sign}, P2PKH, P2WPKH and P2SH-P2WPKH),
 * made by {@code devnet/tools/purchase-proof.mjs}. The HTTP tests make fresh ones on every run.
 */
class SenderProofCheckTest {

  static final String TX = "0x" + "1".repeat(64);
  static final String MESSAGE =
      "localhost asks you to prove you sent this payment\n"
          + "Purpose: keys/buy\n"
          + "App: my app\n"
          + "Chain: 8453\n"
          + "Transaction: "
          + TX
          + "\n"
          + "Issued At: 2026-11-28T00:00:00Z";
  static final Instant SIGNED = Instant.parse("2026-11-28T00:00:00Z");
  static final String EVM = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23";
  static final String EVM_SIGNATURE =
      "0xc33aa1ff89ffa54d5f0096ce35e480d24ebee76a5b9f04b9c8f312e8e56a70f00c647658d8fb593fec2c3a875584e333a1e064618b8cdc7d3c4052d50bdebd4b1c";

  static Payment payment(WalletAddress sender) {
    return new Payment(
        new ChainId.Evm(8453),
        new TxHash(TX),
        sender,
        "USDC",
        BigInteger.valueOf(5_000_000),
        BigDecimal.valueOf(5));
  }

  @ParameterizedTest
  @CsvSource({
    "evm, 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23,"
        + " 0xc33aa1ff89ffa54d5f0096ce35e480d24ebee76a5b9f04b9c8f312e8e56a70f00c647658d8fb593fec2c3a875584e333a1e064618b8cdc7d3c4052d50bdebd4b1c",
    "tron, TE2H9hWjzYdwzDFRJfx9BFhr4MmjH1CHaz,"
        + " 0x18f2b1a73898e2cd0bd5d387cc17edecfbf58dfee06b96a5614e98c302f7df08577194b8b6c4a43ce0939afbb08634fd86115578f4fa2c68063041efd0c45ef71c",
    "solana, 9fijMemJYwXS5QD85Qxsq7iKqvSebgb6LvpGftgkeigk,"
        + " 2uKCtG4DvbuiW2HvaGxX39hpiX1Ytrz8P1dso5z9BTUjqAAKbTdoeHGmrYCwRhjstFG85kgnXo2noK4TruWShTTF",
    "bitcoin, 1FB3WSwtExGLQUmNp4AQF66tAwAQp6igW3,"
        + " INqm846XzupUB7iBoNpOjeXYQ9+cooPcieOLTaT5/iPdAFPh/a/txxmgiaKNGpfJKXosAJ9j1fsqfn9s8bommJs=",
    "bitcoin, bc1qnduq8yy8h4nr7g9vuuglzklqatmaquq9ac42k2,"
        + " KNqm846XzupUB7iBoNpOjeXYQ9+cooPcieOLTaT5/iPdAFPh/a/txxmgiaKNGpfJKXosAJ9j1fsqfn9s8bommJs=",
    "bitcoin, 36WJjPWBv8vhG8Wd4eBZwXGtyVr1Gw7g77,"
        + " JNqm846XzupUB7iBoNpOjeXYQ9+cooPcieOLTaT5/iPdAFPh/a/txxmgiaKNGpfJKXosAJ9j1fsqfn9s8bommJs="
  })
  void eachFamilysLibrarySignatureHolds(String family, String address, String signature) {
    WalletAddress sender = wallet(family, address);
    assertThat(check(MESSAGE, signature, sender, SIGNED.plusSeconds(30))).isNull();
    // the same signature over any other text, or by any other wallet, holds nothing
    assertThat(SenderSignatures.signedBy(sender, MESSAGE + " ", signature)).isFalse();
    assertThat(SenderSignatures.signedBy(wallet(family, other(family)), MESSAGE, signature))
        .isFalse();
  }

  @Test
  void aBip137SignatureForAnUncompressedKeyIsItsOwnAddressOnly() {
    // bitcoinjs-message sign("hello", key, false): header 27, the uncompressed key's P2PKH
    String signature =
        "GwjDKFEqZn76sUYNW/ld0fGGlhWMuSuwO90pDx5Zd1GuFkK2qZs8PJPZemJTT4B7Vl96VfFmUMNRdL5pVY4qaGg=";
    assertThat(
            SenderSignatures.signedBy(
                BitcoinAddress.of("1K4M2cTc1bRUC43HSTkmWbhi2ZJkhYXW9H"), "hello", signature))
        .isTrue();
    assertThat(
            SenderSignatures.signedBy(
                BitcoinAddress.of("1FB3WSwtExGLQUmNp4AQF66tAwAQp6igW3"), "hello", signature))
        .isFalse();
  }

  @Test
  void aStaleOrFutureProofIsRefused() {
    EvmAddress sender = EvmAddress.of(EVM);
    assertThat(check(MESSAGE, EVM_SIGNATURE, sender, SIGNED.plusSeconds(601)))
        .contains("more than 10 minutes old");
    assertThat(check(MESSAGE, EVM_SIGNATURE, sender, SIGNED.minusSeconds(61)))
        .contains("in the future");
  }

  @Test
  void aProofIsBoundToItsTransactionPurposeAppAndDomain() {
    EvmAddress sender = EvmAddress.of(EVM);
    Instant now = SIGNED.plusSeconds(5);
    Payment other =
        new Payment(
            new ChainId.Evm(8453),
            new TxHash("0x" + "2".repeat(64)),
            sender,
            "USDC",
            BigInteger.valueOf(5_000_000),
            BigDecimal.valueOf(5));
    assertThat(
            SenderProofCheck.refusal(
                new SenderProof(MESSAGE, EVM_SIGNATURE),
                other,
                new ClaimPurpose.KeysBuy("my app"),
                "localhost",
                now))
        .get()
        .asString()
        .contains("line 5");
    assertThat(
            SenderProofCheck.refusal(
                new SenderProof(MESSAGE, EVM_SIGNATURE),
                payment(sender),
                new ClaimPurpose.CreditsBuy(),
                "localhost",
                now))
        .get()
        .asString()
        .contains("line 2");
    assertThat(
            SenderProofCheck.refusal(
                new SenderProof(MESSAGE, EVM_SIGNATURE),
                payment(sender),
                new ClaimPurpose.KeysBuy("their app"),
                "localhost",
                now))
        .get()
        .asString()
        .contains("line 3");
    assertThat(
            SenderProofCheck.refusal(
                new SenderProof(MESSAGE, EVM_SIGNATURE),
                payment(sender),
                new ClaimPurpose.KeysBuy("my app"),
                "walletstate.example",
                now))
        .get()
        .asString()
        .contains("line 1");
  }

  @Test
  void theClaimMessageIsNeverAnEip4361SignIn() {
    assertThat(MESSAGE.lines().findFirst().orElseThrow())
        .doesNotContain("wants you to sign in with your Ethereum account:");
    assertThat(ClaimMessage.HEADLINE).doesNotContain("sign in");
  }

  @Test
  void malformedSignaturesRecoverNoOne() {
    EvmAddress sender = EvmAddress.of(EVM);
    for (String bad :
        new String[] {
          "", "0x", "0x00", "zz", EVM_SIGNATURE.substring(0, 100), "0x" + "0".repeat(130)
        }) {
      assertThat(SenderSignatures.signedBy(sender, MESSAGE, bad)).isFalse();
      assertThat(
              SenderSignatures.signedBy(
                  TronAddress.of("TE2H9hWjzYdwzDFRJfx9BFhr4MmjH1CHaz"), MESSAGE, bad))
          .isFalse();
      assertThat(
              SenderSignatures.signedBy(
                  SolanaAddress.of("9fijMemJYwXS5QD85Qxsq7iKqvSebgb6LvpGftgkeigk"), MESSAGE, bad))
          .isFalse();
    }
    byte[] header43 = new byte[65];
    header43[0] = 43;
    assertThat(
            SenderSignatures.signedBy(
                BitcoinAddress.of("1FB3WSwtExGLQUmNp4AQF66tAwAQp6igW3"),
                MESSAGE,
                Base64.getEncoder().encodeToString(header43)))
        .isFalse();
  }

  private static String check(String message, String signature, WalletAddress sender, Instant now) {
    return SenderProofCheck.refusal(
            new SenderProof(message, signature),
            payment(sender),
            new ClaimPurpose.KeysBuy("my app"),
            "localhost",
            now)
        .orElse(null);
  }

  private static WalletAddress wallet(String family, String address) {
    return switch (family) {
      case "evm" -> EvmAddress.of(address);
      case "tron" -> TronAddress.of(address);
      case "solana" -> SolanaAddress.of(address);
      default -> BitcoinAddress.of(address);
    };
  }

  private static String other(String family) {
    return switch (family) {
      case "evm" -> "0x000000000000000000000000000000000000dEaD";
      case "tron" -> "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
      case "solana" -> "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
      default -> "1K4M2cTc1bRUC43HSTkmWbhi2ZJkhYXW9H";
    };
  }
}
