package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.application.port.out.UsdRates;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.PaymentToken;
import org.walletstate.domain.payment.PaymentVerdict;
import org.walletstate.domain.payment.UsdRate;

/**
 * Verifies payments: reads the transaction and the head through {@link PaymentReceipts} and judges
 * them by {@link PaymentCheck} against the chain's configured rules (receiving address, accepted
 * tokens, confirmations). A payment chain without rules (no receiving address configured, or a
 * family whose payments are not verified) answers {@link Verification.NotAPayment} saying so.
 *
 * <p>A chain whose coin is not a stablecoin (bitcoin) is valued at the coin's {@link UsdRates}
 * rate, read once the transaction is found. A rate that could not be read, or whose feed last
 * updated longer ago than the allowed age, is {@link Verification.Unavailable}: the service never
 * guesses a price.
 */
public final class VerifyPayment implements VerifyPaymentUseCase {

  private final Map<ChainId, PaymentChain> chains;
  private final PaymentReceipts receipts;
  private final UsdRates rates;
  private final Duration maxRateAge;
  private final Clock clock;

  /** For stablecoin chains only: a chain that needs a rate is {@link Verification.Unavailable}. */
  public VerifyPayment(Map<ChainId, PaymentChain> chains, PaymentReceipts receipts) {
    this(
        chains,
        receipts,
        chain ->
            Uni.createFrom().item(new UsdRates.Quote.Failed(chain, "no price feed is configured")),
        Duration.ZERO,
        Clock.systemUTC());
  }

  /**
   * @param chains the payment chains this service accepts, with their rules
   * @param receipts the transaction reader
   * @param rates the price of coins that are not stablecoins
   * @param maxRateAge the oldest a rate's {@code updatedAt} may be when it is used
   * @param clock what the rate's age is measured against
   */
  public VerifyPayment(
      Map<ChainId, PaymentChain> chains,
      PaymentReceipts receipts,
      UsdRates rates,
      Duration maxRateAge,
      Clock clock) {
    this.chains = Map.copyOf(chains);
    this.receipts = Objects.requireNonNull(receipts, "receipts");
    this.rates = Objects.requireNonNull(rates, "rates");
    this.maxRateAge = Objects.requireNonNull(maxRateAge, "maxRateAge");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public Uni<Verification> verify(PaymentClaim claim) {
    return verify(claim, Optional.empty());
  }

  @Override
  public Uni<Verification> verifyUsdcTo(PaymentClaim claim, WalletAddress receiver) {
    return verify(claim, Optional.of(receiver));
  }

  private Uni<Verification> verify(PaymentClaim claim, Optional<WalletAddress> receiver) {
    PaymentChain configured = chains.get(claim.chain().id());
    Optional<Verification> refused = notAccepted(claim, configured, receiver);
    if (refused.isPresent()) {
      return done(refused.get());
    }
    PaymentChain rules = receiver.map(to -> configured.payingTo(to, USDC)).orElse(configured);
    BigDecimal minimum = receiver.isPresent() ? BigDecimal.ZERO : PaymentCheck.MINIMUM_USD;
    return receipts
        .receipt(claim.chain().id(), claim.hash())
        .flatMap(lookup -> judged(lookup, rules, claim, minimum));
  }

  /**
   * Why this service takes no payment of {@code claim}'s chain (to {@code receiver}, a store's USDC
   * address, when given); empty when it does.
   */
  private Optional<Verification> notAccepted(
      PaymentClaim claim, PaymentChain configured, Optional<WalletAddress> receiver) {
    ChainId id = claim.chain().id();
    if (configured == null) {
      return Optional.of(
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
      return Optional.of(
          new Verification.NotAPayment(
              "the store's USDC address is a "
                  + receiver.get().family()
                  + " address; pay it on a chain of that family, not on "
                  + id));
    }
    if (receiver.isPresent()
        && configured.tokens().stream().noneMatch(t -> t.symbol().equals(USDC))) {
      return Optional.of(
          new Verification.NotAPayment("chain " + id + " takes no USDC payments on this service"));
    }
    return Optional.empty();
  }

  /**
   * The transaction looked up, judged: unavailable when it could not be read, not a payment when
   * the chain has no such transaction, else judged by the rules (a coin at its current rate).
   */
  private Uni<Verification> judged(
      PaymentReceipts.Lookup lookup, PaymentChain rules, PaymentClaim claim, BigDecimal minimum) {
    ChainId id = claim.chain().id();
    if (lookup instanceof PaymentReceipts.Lookup.Failed failed) {
      return done(
          new Verification.Unavailable(id, Verification.Unavailable.TRANSACTION, failed.reason()));
    }
    if (lookup instanceof PaymentReceipts.Lookup.NotFound) {
      return done(
          new Verification.NotAPayment(
              "transaction "
                  + claim.hash()
                  + " is not on chain "
                  + id
                  + " (no receipt): check the hash and the chain, or send the request"
                  + " again once the transaction is mined"));
    }
    PaymentReceipts.Lookup.Found found = (PaymentReceipts.Lookup.Found) lookup;
    if (rules.tokens().stream().allMatch(PaymentToken::pegged)) {
      return done(judge(rules, found, claim, minimum, Optional.empty()));
    }
    return rates.rate(id).map(quote -> priced(quote, rules, found, claim, minimum));
  }

  /** A coin's payment judged at the rate read: unavailable when it was not read or is stale. */
  private Verification priced(
      UsdRates.Quote quote,
      PaymentChain rules,
      PaymentReceipts.Lookup.Found found,
      PaymentClaim claim,
      BigDecimal minimum) {
    if (quote instanceof UsdRates.Quote.Failed failed) {
      return new Verification.Unavailable(
          failed.chain(), "the " + pair(rules) + " price could not be read", failed.reason());
    }
    UsdRate rate = ((UsdRates.Quote.Read) quote).rate();
    if (rate.staleAt(clock.instant(), maxRateAge)) {
      return new Verification.Unavailable(
          quote.chain(),
          "the "
              + rate.pair()
              + " price was last updated at "
              + rate.updatedAt()
              + ", more than "
              + maxRateAge.toSeconds()
              + " s ago; it is not used",
          "stale rate");
    }
    return judge(rules, found, claim, minimum, Optional.of(rate));
  }

  /** What prices the chain's coin, e.g. {@code BTC/USD}. */
  private static String pair(PaymentChain rules) {
    return rules.tokens().stream()
            .filter(t -> !t.pegged())
            .map(PaymentToken::symbol)
            .findFirst()
            .orElse("coin")
        + "/USD";
  }

  private static Verification judge(
      PaymentChain rules,
      PaymentReceipts.Lookup.Found found,
      PaymentClaim claim,
      BigDecimal minimum,
      Optional<UsdRate> rate) {
    PaymentVerdict verdict =
        PaymentCheck.check(
            rules, found.transaction(), found.head(), claim.declaredUsd(), minimum, rate);
    return verdict instanceof PaymentVerdict.Accepted accepted
        ? new Verification.Verified(accepted.payment())
        : new Verification.NotAPayment(((PaymentVerdict.Rejected) verdict).reason());
  }

  private static final String USDC = "USDC";

  private static Uni<Verification> done(Verification verification) {
    return Uni.createFrom().item(verification);
  }
}
