package org.walletstate.domain.chain;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Quantities;
import org.walletstate.domain.payload.Timestamps;

/**
 * The point of a chain's history a result was read at. Each family names it its own way; the fields
 * are signed inside the result. The records are alike on purpose: each keeps its family's member
 * names, which are signed.
 */
public sealed interface Anchor
    permits Anchor.EvmBlock,
        Anchor.SolanaSlot,
        Anchor.XrplLedger,
        Anchor.StellarLedger,
        Anchor.SuiCheckpoint,
        Anchor.BitcoinTip,
        Anchor.TronBlock {

  /** The anchor's members, in issue order, as they appear in a result. */
  PayloadValue.Obj fields();

  /** An anchor of a position and the hash that names it ({@code ledgerIndex, ledgerHash}, ...). */
  private static PayloadValue.Obj pair(
      String positionName, long position, String hashName, String hash) {
    return PayloadValue.objectBuilder().put(positionName, position).put(hashName, hash).build();
  }

  /**
   * An EVM block: every read of the request on this chain was pinned to it.
   *
   * @param tag the block tag the block was resolved from; a result names it ({@code blockTag}) only
   *     when it is not {@link AnchorTag#LATEST}, so a latest-anchored result is unchanged
   */
  record EvmBlock(BigInteger number, Instant timestamp, AnchorTag tag) implements Anchor {
    public EvmBlock {
      Objects.requireNonNull(number, "number");
      Objects.requireNonNull(timestamp, "timestamp");
      Objects.requireNonNull(tag, "tag");
      if (number.signum() < 0) {
        throw new IllegalArgumentException("block number must not be negative");
      }
    }

    /** A block read as the chain's latest. */
    public EvmBlock(BigInteger number, Instant timestamp) {
      this(number, timestamp, AnchorTag.LATEST);
    }

    public String numberHex() {
      return Quantities.hex(number);
    }

    @Override
    public PayloadValue.Obj fields() {
      PayloadValue.ObjBuilder fields =
          PayloadValue.objectBuilder()
              .put("blockNumber", numberHex())
              .put("blockTimestamp", Timestamps.iso(timestamp));
      if (tag != AnchorTag.LATEST) {
        fields.put("blockTag", tag.wire());
      }
      return fields.build();
    }
  }

  record SolanaSlot(long slot) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder().put("slot", slot).build();
    }
  }

  // Alike by design: each family's anchor is its own record, its fields named as they are signed.
  record XrplLedger(long ledgerIndex, String ledgerHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return pair("ledgerIndex", ledgerIndex, "ledgerHash", ledgerHash);
    }
  }

  record StellarLedger(long ledgerIndex, String ledgerHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return pair("ledgerIndex", ledgerIndex, "ledgerHash", ledgerHash);
    }
  }

  record SuiCheckpoint(long checkpointSequence, String checkpointDigest) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return pair("checkpointSequence", checkpointSequence, "checkpointDigest", checkpointDigest);
    }
  }

  record BitcoinTip(long blockHeight, String blockHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return pair("blockHeight", blockHeight, "blockHash", blockHash);
    }
  }

  record TronBlock(long blockHeight, String blockHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return pair("blockHeight", blockHeight, "blockHash", blockHash);
    }
  }
}
