package org.walletstate.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.walletstate.bench.baseline.RawBatchReads;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The baseline of one attest request: the same reads the service's read plan asks for, made by
 * {@link RawBatchReads} on every chain of the plan at once (head, one batch, follow-ups). No
 * authentication, evaluation, signing, ledger or HTTP server.
 */
public final class BaselineReads {

  private final ReadPlan plan;
  private final Map<ChainId, RawBatchReads> clients = new LinkedHashMap<>();

  public BaselineReads(ReadPlan plan, Map<Long, URI> rpcUrls, HttpClient http) {
    this.plan = plan;
    for (ChainId chain : plan.chains()) {
      URI url = rpcUrls.get(((ChainId.Evm) chain).value());
      if (url == null) {
        throw new IllegalArgumentException("no RPC URL for chain " + chain);
      }
      clients.put(chain, new RawBatchReads(http, url));
    }
  }

  /** One observation of every chain; fails if any chain's reads fail. */
  public void observe() throws Exception {
    List<CompletableFuture<ChainObservation>> observations = new ArrayList<>();
    clients.forEach(
        (chain, client) ->
            observations.add(
                client.observe(
                    EvmRead.all(plan.reads(chain)),
                    firstRound -> EvmRead.all(plan.followUps(chain, firstRound)))));
    CompletableFuture.allOf(observations.toArray(new CompletableFuture<?>[0]))
        .get(60, TimeUnit.SECONDS);
    for (CompletableFuture<ChainObservation> observation : observations) {
      if (!(observation.get() instanceof ChainObservation.Observed)) {
        throw new IllegalStateException("a chain was not observed: " + observation.get());
      }
    }
  }
}
