package org.walletstate.devnet.faults;

import java.util.Objects;

/**
 * One JSON-RPC call inside a proxied HTTP request.
 *
 * @param method the call's {@code method} ({@code ""} when it named none)
 * @param ordinal the how-many-th call of this method the proxy has seen since it was started or
 *     reset, counting from 1
 */
public record ProxiedCall(String method, long ordinal, String params) {

  /** A call whose parameters are not looked at. */
  public ProxiedCall(String method, long ordinal) {
    this(method, ordinal, "");
  }

  public ProxiedCall {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(params, "params");
    if (ordinal < 1) {
      throw new IllegalArgumentException("ordinal counts from 1, got " + ordinal);
    }
  }
}
