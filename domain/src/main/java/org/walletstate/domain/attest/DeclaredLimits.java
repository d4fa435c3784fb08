package org.walletstate.domain.attest;

import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.payload.PayloadValue;

/** Whether delegation results carry the decoded {@code declaredLimits} ({@code include}). */
public enum DeclaredLimits {
  INCLUDE,
  OMIT;

  /**
   * The signed extras of a result of type {@code type} under this option: with {@code omit}, a
   * delegation result's {@code declaredLimits} is left out and {@code declaredLimitsOmitted: true}
   * is set instead; the verdict, the evaluated condition and its hash are the same either way.
   */
  PayloadValue.Obj apply(String type, PayloadValue.Obj extras) {
    if (this == INCLUDE || !type.equals(Erc7710Delegation.TYPE.wireName())) {
      return extras;
    }
    PayloadValue.ObjBuilder kept = PayloadValue.objectBuilder();
    extras
        .members()
        .forEach(
            (name, value) -> {
              if (!name.equals(Erc7710Delegation.DECLARED_LIMITS)) {
                kept.put(name, value);
              }
            });
    return kept.put("declaredLimitsOmitted", true).build();
  }
}
