package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.WalletAddress;

/**
 * A mined transaction as payments see it, in any family: whether it failed, the block (Solana: the
 * slot) that holds it, and the token transfers it made.
 *
 * @param hash the transaction
 * @param failure why the chain marks it failed ({@code reverted (status 0)}), empty when it
 *     succeeded
 * @param block the block (slot) that holds it
 * @param transfers its token transfers, in order
 * @param minedAt the block's time as the chain states it (EVM: the header's {@code timestamp};
 *     Solana: {@code blockTime}), whole seconds; empty where the reader does not read it
 */
public record ChainTransfers(
    TxHash hash,
    Optional<String> failure,
    long block,
    List<Transfer> transfers,
    Optional<Instant> minedAt) {

  // Null checks written out by design: a record validates its own components on construction.
  public ChainTransfers {
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(failure, "failure");
    transfers = List.copyOf(transfers);
    Objects.requireNonNull(minedAt, "minedAt");
  }

  /** A transaction whose block time was not read. */
  public ChainTransfers(
      TxHash hash, Optional<String> failure, long block, List<Transfer> transfers) {
    this(hash, failure, block, transfers, Optional.empty());
  }

  /** The same transaction, mined at {@code time}. */
  public ChainTransfers minedAt(Instant time) {
    return new ChainTransfers(hash, failure, block, transfers, Optional.of(time));
  }

  /**
   * One token movement.
   *
   * @param token the token's contract (Solana: its mint)
   * @param from the owner the tokens left
   * @param to the owner they reached
   * @param raw the amount in the token's base units
   */
  public record Transfer(
      WalletAddress token, WalletAddress from, WalletAddress to, BigInteger raw) {
    // Null checks written out by design: a record validates its own components on construction.
    public Transfer {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(from, "from");
      Objects.requireNonNull(to, "to");
      if (raw == null || raw.signum() < 0) {
        throw new IllegalArgumentException("a transfer moves a non-negative amount: " + raw);
      }
    }
  }
}
