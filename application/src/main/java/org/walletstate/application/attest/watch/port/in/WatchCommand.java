package org.walletstate.application.attest.watch.port.in;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.domain.WireName;

/**
 * A validated {@code POST /v1/watches} body: an attest request and how its changes are pushed.
 *
 * @param attest the attest request the watch re-evaluates
 * @param requestJson the body as sent (kept, so the watch is re-read exactly as it was asked)
 * @param webhookUrl where changes are delivered
 * @param lifetime how long the watch lives after it is created
 * @param deliverOn which changes are delivered
 */
public record WatchCommand(
    AttestCommand attest,
    String requestJson,
    URI webhookUrl,
    Duration lifetime,
    DeliverOn deliverOn) {

  // The same enum-then-checks shape as Watch's by design: each record names its own wire values
  // and checks its own components.
  /** Which changes a watch delivers; each is named by its name in lower case ({@code met}). */
  public enum DeliverOn implements WireName {
    /** A change of the attestation's {@code pass}. */
    PASS,
    /** A change of {@code pass} or of any condition's {@code met}. */
    MET;

    /** The value named {@code wireName}. */
    public static DeliverOn of(String wireName) {
      return WireName.fromWireName(DeliverOn.class, wireName)
          .orElseThrow(() -> new IllegalArgumentException("no deliver option " + wireName));
    }
  }

  // Null checks written out by design: a value checks its own parts on construction.
  public WatchCommand {
    Objects.requireNonNull(attest, "attest");
    Objects.requireNonNull(requestJson, "requestJson");
    Objects.requireNonNull(webhookUrl, "webhookUrl");
    Objects.requireNonNull(lifetime, "lifetime");
    Objects.requireNonNull(deliverOn, "deliverOn");
  }
}
