package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Optional;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.payer.ClaimPurpose;
import org.walletstate.domain.payment.payer.IntentRef;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.payment.payer.PaymentIntent;
import org.walletstate.domain.payment.payer.SenderProofCheck;

/**
 * Judges whether a purchase's caller is the payer of a verified payment: by the sender's signature
 * of the claim message ({@link SenderProofCheck}) or by the secret of the payment intent the
 * payment matches. What a purchase may do with each verdict is the purchase's rule.
 */
public final class PayerBinding {

  private final String domain;
  private final PaymentIntents intents;
  private final Clock clock;
  private final PaymentIntent.ClaimWindow window;

  /**
   * @param domain the service's domain, the first word of every claim message (the wallet sign-in
   *     domain); blank: every sender proof is refused
   * @param window which payments an intent accepts, by block time, and until when
   */
  public PayerBinding(
      String domain, PaymentIntents intents, Clock clock, PaymentIntent.ClaimWindow window) {
    this.domain = domain == null ? "" : domain.strip();
    this.intents = intents;
    this.clock = clock;
    this.window = window;
  }

  /** The verdict on a claim. */
  public sealed interface Verdict {
    /** The sending wallet signed the claim: the caller is the sender. */
    record Proven() implements Verdict {}

    /** Neither proof nor intent was sent. */
    record Unproven() implements Verdict {}

    /** The caller holds the intent this payment matches. */
    record ByIntent(String intentId) implements Verdict {}

    /** A proof or intent was sent and does not hold: 403 with the reason. */
    record Refused(String reason) implements Verdict {}
  }

  public Uni<Verdict> judge(PayerClaim claim, Payment payment, ClaimPurpose purpose) {
    if (claim.proof().isPresent()) {
      if (domain.isEmpty()) {
        return done(
            new Verdict.Refused(
                "this service has no wallet-auth domain configured, so it cannot read sender"
                    + " proofs"));
      }
      Optional<String> refusal =
          SenderProofCheck.refusal(claim.proof().get(), payment, purpose, domain, clock.instant());
      return done(refusal.<Verdict>map(Verdict.Refused::new).orElse(new Verdict.Proven()));
    }
    if (claim.intent().isEmpty()) {
      return done(new Verdict.Unproven());
    }
    IntentRef ref = claim.intent().get();
    return intents
        .find(ref.id())
        .map(
            found -> {
              if (found.isEmpty()
                  || !MessageDigest.isEqual(found.get().secretHash(), secretHash(ref.secret()))) {
                return new Verdict.Refused(
                    "payment intent " + ref.id() + " is unknown or its secret is not this one");
              }
              return found
                  .get()
                  .refusal(payment, purpose, clock.instant(), window)
                  .<Verdict>map(Verdict.Refused::new)
                  .orElse(new Verdict.ByIntent(ref.id()));
            });
  }

  /** SHA-256 of an intent's secret (its hex text), as intents are stored. */
  public static byte[] secretHash(String secret) {
    try {
      return MessageDigest.getInstance("SHA-256")
          .digest(secret.getBytes(StandardCharsets.US_ASCII));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static Uni<Verdict> done(Verdict verdict) {
    return Uni.createFrom().item(verdict);
  }
}
