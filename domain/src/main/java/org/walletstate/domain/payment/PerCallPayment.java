package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * An x402 payment sent with a pay-per-call request, matched to the quote's entry for the network it
 * pays on (CAIP-2, e.g. {@code eip155:8453} or {@code solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp}): an
 * EIP-3009 authorization on an EVM network, or a partially signed transaction on Solana. Each buys
 * one answer, ever: its {@link #key()} is claimed once.
 *
 * <p>{@link Evm} and {@link Svm} are alike on purpose: each derives the payer, the amount and the
 * key from its own network's proof.
 */
public sealed interface PerCallPayment permits PerCallPayment.Evm, PerCallPayment.Svm {

  /** The CAIP-2 network paid on. */
  String network();

  /** The payer, as the settlement response names it. */
  String payer();

  /** What the payment moves, atomic units. */
  BigInteger amount();

  /** The payment's identity: the same key never buys two answers. */
  Key key();

  /**
   * Why the payment does not pay the quote's entry at {@code now}, before anything is read on
   * chain; empty when it does.
   */
  Optional<String> problem(Instant now);

  /**
   * The identity of a payment, in canonical text.
   *
   * @param token the token contract (EVM, lower case) or mint (Solana, base58)
   * @param payer the payer (EVM, lower case; Solana, base58)
   * @param id the EIP-3009 nonce (0x and 64 lower-case hex digits), or the payer's signature of the
   *     Solana transaction (base58)
   */
  record Key(String network, String token, String payer, String id) {
    public Key {
      Objects.requireNonNull(network, "network");
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(payer, "payer");
      Objects.requireNonNull(id, "id");
    }
  }

  /** The x402 "exact" EVM scheme: an EIP-3009 {@code transferWithAuthorization}. */
  record Evm(String network, AuthorizationCheck.Terms terms, TransferAuthorization authorization)
      implements PerCallPayment {
    // Null checks written out by design: a record validates its own components on construction.
    public Evm {
      Objects.requireNonNull(network, "network");
      Objects.requireNonNull(terms, "terms");
      Objects.requireNonNull(authorization, "authorization");
    }

    @Override
    public String payer() {
      return authorization.from().checksummed();
    }

    @Override
    public BigInteger amount() {
      return authorization.value();
    }

    @Override
    public Key key() {
      return new Key(
          network,
          terms.domain().token().lowercase(),
          authorization.from().lowercase(),
          authorization.nonce().hex());
    }

    @Override
    public Optional<String> problem(Instant now) {
      return AuthorizationCheck.problem(terms, authorization, now);
    }
  }

  /**
   * The x402 "exact" SVM scheme: a transaction with the payer's signature and the facilitator's fee
   * payer slot left empty, carrying one {@code TransferChecked}, which is read once, with the
   * payer's signature, when the payment is made.
   */
  final class Svm implements PerCallPayment {
    private final String network;
    private final SvmPayment.Terms terms;
    private final SolanaTransaction transaction;
    private final SvmTransfer transfer;
    private final String payerSignature;

    /**
     * @throws IllegalArgumentException when the transaction carries no single {@code
     *     TransferChecked} or its authority has not signed it
     */
    public Svm(String network, SvmPayment.Terms terms, SolanaTransaction transaction) {
      this.network = Objects.requireNonNull(network, "network");
      this.terms = Objects.requireNonNull(terms, "terms");
      this.transaction = Objects.requireNonNull(transaction, "transaction");
      this.transfer = SvmTransfer.of(transaction);
      this.payerSignature =
          SvmPayment.signatureOf(transaction, transfer)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "the transaction is not signed by its transfer's authority "
                              + transfer.authority().text()));
    }

    @Override
    public String network() {
      return network;
    }

    public SvmPayment.Terms terms() {
      return terms;
    }

    public SolanaTransaction transaction() {
      return transaction;
    }

    public SvmTransfer transfer() {
      return transfer;
    }

    /** The transaction as the x402 payload carries it: base64 of its wire bytes. */
    public String encoded() {
      return Base64.getEncoder().encodeToString(transaction.wire());
    }

    @Override
    public String payer() {
      return transfer.authority().text();
    }

    @Override
    public BigInteger amount() {
      return transfer.amount();
    }

    @Override
    public Key key() {
      return new Key(network, terms.mint().text(), payer(), payerSignature);
    }

    @Override
    public Optional<String> problem(Instant now) {
      return SvmPayment.problem(terms, transaction);
    }

    @Override
    public String toString() {
      return "Svm[network=" + network + ", payer=" + payer() + ", amount=" + amount() + "]";
    }
  }
}
