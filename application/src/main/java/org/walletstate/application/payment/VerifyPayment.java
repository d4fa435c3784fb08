package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.EvmPaymentChain;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.PaymentVerdict;

/**
 * Verifies EVM payments: reads the receipt and the head through {@link PaymentReceipts} and judges
 * them by {@link PaymentCheck} against the chain's configured rules (receiving address, accepted
 * tokens, confirmations). Payment chains of other families answer {@link Verification.NotAPayment}
 * saying they are not accepted yet.
 */
public final class VerifyPayment implements VerifyPaymentUseCase {

  private final Map<ChainId, EvmPaymentChain> chains;
  private final PaymentReceipts receipts;

  /**
   * @param chains the EVM payment chains this service accepts, with their rules
   * @param receipts the receipt reader
   */
  public VerifyPayment(Map<ChainId, EvmPaymentChain> chains, PaymentReceipts receipts) {
    this.chains = Map.copyOf(chains);
    this.receipts = receipts;
  }

  @Override
  public Uni<Verification> verify(PaymentClaim claim) {
    ChainId id = claim.chain().id();
    if (claim.chain().family() != ChainFamily.EVM) {
      return done(
          new Verification.NotAPayment(
              "payments on "
                  + id
                  + " are not accepted by this service yet; pay in USDC on an EVM payment chain ("
                  + String.join(
                      ", ", chains.keySet().stream().map(ChainId::toString).sorted().toList())
                  + ")"));
    }
    EvmPaymentChain rules = chains.get(id);
    if (rules == null) {
      return done(
          new Verification.NotAPayment(
              "payments on chain "
                  + id
                  + " ("
                  + claim.chain().name()
                  + ") are not accepted by"
                  + " this service"));
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
                  PaymentCheck.check(rules, found.receipt(), found.head(), claim.declaredUsd());
              return verdict instanceof PaymentVerdict.Accepted accepted
                  ? new Verification.Verified(accepted.payment())
                  : new Verification.NotAPayment(((PaymentVerdict.Rejected) verdict).reason());
            });
  }

  private static Uni<Verification> done(Verification verification) {
    return Uni.createFrom().item(verification);
  }
}
