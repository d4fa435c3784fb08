package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.payer.IntentRequest;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Opens payment intents: a random id and secret, and the base amount plus a random offset that no
 * intent on the chain ever had (drawn again, a few times, when it had).
 */
public final class OpenPaymentIntent implements OpenPaymentIntentUseCase {

  /** Draws of an offset before giving up; with 9,999 offsets a base is rarely that full. */
  static final int DRAWS = 8;

  private static final HexFormat HEX = HexFormat.of();

  private final Map<ChainId, PaymentChain> chains;
  private final PaymentIntents intents;
  private final Entropy entropy;
  private final Clock clock;

  public OpenPaymentIntent(
      Map<ChainId, PaymentChain> chains, PaymentIntents intents, Entropy entropy, Clock clock) {
    this.chains = Map.copyOf(chains);
    this.intents = intents;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> open(IntentRequest request) {
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
    return attempt(request, rules, 1);
  }

  private Uni<Outcome> attempt(IntentRequest request, PaymentChain rules, int draw) {
    String secret = HEX.formatHex(entropy.bytes(32));
    Instant now = clock.instant();
    PaymentIntent intent =
        new PaymentIntent(
            "pi_" + HEX.formatHex(entropy.bytes(16)),
            PayerBinding.secretHash(secret),
            rules.chain(),
            PaymentIntent.amount(
                request.base(), request.chain().family() == ChainFamily.BITCOIN, offset()),
            request.purpose(),
            now.plus(PaymentIntent.LIFETIME));
    return intents
        .open(intent, now)
        .flatMap(
            stored -> {
              if (stored) {
                return Uni.createFrom().item(new Outcome.Opened(intent, secret, rules));
              }
              if (draw >= DRAWS) {
                return Uni.createFrom()
                    .item(
                        new Outcome.Exhausted(
                            "no unused amount near "
                                + request.base().toPlainString()
                                + " was found on chain "
                                + rules.chain()
                                + "; ask again, or with another amount"));
              }
              return attempt(request, rules, draw + 1);
            });
  }

  /** 1 to 9,999, uniformly enough (a 32-bit draw reduced). */
  private int offset() {
    byte[] b = entropy.bytes(4);
    long value =
        ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
    return (int) (value % 9_999) + 1;
  }
}
