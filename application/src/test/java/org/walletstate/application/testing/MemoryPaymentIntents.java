package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Payment intents in a list, with the port's rules: the bounds on open (unexpired) intents per
 * opener, per price and per chain, and an amount held by one intent at a time, handed out again
 * only when every earlier holder ended before the bounds' reissue moment.
 */
public final class MemoryPaymentIntents implements PaymentIntents {

  private final List<PaymentIntent> stored = new ArrayList<>();
  private final Map<String, String> openers = new HashMap<>();

  /** Every intent stored, in order. */
  public synchronized List<PaymentIntent> stored() {
    return List.copyOf(stored);
  }

  @Override
  public synchronized Uni<Opening> open(PaymentIntent intent, Instant at, OpenBounds bounds) {
    BigDecimal end = bounds.base().add(bounds.step());
    Predicate<PaymentIntent> sameChainOpen =
        other -> other.chain().equals(intent.chain()) && other.expiresAt().isAfter(at);
    List<PaymentIntent> ofPrice =
        stored.stream()
            .filter(sameChainOpen)
            .filter(o -> o.amount().compareTo(bounds.base()) >= 0 && o.amount().compareTo(end) < 0)
            .toList();
    List<PaymentIntent> ofOpener =
        stored.stream()
            .filter(sameChainOpen)
            .filter(o -> bounds.opener().equals(openers.get(o.id())))
            .toList();
    if (ofOpener.size() >= bounds.perOpener()) {
      return Uni.createFrom()
          .item(new Opening.Full(Opening.Scope.OPENER, bounds.perOpener(), firstEnd(ofOpener)));
    }
    if (ofPrice.size() >= bounds.perPrice()) {
      return Uni.createFrom()
          .item(new Opening.Full(Opening.Scope.PRICE, bounds.perPrice(), firstEnd(ofPrice)));
    }
    List<PaymentIntent> ofChain = stored.stream().filter(sameChainOpen).toList();
    if (ofChain.size() >= bounds.perChain()) {
      return Uni.createFrom()
          .item(new Opening.Full(Opening.Scope.CHAIN, bounds.perChain(), firstEnd(ofChain)));
    }
    Optional<BigDecimal> amount = freeAmount(intent, at, bounds);
    if (amount.isEmpty()) {
      return Uni.createFrom().item(new Opening.NoFreeAmount());
    }
    stored.add(
        new PaymentIntent(
            intent.id(),
            intent.secretHash(),
            intent.chain(),
            amount.get(),
            intent.purpose(),
            intent.openedAt(),
            intent.expiresAt()));
    openers.put(intent.id(), bounds.opener());
    return Uni.createFrom().item(new Opening.Opened(amount.get()));
  }

  @Override
  public synchronized Uni<Optional<PaymentIntent>> find(String id) {
    return Uni.createFrom()
        .item(stored.stream().filter(intent -> intent.id().equals(id)).findFirst());
  }

  private static Instant firstEnd(List<PaymentIntent> open) {
    return open.stream().map(PaymentIntent::expiresAt).min(Comparator.naturalOrder()).orElseThrow();
  }

  /** The intent's own amount, else the next free one of its price, wrapping to its lowest. */
  private Optional<BigDecimal> freeAmount(PaymentIntent intent, Instant at, OpenBounds bounds) {
    BigDecimal unit = bounds.step().movePointLeft(4);
    BigDecimal lowest = bounds.base().add(unit);
    BigDecimal highest = bounds.base().add(bounds.step()).subtract(unit);
    BigDecimal amount = intent.amount();
    for (int tried = 0; tried < 9_999; tried++) {
      if (isFree(intent, amount, at, bounds)) {
        return Optional.of(amount);
      }
      amount = amount.compareTo(highest) >= 0 ? lowest : amount.add(unit);
    }
    return Optional.empty();
  }

  private boolean isFree(PaymentIntent intent, BigDecimal amount, Instant at, OpenBounds bounds) {
    return stored.stream()
        .filter(other -> other.chain().equals(intent.chain()))
        .filter(other -> other.amount().compareTo(amount) == 0)
        .allMatch(
            other ->
                !other.expiresAt().isAfter(at)
                    && bounds
                        .reissueIfEndedBefore()
                        .map(other.expiresAt()::isBefore)
                        .orElse(false));
  }
}
