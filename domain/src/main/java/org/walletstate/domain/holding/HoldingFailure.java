package org.walletstate.domain.holding;

import java.util.Objects;
import org.walletstate.domain.chain.FailureSource;

/**
 * A read of a holding that did not complete: the one failure every feature turns into its {@code
 * rpc_failure} entry (never a holding of zero).
 *
 * @param source the kind of read
 * @param message a short phrase that names no data source
 * @param reverted whether the chain answered with a revert (a TRC-20 {@code balanceOf}), which a
 *     presence check reports as not evaluated rather than as a failure
 * @param notAnAmount whether the chain answered, but not with an amount (a {@code balanceOf} answer
 *     that is not one word: no contract there at that block), which a presence check also reports
 *     as not evaluated
 */
public record HoldingFailure(
    FailureSource source, String message, boolean reverted, boolean notAnAmount) {
  public HoldingFailure {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(message, "message");
  }

  /** A failure that may be a revert, with an answer that was not mistaken for an amount. */
  public HoldingFailure(FailureSource source, String message, boolean reverted) {
    this(source, message, reverted, false);
  }

  /** A failure that is not a revert. */
  public static HoldingFailure of(FailureSource source, String message) {
    return new HoldingFailure(source, message, false);
  }
}
