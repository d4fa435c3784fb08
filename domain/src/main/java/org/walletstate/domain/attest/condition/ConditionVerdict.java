package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.payload.PayloadValue;

/** What evaluating one condition against its chain's read outcomes came to. */
public sealed interface ConditionVerdict
    permits ConditionVerdict.Decided, ConditionVerdict.Unavailable, ConditionVerdict.Refused {

  /**
   * Every read the condition needs completed, and it is met or not.
   *
   * @param met the verdict
   * @param evaluatedCondition the predicate applied, in issue order (hashed into conditionHash)
   * @param extras signed siblings of evaluatedCondition, outside conditionHash; empty for most
   *     types
   */
  record Decided(boolean met, PayloadValue.Obj evaluatedCondition, PayloadValue.Obj extras)
      implements ConditionVerdict {
    // Alike by design: each verdict is its own record and checks its own components.
    public Decided {
      Objects.requireNonNull(evaluatedCondition, "evaluatedCondition");
      Objects.requireNonNull(extras, "extras");
    }
  }

  /**
   * A read the verdict depends on did not complete: the request is refused with {@code
   * rpc_failure}; never a {@code met: false}.
   *
   * @param source the kind of read, as {@code failedConditions[].source}
   * @param message a short phrase for the caller that names no data source
   */
  record Unavailable(FailureSource source, String message) implements ConditionVerdict {
    public Unavailable {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(message, "message");
    }
  }

  /** A holding that could not be read, as the condition's unavailable verdict. */
  static ConditionVerdict unavailable(HoldingFailure failure) {
    return new Unavailable(failure.source(), failure.message());
  }

  /**
   * The chain showed the request to be wrong (the stated decimals differ from the token's own, an
   * amount is finer than the token): a 400 with this message, before any charge.
   */
  record Refused(String message) implements ConditionVerdict {
    public Refused {
      Objects.requireNonNull(message, "message");
    }
  }
}
