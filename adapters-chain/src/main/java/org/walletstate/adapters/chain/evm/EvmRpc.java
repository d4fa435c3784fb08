package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.util.Map;
import java.util.Set;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * One EVM chain's JSON-RPC, as an anchored observation uses it: the head, then requests pinned to
 * it. Implemented by one web3j client per endpoint and decorated (retries with failover, caching).
 *
 * <p>Neither method's {@link Uni} fails: a problem is a {@link HeadOutcome.Failed} or a {@link
 * ReadOutcome.Failed}. Both respect the deadline: they answer by then, with failures for whatever
 * was not read.
 */
public interface EvmRpc {

  /** Reads the latest block ({@code eth_getBlockByNumber("latest", false)}). */
  default Uni<HeadOutcome> head(Deadline deadline) {
    return head(AnchorTag.LATEST, deadline);
  }

  /**
   * Reads the block the chain's node names {@code tag} ({@code eth_getBlockByNumber(tag, false)}):
   * the latest, safe or finalized block, as a concrete number, hash and state root to pin reads to.
   */
  Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline);

  /**
   * Reads the block numbered {@code number} ({@code eth_getBlockByNumber("0x…", false)}): how a
   * quorum checks that its providers hold the same block at the anchor's number. A provider without
   * that block (one that lags) answers a failure.
   */
  default Uni<HeadOutcome> block(BigInteger number, Deadline deadline) {
    return Uni.createFrom()
        .item(new HeadOutcome.Failed(provider() + " does not read blocks by number"));
  }

  /**
   * Runs {@code requests} at {@code block}, naming its number explicitly in every request.
   *
   * @return one outcome per request, every request of {@code requests} included
   */
  Uni<Map<EvmRequest, ReadOutcome>> read(
      BlockHead block, Set<EvmRequest> requests, Deadline deadline);

  /**
   * The provider this talks to, as meters, traces and status name it: host and port only, since
   * provider URLs often carry API keys in their paths or queries.
   */
  default String provider() {
    return toString();
  }
}
