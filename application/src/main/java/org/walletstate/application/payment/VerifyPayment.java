package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.address.EvmAddress;
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
    return verify(claim, Optional.empty());
  }

  @Override
  public Uni<Verification> verifyUsdcTo(PaymentClaim claim, EvmAddress receiver) {
    return verify(claim, Optional.of(receiver));
  }

  private Uni<Verification> verify(PaymentClaim claim, Optional<EvmAddress> receiver) {
    ChainId id = claim.chain().id();
    PaymentChain configured = chains.get(id);
    if (configured == null) {
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
    if (receiver.isPresent() && configured.receiver().family() != receiver.get().family()) {
      return done(
          new Verification.NotAPayment(
              "the store's USDC address is an EVM address; pay it on an EVM chain, not on " + id));
    }
    if (receiver.isPresent()
        && configured.tokens().stream().noneMatch(t -> t.symbol().equals(USDC))) {
      return done(
          new Verification.NotAPayment("chain " + id + " takes no USDC payments on this service"));
    }
    PaymentChain rules = receiver.map(to -> configured.payingTo(to, USDC)).orElse(configured);
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
                      rules, found.transaction(), found.head(), claim.declaredUsd(), minimum);
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
