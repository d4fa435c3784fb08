package org.walletstate.domain.attest.condition;

import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.PayloadValue;

/** The members every evaluated condition starts with, in issue order: type, chainId. */
final class EvaluatedConditions {

  private EvaluatedConditions() {}

  static PayloadValue.ObjBuilder begin(ConditionType type, Chain chain) {
    return PayloadValue.objectBuilder().put("type", type.wireName()).put("chainId", chainId(chain));
  }

  static PayloadValue chainId(Chain chain) {
    ChainId id = chain.id();
    return id instanceof ChainId.Evm evm
        ? PayloadValue.number(evm.value())
        : PayloadValue.text(id.toString());
  }
}
