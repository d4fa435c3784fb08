package org.walletstate.adapters.chain.evm;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Objects;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.evm.Bytes32;

/**
 * The block a chain's reads are pinned to, as {@code eth_getBlockByNumber} gave it for the
 * observation's tag ({@code latest}, {@code safe} or {@code finalized}).
 *
 * @param number the block number every read of the observation names explicitly
 * @param timestamp the block's timestamp (seconds)
 * @param hash the block hash; keys the read cache, so a reorganised block at the same height is a
 *     different block
 * @param stateRoot the state root, for checking account and storage proofs against this block
 */
public record BlockHead(BigInteger number, Instant timestamp, Bytes32 hash, Bytes32 stateRoot) {

  public BlockHead {
    Objects.requireNonNull(number, "number");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(stateRoot, "stateRoot");
    if (number.signum() < 0) {
      throw new IllegalArgumentException("a block number is not negative: " + number);
    }
  }

  /** The anchor signed with every result read at this block, read as the chain's latest. */
  public Anchor.EvmBlock anchor() {
    return anchor(AnchorTag.LATEST);
  }

  /** The anchor signed with every result read at this block, resolved from {@code tag}. */
  public Anchor.EvmBlock anchor(AnchorTag tag) {
    return new Anchor.EvmBlock(number, timestamp, tag);
  }
}
