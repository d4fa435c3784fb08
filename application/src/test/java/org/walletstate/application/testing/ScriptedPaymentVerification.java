package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;

/**
 * Payment verification that answers what the test sets (a verified payment, or why not) and keeps
 * the claims it was asked about, for payments to the service and to a store's address alike (and
 * the store's address it was asked to check the transfer against).
 */
public final class ScriptedPaymentVerification implements VerifyPaymentUseCase {

  private final List<PaymentClaim> asked = new ArrayList<>();
  private final List<WalletAddress> receivers = new ArrayList<>();
  private Verification answer;

  public ScriptedPaymentVerification(Verification answer) {
    this.answer = answer;
  }

  /** Verifies every claim as {@code payment}. */
  public static ScriptedPaymentVerification paid(Payment payment) {
    return new ScriptedPaymentVerification(new Verification.Verified(payment));
  }

  public synchronized ScriptedPaymentVerification answering(Verification answer) {
    this.answer = answer;
    return this;
  }

  public synchronized List<PaymentClaim> asked() {
    return List.copyOf(asked);
  }

  /** The receivers a payment to a store's address was asked about, in order. */
  public synchronized List<WalletAddress> receivers() {
    return List.copyOf(receivers);
  }

  @Override
  public synchronized Uni<Verification> verify(PaymentClaim claim) {
    asked.add(claim);
    return Uni.createFrom().item(answer);
  }

  @Override
  public synchronized Uni<Verification> verifyUsdcTo(PaymentClaim claim, WalletAddress receiver) {
    asked.add(claim);
    receivers.add(receiver);
    return Uni.createFrom().item(answer);
  }
}
