package org.walletstate.devnet.faults;

import java.util.List;
import java.util.Objects;

/**
 * A JSON-RPC call the proxy itself sends to the node, e.g. to change state before it mines a block
 * ({@code anvil_setBalance}, {@code anvil_setStorageAt}).
 *
 * @param method the method
 * @param params its parameters: strings, numbers, booleans, lists or maps
 */
public record RpcCall(String method, List<Object> params) {

  public RpcCall {
    Objects.requireNonNull(method, "method");
    params = List.copyOf(params);
  }

  public static RpcCall of(String method, Object... params) {
    return new RpcCall(method, List.of(params));
  }
}
