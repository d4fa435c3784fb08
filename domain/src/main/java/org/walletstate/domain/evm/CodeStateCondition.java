package org.walletstate.domain.evm;

import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The signed shape of a code-state fact: {@code {type: "account_code", chainId, expect, operator:
 * "code_state"}} plus {@code delegate} in lower case when one is named. Attest's {@code
 * account_code} results and the trust profile's account rows both sign this shape, so equal facts
 * have equal condition hashes.
 */
public final class CodeStateCondition {

  /** The condition type's wire name. */
  public static final String TYPE = "account_code";

  private CodeStateCondition() {}

  /**
   * @param chain an EVM chain
   * @param expect the code state asked for
   * @param delegate the designator's required target, only with {@link CodeState#EIP7702}
   */
  public static PayloadValue.Obj evaluatedCondition(
      Chain chain, CodeState expect, Optional<EvmAddress> delegate) {
    if (!(chain.id() instanceof ChainId.Evm evm)) {
      throw new IllegalArgumentException("a code state is a fact of an EVM chain: " + chain.id());
    }
    if (delegate.isPresent() && expect != CodeState.EIP7702) {
      throw new IllegalArgumentException("a delegate goes only with expect eip7702");
    }
    PayloadValue.ObjBuilder shape =
        PayloadValue.objectBuilder()
            .put("type", TYPE)
            .put("chainId", PayloadValue.number(evm.value()))
            .put("expect", expect.wireName())
            .put("operator", "code_state");
    delegate.ifPresent(d -> shape.put("delegate", d.lowercase()));
    return shape.build();
  }
}
