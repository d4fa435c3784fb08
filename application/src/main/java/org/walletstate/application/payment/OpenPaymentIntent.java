package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase;
import org.walletstate.application.payment.port.in.PaymentIntentCommand;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Opens payment intents: a random id and secret, and the base amount plus a random offset, or the
 * next free one of the price when another intent holds it ({@link AmountReuse} says when an earlier
 * holder no longer does). At most {@link Limits#perOpener} intents of one caller's address, {@link
 * Limits#perPrice} of one price and {@link Limits#perChain} of one chain are open at once, so that
 * strangers opening intents they never pay cannot hold every amount of a price, and one address
 * cannot hold a price's bound on its own: past a bound the caller is told when the first open one
 * it counts expires.
 */
public final class OpenPaymentIntent implements OpenPaymentIntentUseCase {

  private static final HexFormat HEX = HexFormat.of();

  private final Map<ChainId, PaymentChain> chains;
  private final PaymentIntents intents;
  private final Entropy entropy;
  private final Clock clock;
  private final Limits limits;

  /**
   * How long an intent lives and how many may be open at once.
   *
   * @param lifetime from opening to the last moment it may be claimed
   * @param perPrice open intents of one base amount on one chain
   * @param perChain open intents on one chain
   * @param perOpener open intents of one caller's address on one chain
   * @param reuse when an amount may be handed out again
   */
  public record Limits(
      Duration lifetime, int perPrice, int perChain, int perOpener, AmountReuse reuse) {
    /** 72 hours, 500 open per price, 5,000 per chain, 10 per address, amounts after 7 days. */
    public static final Limits DEFAULTS =
        new Limits(PaymentIntent.LIFETIME, 500, 5_000, 10, AmountReuse.DEFAULTS);

    public Limits {
      Objects.requireNonNull(reuse, "reuse");
      if (lifetime.isNegative()
          || lifetime.isZero()
          || perPrice < 1
          || perChain < 1
          || perOpener < 1) {
        throw new IllegalArgumentException(
            "payment intent limits: a positive lifetime and bounds of at least 1");
      }
    }
  }

  // Same constructor shape as VerifyPayment's and WalletSignIn's by design: each is handed only the
  // ports it uses, and there is no logic to share.
  public OpenPaymentIntent(
      Map<ChainId, PaymentChain> chains,
      PaymentIntents intents,
      Entropy entropy,
      Clock clock,
      Limits limits) {
    this.chains = Map.copyOf(chains);
    this.intents = intents;
    this.entropy = entropy;
    this.clock = clock;
    this.limits = limits;
  }

  @Override
  public Uni<Outcome> open(PaymentIntentCommand request, String opener) {
    PaymentChain rules = chains.get(request.chain().id());
    if (rules == null) {
      return Uni.createFrom()
          .item(
              new Outcome.NotAccepted(
                  "payments on chain "
                      + request.chain().id()
                      + " ("
                      + request.chain().name()
                      + ") are not accepted by this service"));
    }
    return openOn(request, opener, rules);
  }

  private Uni<Outcome> openOn(PaymentIntentCommand request, String opener, PaymentChain rules) {
    String secret = HEX.formatHex(entropy.bytes(32));
    Instant now = clock.instant();
    boolean bitcoin = request.chain().family() == ChainFamily.BITCOIN;
    PaymentIntent intent =
        new PaymentIntent(
            "pi_" + HEX.formatHex(entropy.bytes(16)),
            PayerBinding.secretHash(secret),
            rules.chain(),
            PaymentIntent.amount(request.base(), bitcoin, offset()),
            request.purpose(),
            now,
            now.plus(limits.lifetime()));
    var bounds =
        new PaymentIntents.OpenBounds(
            limits.perPrice(),
            limits.perChain(),
            opener,
            limits.perOpener(),
            request.base(),
            PaymentIntent.step(bitcoin),
            limits.reuse().reissueIfEndedBefore(request.chain().family(), now));
    return intents
        .open(intent, now, bounds)
        .flatMap(
            stored -> {
              if (stored instanceof PaymentIntents.Opening.Opened opened) {
                return Uni.createFrom()
                    .item(new Outcome.Opened(withAmount(intent, opened.amount()), secret, rules));
              }
              if (stored instanceof PaymentIntents.Opening.Full full) {
                return Uni.createFrom().item(full(request, rules, full, now));
              }
              // Answered like an unaccepted chain by design: another outcome with its own message.
              return Uni.createFrom()
                  .item(
                      new Outcome.Exhausted(
                          "every amount near "
                              + request.base().toPlainString()
                              + " on chain "
                              + rules.chain()
                              + " is held by another payment intent; ask again later, or with"
                              + " another amount"));
            });
  }

  private static PaymentIntent withAmount(PaymentIntent intent, BigDecimal amount) {
    return new PaymentIntent(
        intent.id(),
        intent.secretHash(),
        intent.chain(),
        amount,
        intent.purpose(),
        intent.openedAt(),
        intent.expiresAt());
  }

  private static Outcome full(
      PaymentIntentCommand request,
      PaymentChain rules,
      PaymentIntents.Opening.Full full,
      Instant now) {
    String scope =
        switch (full.scope()) {
          case OPENER -> "intents on chain " + rules.chain() + " for one client address";
          case PRICE ->
              "intents for " + request.base().toPlainString() + " on chain " + rules.chain();
          case CHAIN -> "intents on chain " + rules.chain() + ", all amounts together";
        };
    long wait = Math.max(1, Duration.between(now, full.freesAt()).toSeconds());
    return new Outcome.Full(
        "the service holds at most "
            + full.limit()
            + " open "
            + scope
            + ", and that many are open; the first expires in "
            + wait
            + " seconds. Retry then, or pay with a senderProof instead (docs/billing.md)",
        wait);
  }

  /** 1 to 9,999, uniformly enough (a 32-bit draw reduced). */
  private int offset() {
    byte[] b = entropy.bytes(4);
    long value =
        ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
    return (int) (value % 9_999) + 1;
  }
}
