package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Credits of API keys. Every movement is an append-only entry; the balance changes in the same
 * transaction by a conditional update that cannot take it below zero, so it always equals the sum
 * of the entries.
 */
public interface CreditLedger {

  Uni<Long> balance(long keyId);

  /**
   * Takes {@code credits} from the key, once per idempotency key, and logs the request's {@link
   * DebitRequest#statements} with it: they are durable in the transparency log's store, unsequenced
   * (the log's batch gives them their leaf indexes), whenever the debit is {@link Debit.Applied}
   * (in the debit's own transaction) or {@link Debit.Replayed}, and not written when it is {@link
   * Debit.Insufficient} (the statements are then not issued).
   *
   * @return {@link Debit.Applied}, {@link Debit.Replayed} when this idempotency key was debited
   *     before (nothing taken again), or {@link Debit.Insufficient} (nothing taken)
   */
  Uni<Debit> debit(DebitRequest request);

  /** Gives back up to the whole of one debit, at most once per debit. */
  Uni<Refund> refund(RefundRequest request);

  // Same shape as the Purchases records by design: each port's requests are its own.
  /**
   * A debit to apply.
   *
   * @param keyId the account
   * @param credits how many (positive)
   * @param reason why, for the ledger ("attest", ...)
   * @param requestId the request it belongs to (e.g. the attestation id)
   * @param idempotencyKey the debit is applied at most once per key and account
   * @param at when
   * @param statements the signed statements the debit pays for, logged with it (none: nothing to
   *     log)
   */
  record DebitRequest(
      long keyId,
      long credits,
      String reason,
      String requestId,
      String idempotencyKey,
      Instant at,
      List<LoggedStatement> statements) {

    /** A debit that logs nothing. */
    public DebitRequest(
        long keyId,
        long credits,
        String reason,
        String requestId,
        String idempotencyKey,
        Instant at) {
      this(keyId, credits, reason, requestId, idempotencyKey, at, List.of());
    }

    public DebitRequest {
      if (credits <= 0) {
        throw new IllegalArgumentException("a debit takes a positive number of credits");
      }
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(requestId, "requestId");
      Objects.requireNonNull(idempotencyKey, "idempotencyKey");
      Objects.requireNonNull(at, "at");
      statements = List.copyOf(statements);
    }
  }

  /** The outcome of a debit. */
  sealed interface Debit {
    /** Taken now. */
    record Applied(long entryId, long balance) implements Debit {}

    /** Taken before under the same idempotency key; nothing taken now. */
    record Replayed(long entryId, long balance) implements Debit {}

    /** Not enough credits; nothing taken. */
    record Insufficient(long available, long required) implements Debit {}
  }

  /**
   * A refund of (part of) a debit.
   *
   * @param keyId the account the debit belongs to
   * @param debitEntryId the debit
   * @param credits how many to give back (positive, at most the debit)
   * @param reason why
   * @param at when
   */
  record RefundRequest(long keyId, long debitEntryId, long credits, String reason, Instant at) {
    public RefundRequest {
      if (credits <= 0) {
        throw new IllegalArgumentException("a refund gives back a positive number of credits");
      }
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(at, "at");
    }
  }

  /** The outcome of a refund. */
  sealed interface Refund {
    record Applied(long entryId, long balance) implements Refund {}

    /** The debit was refunded before; nothing given now. */
    record AlreadyRefunded(long balance) implements Refund {}
  }
}
