package org.walletstate.application.attest.watch.port.in;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.WireName;

/**
 * A watch as its owner sees it (its webhook secret is never part of it).
 *
 * @param id the watch's id ({@code wch_} and 24 hex digits)
 * @param ownerKey the key that created it; only that key sees it
 * @param webhookUrl where changes are delivered
 * @param deliverOn which changes are delivered
 * @param createdAt when it was created
 * @param expiresAt when it stops
 * @param status {@code active}, or why it is not evaluated ({@link Status})
 * @param statusDetail what the status refers to (e.g. the failed read), empty when none
 * @param pass the verdict last signed
 * @param met each condition's {@code met} last signed, in request order
 * @param attestationId the id of the attestation last signed
 */
public record Watch(
    String id,
    long ownerKey,
    URI webhookUrl,
    WatchCommand.DeliverOn deliverOn,
    Instant createdAt,
    Instant expiresAt,
    Status status,
    String statusDetail,
    boolean pass,
    List<Boolean> met,
    String attestationId) {

  /** Where a watch stands; each is stored as its name in lower case ({@code read_failed}). */
  public enum Status implements WireName {
    /** Evaluated as blocks arrive. */
    ACTIVE,
    /** The last evaluation could not read a chain; it is tried again at the next block. */
    READ_FAILED,
    /** Its key ran out of credits; evaluated again once the key has credits. */
    PAUSED,
    /** Past its lifetime. */
    EXPIRED;

    /** The status named {@code wireName}. */
    public static Status of(String wireName) {
      return WireName.fromWireName(Status.class, wireName)
          .orElseThrow(() -> new IllegalArgumentException("no watch status " + wireName));
    }
  }

  // Null checks written out by design: a value checks its own parts on construction.
  public Watch {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(webhookUrl, "webhookUrl");
    Objects.requireNonNull(deliverOn, "deliverOn");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(statusDetail, "statusDetail");
    met = List.copyOf(met);
    Objects.requireNonNull(attestationId, "attestationId");
  }

  /** The status as of {@code now}: an expired watch says so whatever its row says. */
  public Status statusAt(Instant now) {
    return now.isBefore(expiresAt) ? status : Status.EXPIRED;
  }
}
