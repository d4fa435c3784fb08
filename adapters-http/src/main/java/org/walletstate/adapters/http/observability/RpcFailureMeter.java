package org.walletstate.adapters.http.observability;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.trust.TrustResource;

/**
 * Counts each failed read of an {@code rpc_failure} answer into {@code
 * walletstate_rpc_failures_total} by source and chain: the 503 envelopes, and the failed wallets of
 * a trust batch (which answers 200).
 */
public class RpcFailureMeter {

  private final ServiceMeters meters;

  @Inject
  public RpcFailureMeter(ServiceMeters meters) {
    this.meters = meters;
  }

  @ServerResponseFilter
  public void count(ContainerResponseContext response) {
    Object entity = response.getEntity();
    if (entity instanceof Envelopes.RpcFailure failure) {
      count(failure.error());
    } else if (entity instanceof Envelopes.Success success
        && success.data() instanceof TrustResource.BatchData batch) {
      for (Object result : batch.results()) {
        if (result instanceof TrustResource.BatchError error) {
          count(error.error());
        }
      }
    }
  }

  private void count(Envelopes.RpcFailureBody body) {
    for (Envelopes.FailedRead read : body.failedConditions()) {
      meters.rpcFailure(read.source(), read.chainId());
    }
  }
}
