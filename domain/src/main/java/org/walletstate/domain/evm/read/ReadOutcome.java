package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.Objects;
import org.walletstate.domain.chain.FailureKind;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;

/**
 * What became of one read at the pinned block, as a chain adapter reports it. Only {@link Answer}s
 * carry a value; a {@link Failed} read never becomes a verdict.
 */
public sealed interface ReadOutcome
    permits ReadOutcome.Answer, ReadOutcome.Reverted, ReadOutcome.Failed {

  /** An answer the node gave: bytes or a quantity, depending on the request. */
  sealed interface Answer extends ReadOutcome permits Data, Quantity, Proof {}

  /** Return data of {@code eth_call} (possibly empty), or the code of {@code eth_getCode}. */
  record Data(Bytes bytes) implements Answer {
    public Data {
      Objects.requireNonNull(bytes, "bytes");
    }
  }

  /** The wei of {@code eth_getBalance}. */
  record Quantity(BigInteger value) implements Answer {
    public Quantity {
      Objects.requireNonNull(value, "value");
      if (value.signum() < 0) {
        throw new IllegalArgumentException("a quantity is not negative");
      }
    }
  }

  // Alike by design: each variant is its own record and checks its own components.
  /** The account and storage proof of {@code eth_getProof}. */
  record Proof(AccountProof proof) implements Answer {
    public Proof {
      Objects.requireNonNull(proof, "proof");
    }
  }

  /**
   * The call's execution reverted at the pinned block (JSON-RPC "execution reverted"). A
   * deterministic answer of the chain, unlike a {@link Failed} read. Only {@code eth_call} reverts.
   *
   * @param data the revert data, possibly empty
   */
  record Reverted(Bytes data) implements ReadOutcome {
    public Reverted {
      Objects.requireNonNull(data, "data");
    }
  }

  /**
   * The read did not complete: transport error, timeout, rate limit, an answer that was not
   * JSON-RPC, an answer over the size bound. The result is refused with {@code rpc_failure}, never
   * signed as {@code met: false}.
   *
   * @param kind whether another try may answer: what retries decide on
   * @param detail for operators' logs only; never shown to callers, never decided on
   */
  record Failed(FailureKind kind, String detail) implements ReadOutcome {
    public Failed {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(detail, "detail");
    }

    /** A {@link FailureKind#TRANSIENT} failure: another try may answer. */
    public Failed(String detail) {
      this(FailureKind.TRANSIENT, detail);
    }

    /** The same kind of failure, described by {@code otherDetail}. */
    public Failed withDetail(String otherDetail) {
      return new Failed(kind, otherDetail);
    }
  }

  static ReadOutcome data(Bytes bytes) {
    return new Data(bytes);
  }

  static ReadOutcome quantity(BigInteger value) {
    return new Quantity(value);
  }

  static ReadOutcome reverted() {
    return new Reverted(Bytes.EMPTY);
  }

  static ReadOutcome failed(String detail) {
    return new Failed(detail);
  }
}
