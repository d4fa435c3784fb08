package org.walletstate.bench;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustReadPlan;

/**
 * The chains' answers the trust benchmarks evaluate: the base profile's Multicall3 batches answered
 * as the node would encode them, without a node.
 */
final class BaseProfileAnswers {

  private static final int WORD = 32;

  private BaseProfileAnswers() {}

  /** Every chain at block 100: a third of the balances 1, the rest 0, no wallet with code. */
  static Map<ChainId, ChainObservation> answers(TrustReadPlan plan) {
    Anchor anchor =
        new Anchor.EvmBlock(BigInteger.valueOf(100), Instant.parse("2026-11-25T00:00:00Z"));
    Map<ChainId, ChainObservation> all = new LinkedHashMap<>();
    for (ChainId chain : plan.evmChains()) {
      Map<EvmRead<?>, ReadOutcome> outcomes = new HashMap<>();
      for (ChainRead<?> read : plan.query(chain).reads()) {
        if (read instanceof Aggregate3 aggregate) {
          outcomes.put(aggregate, new ReadOutcome.Data(answer(aggregate.calls().size())));
        } else if (read instanceof EvmRead.AccountCode code) {
          outcomes.put(code, new ReadOutcome.Data(Bytes.EMPTY));
        } else {
          throw new IllegalStateException("the base profile reads no " + read);
        }
      }
      all.put(chain, new ChainObservation.Observed(anchor, ReadOutcomes.of(outcomes)));
    }
    return all;
  }

  /** The ABI encoding of {@code (bool success, bytes returnData)[]}, each a successful word. */
  static Bytes answer(int count) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out, WORD);
    write(out, count);
    int tuple = 4 * WORD; // success, offset, length, one word of data
    for (int i = 0; i < count; i++) {
      write(out, (long) count * WORD + (long) i * tuple);
    }
    for (int i = 0; i < count; i++) {
      write(out, 1);
      write(out, 2 * WORD);
      write(out, WORD);
      write(out, i % 3 == 0 ? 1 : 0);
    }
    return Bytes.of(out.toByteArray());
  }

  private static void write(ByteArrayOutputStream out, long value) {
    byte[] word = new byte[WORD];
    for (int i = 0; i < 8; i++) {
      word[WORD - 1 - i] = (byte) (value >>> (8 * i));
    }
    out.write(word, 0, WORD);
  }
}
