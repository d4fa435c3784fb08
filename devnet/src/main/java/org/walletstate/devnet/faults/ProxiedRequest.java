package org.walletstate.devnet.faults;

import java.util.List;

/**
 * What a {@link Match} sees of one HTTP request that reached the proxy.
 *
 * @param sequence the how-many-th HTTP request since the proxy was started or reset, counting from
 *     1; requests are numbered in the order they arrive
 * @param calls the JSON-RPC calls it carries, in body order (one unless it is a batch; none when
 *     the body is not JSON-RPC)
 * @param batch whether the body was a JSON array
 */
public record ProxiedRequest(long sequence, List<ProxiedCall> calls, boolean batch) {

  public ProxiedRequest {
    if (sequence < 1) {
      throw new IllegalArgumentException("sequence counts from 1, got " + sequence);
    }
    calls = List.copyOf(calls);
  }

  /** Whether any call of this request is of {@code method}. */
  public boolean has(String method) {
    return calls.stream().anyMatch(call -> call.method().equals(method));
  }
}
