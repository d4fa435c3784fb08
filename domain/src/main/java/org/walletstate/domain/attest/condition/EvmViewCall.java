package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code evm_view_call}: a view function {@code name(address)} returning {@code bool} returns true
 * for the wallet. A call that reverts at the pinned block did not return true, so it is met false
 * (many such functions revert for unknown accounts); a call that answers anything but an ABI {@code
 * bool} (no code at the address, a wider value) is unavailable.
 *
 * @param chain an EVM chain
 * @param contract the contract called
 * @param function its canonical signature
 */
public record EvmViewCall(Chain chain, EvmAddress contract, FunctionSignature function)
    implements EvmCondition {

  public static final ConditionType TYPE = new ConditionType("evm_view_call", EvmViewCall.class);

  /** Why an {@code evm_view_call} result carries no proof. */
  public static final String NOT_PROVEN =
      "evm_view_call is not proven: the function's answer is computed by contract code, not held"
          + " in one storage slot";

  // Null checks written out by design: a record validates its own components on construction.
  public EvmViewCall {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(function, "function");
    if (!chain.isEvm()) {
      throw new ValidationException(
          "chainId " + chain.id() + " is not an EVM chain; " + TYPE.wireName() + " is EVM only");
    }
  }

  // Alike by design: reads and evaluation shaped like FarcasterId's; the read and verdict differ.
  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(new EvmRead.BoolViewCall(contract, function, wallet));
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<Boolean> answer =
        context.readings().reading(new EvmRead.BoolViewCall(contract, function, context.wallet()));
    if (answer instanceof Reading.Unreadable) {
      return new ConditionVerdict.Unavailable(
          FailureSource.VIEW_CALL, "view function gave no boolean answer");
    }
    boolean met = answer instanceof Reading.Value<Boolean> value && value.value();
    return new ConditionVerdict.Decided(met, evaluatedCondition(), PayloadValue.object());
  }

  /** {@code {type, chainId, contractAddress, operator: "returns_true", selector}}. */
  PayloadValue.Obj evaluatedCondition() {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", contract.checksummed())
        .put("operator", "returns_true")
        .put("selector", function.canonical())
        .build();
  }
}
