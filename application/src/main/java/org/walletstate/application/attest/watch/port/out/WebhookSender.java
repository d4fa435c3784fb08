package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.net.URI;

/**
 * POSTs a delivery to a webhook with the Standard Webhooks headers ({@code webhook-id}, {@code
 * webhook-timestamp}, {@code webhook-signature}: HMAC-SHA256 over {@code id.timestamp.body})
 * through the SSRF guard (the host's addresses checked at every attempt; redirects are not
 * followed).
 */
public interface WebhookSender {

  /**
   * @param delivered whether the receiver answered 2xx
   * @param outcome what happened, for the delivery's history ({@code HTTP 200}, {@code HTTP 500},
   *     {@code timed out}, the guard's refusal)
   */
  record Sent(boolean delivered, String outcome) {}

  /**
   * One attempt of a delivery.
   *
   * @param id the {@code webhook-id}
   * @param timestamp the {@code webhook-timestamp} (seconds)
   * @param body the signed attestation
   * @param secret the watch's {@code whsec_} secret the {@code webhook-signature} is keyed with
   */
  record Message(String id, long timestamp, String body, String secret) {
    @Override
    public String toString() {
      return "Message[id=" + id + ", timestamp=" + timestamp + "]"; // never the secret
    }
  }

  /** POSTs {@code message} with the Standard Webhooks headers. */
  Uni<Sent> post(URI url, Message message);
}
