package org.walletstate.application.attest.port.in.condition;

import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;

/** Reads the members of one condition object of one type into its condition value. */
@FunctionalInterface
public interface ConditionReader {

  /**
   * @throws org.walletstate.domain.ValidationException naming the member and the rule it breaks
   */
  Condition<?> read(Fields fields, KeyVersion key);

  /**
   * A type and its reader: one entry of {@link ConditionReaders#ALL}.
   *
   * @param type the condition type (its wire name and class, in the domain)
   * @param reader reads a condition object of that type
   */
  record Entry(ConditionType type, ConditionReader reader) {}
}
