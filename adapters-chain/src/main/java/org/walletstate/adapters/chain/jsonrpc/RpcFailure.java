package org.walletstate.adapters.chain.jsonrpc;

/**
 * A call that did not give a usable answer: the endpoint failed, timed out, or answered with an
 * error or a shape that cannot be read. The detail is for operators' logs only.
 */
public final class RpcFailure extends Exception {

  private static final long serialVersionUID = 1L;

  public RpcFailure(String detail) {
    super(detail, null, false, false);
  }
}
