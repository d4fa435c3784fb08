package org.walletstate.adapters.chain.jsonrpc;

import java.util.Objects;
import org.walletstate.domain.chain.FailureKind;

/**
 * A call that did not give a usable answer: the endpoint failed, timed out, or answered with an
 * error or a shape that cannot be read, or an answer over the size bound. The detail is for
 * operators' logs only; whether to try again is decided on the {@link #kind()}.
 */
public final class RpcFailure extends Exception {

  private static final long serialVersionUID = 1L;

  private final FailureKind kind;

  /** A {@link FailureKind#TRANSIENT} failure: another try may answer. */
  public RpcFailure(String detail) {
    this(FailureKind.TRANSIENT, detail);
  }

  public RpcFailure(FailureKind kind, String detail) {
    super(detail, null, false, false);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  /** Whether another try may answer. */
  public FailureKind kind() {
    return kind;
  }
}
