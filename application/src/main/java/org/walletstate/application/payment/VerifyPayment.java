package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.PaymentVerdict;

/**
 * Verifies payments: reads the transaction and the head through {@link PaymentReceipts} and judges
 * them by {@link PaymentCheck} against the chain's configured rules (receiving address, accepted
 * tokens, confirmations). A payment chain without rules (no receiving address configured, or a
 * family whose payments are not verified) answers {@link Verification.NotAPayment} saying so.
 */
public final class VerifyPayment implements VerifyPaymentUseCase {

  private final Map<ChainId, PaymentChain> chains;
  private final PaymentReceipts receipts;

  /**
   * @param chains the payment chains this service accepts, with their rules
   * @param receipts the transaction reader
   */
  public VerifyPayment(Map<ChainId, PaymentChain> chains, PaymentReceipts receipts) {
    this.chains = Map.copyOf(chains);
    this.receipts = receipts;
  }

  @Override
  public Uni<Verification> verify(PaymentClaim claim) {
    ChainId id = claim.chain().id();
    PaymentChain rules = chains.get(id);
    if (rules == null) {
      return done(
          new Verification.NotAPayment(
              "payments on chain "
                  + id
                  + " ("
                  + claim.chain().name()
                  + ") are not accepted by this service; "
                  + (chains.isEmpty()
                      ? "it has no receiving address configured"
                      : "pay on one of "
                          + String.join(
                              ", ",
                              chains.keySet().stream().map(ChainId::toString).sorted().toList()))));
    }
    return receipts
        .receipt(id, claim.hash())
        .map(
            lookup -> {
              if (lookup instanceof PaymentReceipts.Lookup.Failed failed) {
                return new Verification.Unavailable(failed.reason());
              }
              if (lookup instanceof PaymentReceipts.Lookup.NotFound) {
                return new Verification.NotAPayment(
                    "transaction "
                        + claim.hash()
                        + " is not on chain "
                        + id
                        + " (no receipt): check the hash and the chain, or send the request"
                        + " again once the transaction is mined");
              }
              PaymentReceipts.Lookup.Found found = (PaymentReceipts.Lookup.Found) lookup;
              PaymentVerdict verdict =
                  PaymentCheck.check(rules, found.transaction(), found.head(), claim.declaredUsd());
              return verdict instanceof PaymentVerdict.Accepted accepted
                  ? new Verification.Verified(accepted.payment())
                  : new Verification.NotAPayment(((PaymentVerdict.Rejected) verdict).reason());
            });
  }

  private static Uni<Verification> done(Verification verification) {
    return Uni.createFrom().item(verification);
  }
}
