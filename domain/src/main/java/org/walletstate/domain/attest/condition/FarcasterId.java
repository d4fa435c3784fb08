package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code farcaster_id}: the Farcaster identity registry on OP Mainnet returns an id other than 0
 * from {@code idOf(wallet)}.
 *
 * @param chain OP Mainnet (10), where the registry lives
 */
public record FarcasterId(Chain chain) implements EvmCondition {

  public static final ConditionType TYPE = new ConditionType("farcaster_id", FarcasterId.class);

  /** Why a {@code farcaster_id} result carries no proof. */
  public static final String NOT_PROVEN =
      "farcaster_id is not proven: identity registry entries carry no proof";

  /** The chain of the identity registry. */
  public static final ChainId REGISTRY_CHAIN = ChainId.evm(10);

  /** The IdRegistry contract. */
  public static final EvmAddress ID_REGISTRY =
      EvmAddress.of("0x00000000Fc6c5F01Fc30151999387Bb99A9f489b");

  /** {@code idOf(address) returns (uint256)}, the registry's public mapping getter. */
  public static final FunctionSignature ID_OF = FunctionSignature.of("idOf(address)");

  // Alike by design: reads and evaluation shaped like EvmViewCall's (one read, no proof), but
  // the read, its failure source and the verdict's operator are this condition's own.
  public FarcasterId {
    Objects.requireNonNull(chain, "chain");
    if (!chain.id().equals(REGISTRY_CHAIN)) {
      throw new IllegalArgumentException("the identity registry is on chain 10");
    }
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(new EvmRead.UintViewCall(ID_REGISTRY, ID_OF, wallet));
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<BigInteger> id =
        context.readings().reading(new EvmRead.UintViewCall(ID_REGISTRY, ID_OF, context.wallet()));
    if (!(id instanceof Reading.Value<BigInteger> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.IDENTITY_READ, "identity registry could not be read");
    }
    return new ConditionVerdict.Decided(
        value.value().signum() > 0, evaluatedCondition(), PayloadValue.object());
  }

  /** {@code {type, chainId: 10, contractAddress: <IdRegistry>, operator: "gt", threshold: 0}}. */
  PayloadValue.Obj evaluatedCondition() {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", ID_REGISTRY.checksummed())
        .put("operator", "gt")
        .put("threshold", 0)
        .build();
  }
}
