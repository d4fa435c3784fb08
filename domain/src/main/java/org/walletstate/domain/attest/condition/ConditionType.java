package org.walletstate.domain.attest.condition;

import java.util.List;
import java.util.Objects;

/**
 * One condition type: its wire name and the class of its conditions. Each condition file declares
 * its own as {@code TYPE}; how one is read from a request's condition object is the application's
 * (its reader, registered beside the type in the attest port).
 *
 * @param wireName the {@code type} member's value
 * @param conditionClass the class of this type's conditions
 * @param familyVariants the classes of this type's conditions on chains of other families; empty
 *     for a type read on EVM chains only
 */
public record ConditionType(
    String wireName,
    Class<? extends Condition<?>> conditionClass,
    List<Class<? extends Condition<?>>> familyVariants) {

  public ConditionType {
    Objects.requireNonNull(wireName, "wireName");
    Objects.requireNonNull(conditionClass, "conditionClass");
    familyVariants = List.copyOf(familyVariants);
  }

  /** A type read on EVM chains only. */
  public ConditionType(String wireName, Class<? extends Condition<?>> conditionClass) {
    this(wireName, conditionClass, List.of());
  }

  /** Whether conditions of {@code type} are of this type: its class or one of its variants. */
  public boolean produces(Class<?> type) {
    return conditionClass.equals(type) || familyVariants.contains(type);
  }

  @Override
  public String toString() {
    return wireName;
  }
}
