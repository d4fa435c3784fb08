package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
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
 * {@code erc8004_agent}: the wallet is the owner of the agent's identity token ({@code
 * ownerOf(agentId)}) or the agent wallet the registry bound with that wallet's signature ({@code
 * getAgentWallet(agentId)}) in the ERC-8004 identity registry on Base. The token's metadata is
 * never read. Both calls revert for an agent that does not exist: the agent does not exist, and the
 * condition is not met.
 *
 * @param chain Base (8453)
 * @param agentId the agent's token id
 */
public record Erc8004Agent(Chain chain, BigInteger agentId) implements EvmCondition {

  public static final ConditionType TYPE = new ConditionType("erc8004_agent", Erc8004Agent.class);

  /** Why an {@code erc8004_agent} result carries no proof. */
  public static final String NOT_PROVEN =
      "erc8004_agent is not proven: the owner and the agent wallet are read through the registry's"
          + " functions, not from one storage slot";

  /** The only chain of the type. */
  public static final ChainId REGISTRY_CHAIN = ChainId.evm(8453);

  /** The ERC-8004 IdentityRegistry on Base. */
  public static final EvmAddress IDENTITY_REGISTRY =
      EvmAddress.of("0x8004A169FB4a3325136EB29fA0ceB6D2e539a432");

  public static final FunctionSignature OWNER_OF = FunctionSignature.of("ownerOf(uint256)");
  public static final FunctionSignature GET_AGENT_WALLET =
      FunctionSignature.of("getAgentWallet(uint256)");

  /** One past the largest uint256: an agent id is below it. */
  public static final BigInteger UINT256_LIMIT = BigInteger.ONE.shiftLeft(256);

  public Erc8004Agent {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(agentId, "agentId");
    if (!chain.id().equals(REGISTRY_CHAIN)) {
      throw new IllegalArgumentException("the agent registry is read on chain 8453");
    }
    if (agentId.signum() < 0 || agentId.compareTo(UINT256_LIMIT) >= 0) {
      throw new IllegalArgumentException("agentId is a uint256");
    }
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  private EvmRead.AddressOfId owner() {
    return new EvmRead.AddressOfId(IDENTITY_REGISTRY, OWNER_OF, agentId);
  }

  private EvmRead.AddressOfId agentWallet() {
    return new EvmRead.AddressOfId(IDENTITY_REGISTRY, GET_AGENT_WALLET, agentId);
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(owner(), agentWallet());
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<EvmAddress> owner = context.readings().reading(owner());
    Reading<EvmAddress> bound = context.readings().reading(agentWallet());
    if (owner instanceof Reading.Unreadable || bound instanceof Reading.Unreadable) {
      return new ConditionVerdict.Unavailable(
          FailureSource.AGENT_REGISTRY_READ, "agent registry could not be read");
    }
    Optional<EvmAddress> ownerAddress =
        owner instanceof Reading.Value<EvmAddress> o ? Optional.of(o.value()) : Optional.empty();
    Optional<EvmAddress> boundAddress =
        bound instanceof Reading.Value<EvmAddress> b ? Optional.of(b.value()) : Optional.empty();
    boolean exists = ownerAddress.isPresent();
    EvmAddress wallet = context.wallet();
    String matchedVia;
    if (exists && ownerAddress.get().equals(wallet)) {
      matchedVia = "owner";
    } else if (exists && boundAddress.isPresent() && boundAddress.get().equals(wallet)) {
      matchedVia = "agent_wallet";
    } else {
      matchedVia = "none";
    }
    return new ConditionVerdict.Decided(
        !matchedVia.equals("none"),
        evaluatedCondition(wallet),
        PayloadValue.objectBuilder()
            .put("agentExists", exists)
            .put("matchedVia", matchedVia)
            .build());
  }

  /**
   * {@code {type, chainId: 8453, contractAddress: <registry>, agentId, wallet, operator:
   * "owner_or_bound_wallet"}}: the wallet (lower case) is part of the predicate, so the signed
   * condition says whose agent it is.
   */
  PayloadValue.Obj evaluatedCondition(EvmAddress wallet) {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", IDENTITY_REGISTRY.checksummed())
        .put("agentId", agentId.toString())
        .put("wallet", wallet.lowercase())
        .put("operator", "owner_or_bound_wallet")
        .build();
  }
}
