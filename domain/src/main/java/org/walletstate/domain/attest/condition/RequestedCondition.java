package org.walletstate.domain.attest.condition;

import java.util.Objects;

/**
 * A condition as the caller placed it in the request.
 *
 * @param index its position in {@code conditions}
 * @param label the caller's label, {@code ""} when none was sent (echoed, never trusted)
 * @param condition the condition itself
 */
public record RequestedCondition(int index, String label, Condition<?> condition) {

  /** The longest label accepted, in Unicode code points. */
  public static final int MAX_LABEL_LENGTH = 100;

  public RequestedCondition {
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative");
    }
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(condition, "condition");
  }

  /** Its path in messages: {@code conditions[2]}. */
  public String path() {
    return "conditions[" + index + "]";
  }
}
