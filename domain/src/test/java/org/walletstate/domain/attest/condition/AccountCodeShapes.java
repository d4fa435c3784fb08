package org.walletstate.domain.attest.condition;

import java.util.Optional;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.payload.PayloadValue;

/** Test access to attest's own {@code account_code} shape, for comparisons from other packages. */
public final class AccountCodeShapes {

  private AccountCodeShapes() {}

  public static PayloadValue.Obj attestShape(Chain chain, CodeState expect) {
    return new AccountCode(chain, expect, Optional.empty()).evaluatedCondition();
  }
}
