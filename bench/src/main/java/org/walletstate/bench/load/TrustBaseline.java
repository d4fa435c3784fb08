package org.walletstate.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.bench.baseline.RawBatchReads;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.trust.TrustReadPlan;

/**
 * The raw baseline of {@link TrustLoad}: the service's reads of a {@link TrustReadPlan} made by a
 * minimal batched JSON-RPC client, counting the HTTP requests it makes.
 */
final class TrustBaseline {

  private TrustBaseline() {}

  /** Every chain of the plan at once: its head, then one batch of its reads pinned there. */
  static TrustLoad.Client of(
      HttpClient http, TrustReadPlan plan, Map<Long, URI> urls, AtomicLong requests) {
    Map<ChainId, RawBatchReads> clients = new LinkedHashMap<>();
    for (ChainId chain : plan.evmChains()) {
      clients.put(chain, new RawBatchReads(http, urls.get(((ChainId.Evm) chain).value())));
    }
    return () -> {
      List<CompletableFuture<ChainObservation>> observations = new ArrayList<>();
      clients.forEach(
          (chain, client) -> {
            requests.addAndGet(2); // a head read and one batch: RawBatchReads makes no other
            observations.add(
                client.observe(EvmRead.all(plan.query(chain).reads()), first -> Set.of()));
          });
      CompletableFuture.allOf(observations.toArray(new CompletableFuture<?>[0]))
          .get(60, TimeUnit.SECONDS);
      for (CompletableFuture<ChainObservation> observation : observations) {
        if (!(observation.get() instanceof ChainObservation.Observed)) {
          throw new IllegalStateException("a chain was not observed");
        }
      }
    };
  }
}
