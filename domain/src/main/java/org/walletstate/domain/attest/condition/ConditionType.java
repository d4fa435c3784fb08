package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;

/**
 * One condition type: its wire name, the class of its conditions, and how one is read from a
 * request's condition object. Each condition file declares its own as {@code TYPE}.
 *
 * @param wireName the {@code type} member's value
 * @param conditionClass what {@link #parser} produces
 * @param parser reads the members of one condition object, applying every rule the request alone
 *     can check
 */
public record ConditionType(
    String wireName, Class<? extends Condition<?>> conditionClass, Parser parser) {

  /** Reads the members of one condition object of this type. */
  @FunctionalInterface
  public interface Parser {
    /**
     * @throws org.walletstate.domain.ValidationException naming the member and the rule it breaks
     */
    Condition<?> parse(Fields fields, KeyVersion key);
  }

  public ConditionType {
    Objects.requireNonNull(wireName, "wireName");
    Objects.requireNonNull(conditionClass, "conditionClass");
    Objects.requireNonNull(parser, "parser");
  }

  @Override
  public String toString() {
    return wireName;
  }
}
