package org.walletstate.application.payment.port.in;

import io.smallrye.mutiny.Uni;
import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;

/**
 * Verifies that a transaction is a payment to the service, on chain. It reads and judges; it
 * credits nothing. Crediting is the caller's, through the ledger, where a transaction hash is
 * unique: a verified payment still credits once ever.
 *
 * <p>Used by {@code POST /v1/keys/buy}, {@code POST /v1/credits/buy}, and by the merchant credits
 * and payment confirmation endpoints: turn {@link Verification.NotAPayment} into 400 with its
 * reason, {@link Verification.Unavailable} into 503 {@code rpc_failure}.
 */
public interface VerifyPaymentUseCase {

  Uni<Verification> verify(PaymentClaim claim);

  /**
   * Verifies a USDC payment to {@code receiver} instead of the service (a store's {@code
   * usdcPayment} address of the chain's family, {@code POST /v1/payment/confirm}), with no minimum
   * amount; the chain's other rules (confirmations, the token's contract or mint) are the same. On
   * Solana the receiver is the wallet that owns the receiving token account.
   */
  Uni<Verification> verifyUsdcTo(PaymentClaim claim, WalletAddress receiver);

  /** The answer. */
  sealed interface Verification {
    /** A valid payment: sender, token and amount from the chain. */
    record Verified(Payment payment) implements Verification {}

    /** Not a valid payment on this service (or not yet): {@code reason} says why. */
    record NotAPayment(String reason) implements Verification {}

    /**
     * A read did not complete, or gave nothing usable; nothing can be said about the payment yet.
     *
     * @param chain the chain that was read: the payment's, or the price feed's (bitcoin's BTC/USD
     *     is read on chain 1)
     * @param message what could not be read, for the caller: it names no endpoint
     * @param reason the detail, for logs
     */
    record Unavailable(ChainId chain, String message, String reason) implements Verification {

      /** What a transaction read that did not complete answers. */
      public static final String TRANSACTION = "the payment transaction could not be read";

      public Unavailable {
        Objects.requireNonNull(chain, "chain");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(reason, "reason");
      }
    }
  }
}
