package org.walletstate.application.attest.watch.port.in;

import org.walletstate.application.attest.port.in.AttestOutcome;

/** How a {@code POST /v1/watches} ended. Only {@link Subscribed} was charged. */
public sealed interface SubscribeOutcome {

  /**
   * The watch exists and its first attestation was signed and paid for.
   *
   * @param watch the watch
   * @param webhookSecret the secret its deliveries are signed with; answered this once only
   * @param first the first attestation, exactly as attest answers it
   */
  record Subscribed(Watch watch, String webhookSecret, AttestOutcome.Signed first)
      implements SubscribeOutcome {}

  /** The webhook URL may not be delivered to (400 with this message); nothing read or charged. */
  record RefusedTarget(String message) implements SubscribeOutcome {}

  /** The key has as many watches as it may (409); nothing read or charged. */
  record TooMany(int limit) implements SubscribeOutcome {}

  /** The first attestation was not signed: attest's own outcome (400, 402 or 503). */
  record NotAttested(AttestOutcome outcome) implements SubscribeOutcome {}
}
