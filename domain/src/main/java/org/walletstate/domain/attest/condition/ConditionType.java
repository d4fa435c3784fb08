package org.walletstate.domain.attest.condition;

import java.util.List;
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
 * @param familyVariants the classes {@link #parser} produces for chains of other families (the
 *     Solana and XRPL forms of {@code token_balance}); empty for a type read on EVM chains only
 */
public record ConditionType(
    String wireName,
    Class<? extends Condition<?>> conditionClass,
    Parser parser,
    List<Class<? extends Condition<?>>> familyVariants) {

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
    familyVariants = List.copyOf(familyVariants);
  }

  /** A type read on EVM chains only. */
  public ConditionType(
      String wireName, Class<? extends Condition<?>> conditionClass, Parser parser) {
    this(wireName, conditionClass, parser, List.of());
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
