package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.address.EvmAddress;
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
    return verify(claim, Optional.empty());
  }

  @Override
  public Uni<Verification> verifyUsdcTo(PaymentClaim claim, EvmAddress receiver) {
    return verify(claim, Optional.of(receiver));
  }

  private Uni<Verification> verify(PaymentClaim claim, Optional<EvmAddress> receiver) {
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
    EvmPaymentChain configured = chains.get(id);
    if (configured == null) {
      return done(
          new Verification.NotAPayment(
              "payments on chain "
                  + id
                  + " ("
                  + claim.chain().name()
                  + ") are not accepted by"
                  + " this service"));
    }
    if (receiver.isPresent()
        && configured.tokens().stream().noneMatch(t -> t.symbol().equals(USDC))) {
      return done(
          new Verification.NotAPayment("chain " + id + " takes no USDC payments on this service"));
    }
    EvmPaymentChain rules = receiver.map(to -> configured.payingTo(to, USDC)).orElse(configured);
    BigDecimal minimum = receiver.isPresent() ? BigDecimal.ZERO : PaymentCheck.MINIMUM_USD;
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
                  PaymentCheck.check(
                      rules, found.receipt(), found.head(), claim.declaredUsd(), minimum);
              return verdict instanceof PaymentVerdict.Accepted accepted
                  ? new Verification.Verified(accepted.payment())
                  : new Verification.NotAPayment(((PaymentVerdict.Rejected) verdict).reason());
            });
  }

  private static final String USDC = "USDC";

  private static Uni<Verification> done(Verification verification) {
    return Uni.createFrom().item(verification);
  }
}
