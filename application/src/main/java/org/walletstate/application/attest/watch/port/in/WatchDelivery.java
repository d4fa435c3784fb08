package org.walletstate.application.attest.watch.port.in;

import java.time.Instant;
import java.util.Optional;

/**
 * One delivery of a watch's change, as its owner sees it ({@code GET /v1/watches/{id}/deliveries}).
 *
 * @param id its {@code webhook-id}
 * @param seq the change's number for its watch
 * @param attestationId the attestation delivered
 * @param status {@code pending}, {@code delivered} or {@code abandoned}
 * @param attempts attempts made
 * @param lastOutcome what the last attempt came to ({@code HTTP 204}, {@code timed out}, …)
 */
public record WatchDelivery(
    String id,
    int seq,
    String attestationId,
    String status,
    int attempts,
    Instant createdAt,
    Optional<Instant> lastAttemptAt,
    String lastOutcome,
    Optional<Instant> deliveredAt) {}
