package org.walletstate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.solana.ProgramAddress;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * Solana "exact" payments against the quote, on a transaction built by the official x402 client
 * ({@code @x402/svm} 2.27.0's {@code ExactSvmScheme}, payer seed {@code 07…07}, for a quote of
 * 50000 atomic units of mainnet USDC to {@code A1TMhS…} with fee payer {@code 2cHr7Q…}; blockhash
 * {@code EkSnNW…} and the mint read from a local JSON-RPC).
 */
class SvmPaymentTest {

  static final String FIXTURE =
      "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABUNFX1"
          + "XPaO+OHKAyGwNfNh2zK9d+WJEQSXMrbS2ehQ2XZH6U06nzArreaXAuG8S/Bt+Gwog88Txs6Y61q9PJgBgAIBBAgX"
          + "5hBb/x4wtw6y3F95So7BPMYmMIL2bcXvsx27Gib/qOpKbGPinFIKvvVQexMuxfmVR3auvr57kkIe6mkURtIsSRIK"
          + "tW31UClFCvSaqokvB4/UORQRiFhkzkX3a6TKSQ5nMC5JGJTXSS6mvk+RTqT0X6FC5kWGfJFkonbV3XbwdgMGRm/l"
          + "IRcy/+ytunLDm+e8jOW7xfcSayxDmzpAAAAAxvp6877brTo9ZfNqq8l0MbG75MLS9uDkfKYCA0UvXWEFSlNamSkh"
          + "Bk0k6HFg2jh8fDW13bySu4HkH6hAQQVEjQbd9uHXZaGT2cvhRs7reawctIXtX1s3kTqM9YV+/wCpzEkOkozS44c7"
          + "s0P8ldozF5ymD02/RsLDbpEpnVXU5rkEBAAFAiBOAAAEAAkDAQAAAAAAAAAHBAMFAgEKDFDDAAAAAAAABgYAIDJm"
          + "Y2QyYTVkMjlmNjcyOTRlNTNmNTFjODU5NDExYmI4AA==";

  static final SolanaAddress USDC =
      SolanaAddress.of("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  static final SolanaAddress PAY_TO =
      SolanaAddress.of("A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd");
  static final SolanaAddress FEE_PAYER =
      SolanaAddress.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR");
  static final SolanaAddress PAYER =
      SolanaAddress.of("GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB");
  static final SolanaAddress OTHER =
      SolanaAddress.of("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA");
  static final SvmPayment.Terms TERMS =
      new SvmPayment.Terms(USDC, PAY_TO, BigInteger.valueOf(50_000), 6, FEE_PAYER);
  static final String NETWORK = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
  static final Instant NOW = Instant.parse("2026-11-25T00:00:00Z");

  static byte[] wire() {
    return Base64.getDecoder().decode(FIXTURE);
  }

  static SolanaTransaction fixture() {
    return SolanaTransaction.decode(wire());
  }

  @Test
  void theOfficialClientsTransaction_decodes_asAVersion0MessageWithTheFeePayerSlotEmpty() {
    SolanaTransaction tx = fixture();

    assertThat(tx.version()).contains(0);
    assertThat(tx.requiredSignatures()).isEqualTo(2);
    assertThat(tx.signatures()).hasSize(2);
    assertThat(tx.signatures().get(0)).containsOnly(0);
    assertThat(tx.feePayer()).isEqualTo(FEE_PAYER);
    assertThat(tx.accounts().get(1)).isEqualTo(PAYER);
    assertThat(tx.addressTableLookups()).isZero();
    // compute unit limit, compute unit price, the transfer, the memo
    assertThat(tx.instructions()).hasSize(4);
    assertThat(tx.program(tx.instructions().get(0)).text())
        .isEqualTo("ComputeBudget111111111111111111111111111111");
    assertThat(tx.program(tx.instructions().get(3)).text())
        .isEqualTo("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
    assertThat(Base64.getEncoder().encodeToString(tx.wire())).isEqualTo(FIXTURE);
  }

  @Test
  void theTransfer_isTheQuotedUsdcToTheAssociatedAccountOfPayTo() {
    SvmTransfer transfer = SvmTransfer.of(fixture());

    assertThat(transfer.program()).isEqualTo(SvmTransfer.TOKEN_PROGRAM);
    assertThat(transfer.mint()).isEqualTo(USDC);
    assertThat(transfer.authority()).isEqualTo(PAYER);
    assertThat(transfer.amount()).isEqualTo(BigInteger.valueOf(50_000));
    assertThat(transfer.decimals()).isEqualTo(6);
    assertThat(transfer.destination())
        .isEqualTo(ProgramAddress.associatedTokenAccount(PAY_TO, USDC, SvmTransfer.TOKEN_PROGRAM));
    assertThat(transfer.source())
        .isEqualTo(ProgramAddress.associatedTokenAccount(PAYER, USDC, SvmTransfer.TOKEN_PROGRAM));
  }

  @Test
  void itPaysTheQuote_andIsKnownByThePayersSignature() {
    PerCallPayment.Svm payment = new PerCallPayment.Svm(NETWORK, TERMS, fixture());

    assertThat(payment.problem(NOW)).isEmpty();
    assertThat(payment.payer()).isEqualTo(PAYER.text());
    assertThat(payment.amount()).isEqualTo(BigInteger.valueOf(50_000));
    assertThat(payment.encoded()).isEqualTo(FIXTURE);
    PerCallPayment.Key key = payment.key();
    assertThat(key.network()).isEqualTo(NETWORK);
    assertThat(key.token()).isEqualTo(USDC.text());
    assertThat(key.payer()).isEqualTo(PAYER.text());
    assertThat(key.id())
        .isEqualTo(
            org.walletstate.domain.address.Base58.BITCOIN.encode(fixture().signatures().get(1)));
    assertThat(key.id().length()).isBetween(86, 88);
  }

  @Test
  void aPaymentOfMoreThanTheQuote_pays() {
    var cheaper = new SvmPayment.Terms(USDC, PAY_TO, BigInteger.valueOf(49_999), 6, FEE_PAYER);
    assertThat(SvmPayment.problem(cheaper, fixture())).isEmpty();
  }

  @Test
  void whatDoesNotPayTheQuote_isRefusedWithItsReason() {
    assertThat(
            SvmPayment.problem(
                new SvmPayment.Terms(USDC, PAY_TO, BigInteger.valueOf(50_001), 6, FEE_PAYER),
                fixture()))
        .contains("it transfers 50000 atomic units, less than the quoted 50001");
    assertThat(
            SvmPayment.problem(
                new SvmPayment.Terms(OTHER, PAY_TO, BigInteger.valueOf(50_000), 6, FEE_PAYER),
                fixture()))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .isEqualTo("it moves the mint " + USDC.text() + ", not the quoted " + OTHER));
    assertThat(
            SvmPayment.problem(
                new SvmPayment.Terms(USDC, OTHER, BigInteger.valueOf(50_000), 6, FEE_PAYER),
                fixture()))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith("it pays the token account ")
                    .endsWith("the associated token account of the quoted payTo " + OTHER));
    assertThat(
            SvmPayment.problem(
                new SvmPayment.Terms(USDC, PAY_TO, BigInteger.valueOf(50_000), 6, OTHER),
                fixture()))
        .contains("its fee payer is " + FEE_PAYER + ", not the quoted feePayer " + OTHER);
    assertThat(
            SvmPayment.problem(
                new SvmPayment.Terms(USDC, PAY_TO, BigInteger.valueOf(50_000), 9, FEE_PAYER),
                fixture()))
        .contains("its TransferChecked states 6 decimals, the mint has 9");
  }

  @Test
  void aTamperedMessage_failsThePayersSignature() {
    byte[] wire = wire();
    // the last byte of the memo: part of the signed message
    wire[wire.length - 2] ^= 1;
    assertThat(SvmPayment.problem(TERMS, SolanaTransaction.decode(wire)))
        .contains("the payer's signature does not verify for " + PAYER);
  }

  @Test
  void aTransactionThePayerHasNotSigned_isNotAPayment() {
    byte[] wire = wire();
    java.util.Arrays.fill(wire, 65, 129, (byte) 0);
    SolanaTransaction unsigned = SolanaTransaction.decode(wire);
    assertThat(SvmPayment.problem(TERMS, unsigned))
        .contains("the payer " + PAYER + " has not signed the transaction");
    assertThatThrownBy(() -> new PerCallPayment.Svm(NETWORK, TERMS, unsigned))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not signed by its transfer's authority");
  }

  @Test
  void theFeePayerAsTheTransfersAuthority_isRefused() {
    SolanaAddress destination =
        ProgramAddress.associatedTokenAccount(PAY_TO, USDC, SvmTransfer.TOKEN_PROGRAM);
    SolanaAddress source =
        ProgramAddress.associatedTokenAccount(FEE_PAYER, USDC, SvmTransfer.TOKEN_PROGRAM);
    // a legacy message: the fee payer signs and is the authority of a TransferChecked of 50000
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    message.write(1);
    message.write(0);
    message.write(2);
    message.write(5);
    for (SolanaAddress key :
        new SolanaAddress[] {FEE_PAYER, source, destination, USDC, SvmTransfer.TOKEN_PROGRAM}) {
      message.writeBytes(key.bytes());
    }
    message.writeBytes(new byte[32]);
    message.write(1);
    message.write(4);
    message.write(4);
    message.writeBytes(new byte[] {1, 3, 2, 0});
    message.write(10);
    message.writeBytes(new byte[] {12, 0x50, (byte) 0xc3, 0, 0, 0, 0, 0, 0, 6});
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    wire.write(1);
    wire.writeBytes(new byte[64]);
    wire.writeBytes(message.toByteArray());
    SolanaTransaction tx = SolanaTransaction.decode(wire.toByteArray());

    assertThat(tx.version()).isEmpty();
    assertThat(SvmPayment.problem(TERMS, tx))
        .contains("the fee payer may not be the transfer's authority");
  }

  @Test
  void bytesThatAreNotATransaction_areRefusedWithTheReason() {
    byte[] wire = wire();
    assertThatThrownBy(
            () -> SolanaTransaction.decode(java.util.Arrays.copyOf(wire, wire.length - 1)))
        .isInstanceOf(SolanaTransaction.MalformedTransaction.class)
        .hasMessageContaining("ends early");
    assertThatThrownBy(
            () -> SolanaTransaction.decode(java.util.Arrays.copyOf(wire, wire.length + 1)))
        .hasMessage("1 bytes follow the message");
    assertThatThrownBy(() -> SolanaTransaction.decode(new byte[] {(byte) 0x81, 0}))
        .hasMessage("a length is not in its shortest form");
    assertThatThrownBy(() -> SolanaTransaction.decode(new byte[0])).hasMessageContaining("ends");
    byte[] v1 = wire();
    v1[129] = (byte) 0x81;
    assertThatThrownBy(() -> SolanaTransaction.decode(v1))
        .hasMessage("its message version 1 is unknown");
    assertThatThrownBy(() -> SolanaTransaction.decode(new byte[1300]))
        .hasMessageContaining("more than 1232");
  }

  @Test
  void aTransactionWithoutASingleTransferChecked_isNotAPayment() {
    byte[] wire = wire();
    // the transfer's instruction tag: 12 (TransferChecked) becomes 3 (Transfer)
    int tag = indexOf(wire, new byte[] {10, 12, 0x50, (byte) 0xc3}) + 1;
    wire[tag] = 3;
    assertThatThrownBy(() -> SvmTransfer.of(SolanaTransaction.decode(wire)))
        .hasMessage("the transaction's token instruction is not a TransferChecked");
    assertThat(SvmPayment.payerSignature(SolanaTransaction.decode(wire)))
        .isEqualTo(Optional.empty());
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }
}
