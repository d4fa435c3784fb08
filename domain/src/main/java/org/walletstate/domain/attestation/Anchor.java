package org.walletstate.domain.attestation;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Timestamps;

/**
 * The point of a chain's history a result was read at. Each family names it its own way; the fields
 * are signed inside the result.
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

  /** An EVM block: every read of the request on this chain was pinned to it. */
  record EvmBlock(BigInteger number, Instant timestamp) implements Anchor {
    public EvmBlock {
      Objects.requireNonNull(number, "number");
      Objects.requireNonNull(timestamp, "timestamp");
      if (number.signum() < 0) {
        throw new IllegalArgumentException("block number must not be negative");
      }
    }

    public String numberHex() {
      return "0x" + number.toString(16);
    }

    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("blockNumber", numberHex())
          .put("blockTimestamp", Timestamps.iso(timestamp))
          .build();
    }
  }

  record SolanaSlot(long slot) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder().put("slot", slot).build();
    }
  }

  record XrplLedger(long ledgerIndex, String ledgerHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("ledgerIndex", ledgerIndex)
          .put("ledgerHash", ledgerHash)
          .build();
    }
  }

  record StellarLedger(long ledgerIndex, String ledgerHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("ledgerIndex", ledgerIndex)
          .put("ledgerHash", ledgerHash)
          .build();
    }
  }

  record SuiCheckpoint(long checkpointSequence, String checkpointDigest) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("checkpointSequence", checkpointSequence)
          .put("checkpointDigest", checkpointDigest)
          .build();
    }
  }

  record BitcoinTip(long blockHeight, String blockHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("blockHeight", blockHeight)
          .put("blockHash", blockHash)
          .build();
    }
  }

  record TronBlock(long blockHeight, String blockHash) implements Anchor {
    @Override
    public PayloadValue.Obj fields() {
      return PayloadValue.objectBuilder()
          .put("blockHeight", blockHeight)
          .put("blockHash", blockHash)
          .build();
    }
  }
}
