package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.solana.ProgramAddress;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * An x402 "exact" payment on Solana: a versioned (or legacy) transaction, signed by the payer and
 * left for the facilitator to sign as its fee payer, moving the quoted mint to the associated token
 * account of the quote's {@code payTo} with a {@code TransferChecked}. Its identity is the payer's
 * signature (base58): the same transaction never buys two answers.
 */
public final class SvmPayment {

  /** What the quote's Solana entry asks. */
  public record Terms(
      SolanaAddress mint,
      SolanaAddress payTo,
      BigInteger amount,
      int decimals,
      SolanaAddress feePayer) {
    // Null checks written out by design: a record validates its own components on construction.
    public Terms {
      Objects.requireNonNull(mint, "mint");
      Objects.requireNonNull(payTo, "payTo");
      Objects.requireNonNull(amount, "amount");
      Objects.requireNonNull(feePayer, "feePayer");
    }
  }

  private SvmPayment() {}

  /**
   * Why {@code transaction} does not pay {@code terms}; empty when it does. The chain's part (the
   * payer's balance, the blockhash still valid) is the facilitator's verification.
   */
  public static Optional<String> problem(Terms terms, SolanaTransaction transaction) {
    if (transaction.addressTableLookups() > 0) {
      return Optional.of("the transaction uses address lookup tables, which are not accepted");
    }
    // Messages alike by design: each refusal names what was sent and what the quote asked.
    if (!transaction.feePayer().equals(terms.feePayer())) {
      return Optional.of(
          "its fee payer is "
              + transaction.feePayer().text()
              + ", not the quoted feePayer "
              + terms.feePayer().text());
    }
    SvmTransfer transfer;
    try {
      transfer = SvmTransfer.of(transaction);
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
    return transferProblem(terms, transfer).or(() -> signerProblem(terms, transaction, transfer));
  }

  /** Why the transfer is not the quoted one: its mint, its destination, its amount or decimals. */
  private static Optional<String> transferProblem(Terms terms, SvmTransfer transfer) {
    if (!transfer.mint().equals(terms.mint())) {
      return Optional.of(
          "it moves the mint "
              + transfer.mint().text()
              + ", not the quoted "
              + terms.mint().text());
    }
    SolanaAddress expected =
        ProgramAddress.associatedTokenAccount(terms.payTo(), terms.mint(), transfer.program());
    if (!transfer.destination().equals(expected)) {
      return Optional.of(
          "it pays the token account "
              + transfer.destination().text()
              + ", not "
              + expected.text()
              + ", the associated token account of the quoted payTo "
              + terms.payTo().text());
    }
    if (transfer.amount().compareTo(terms.amount()) < 0) {
      return Optional.of(
          "it transfers "
              + transfer.amount()
              + " atomic units, less than the quoted "
              + terms.amount());
    }
    if (transfer.decimals() != terms.decimals()) {
      return Optional.of(
          "its TransferChecked states "
              + transfer.decimals()
              + " decimals, the mint has "
              + terms.decimals());
    }
    return Optional.empty();
  }

  /** Why the transfer's authority does not pay: it is the fee payer, or it has not signed. */
  private static Optional<String> signerProblem(
      Terms terms, SolanaTransaction transaction, SvmTransfer transfer) {
    if (transfer.authority().equals(terms.feePayer())) {
      return Optional.of("the fee payer may not be the transfer's authority");
    }
    Optional<byte[]> signature = transaction.signatureOf(transfer.authority());
    if (signature.isEmpty()) {
      return Optional.of(
          "the payer " + transfer.authority().text() + " has not signed the transaction");
    }
    if (!transfer.authority().signed(transaction.message(), signature.get())) {
      return Optional.of(
          "the payer's signature does not verify for " + transfer.authority().text());
    }
    return Optional.empty();
  }

  /**
   * The payer's signature, base58: the payment's identity. Empty when the transaction names no
   * single transfer or its authority has not signed.
   */
  public static Optional<String> payerSignature(SolanaTransaction transaction) {
    try {
      return signatureOf(transaction, SvmTransfer.of(transaction));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The signature of {@code transfer}'s authority in {@code transaction}, base58. */
  static Optional<String> signatureOf(SolanaTransaction transaction, SvmTransfer transfer) {
    return transaction.signatureOf(transfer.authority()).map(Base58.BITCOIN::encode);
  }
}
