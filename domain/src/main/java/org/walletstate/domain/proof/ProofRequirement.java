package org.walletstate.domain.proof;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.condition.AccountCode;
import org.walletstate.domain.condition.Asset;
import org.walletstate.domain.condition.Condition;
import org.walletstate.domain.condition.EasAttestation;
import org.walletstate.domain.condition.EvmViewCall;
import org.walletstate.domain.condition.FarcasterId;
import org.walletstate.domain.condition.NftOwnership;
import org.walletstate.domain.condition.RatioToAmount;
import org.walletstate.domain.condition.RatioToSupply;
import org.walletstate.domain.condition.TokenBalance;

/**
 * Whether a condition's result can carry a Merkle proof, and of what. A balance condition is proven
 * by its balance (the ERC-20 balance slot, or the account's balance field for the native asset),
 * {@code account_code} by the account's codeHash. The other types, and every condition on a chain
 * without standard Merkle-Patricia proofs, decline with the reason stated here.
 */
public sealed interface ProofRequirement
    permits ProofRequirement.Wanted, ProofRequirement.Declined {

  String RATIO_TO_SUPPLY =
      "ratio_to_supply is not proven: its verdict depends on the token's total supply, and a"
          + " balance proof alone does not establish the fraction";
  String NFT_OWNERSHIP =
      "nft_ownership is not proven: ERC-721 balance layouts vary (enumerable, packed), so no"
          + " storage slot is a dependable count of tokens held";
  String EVM_VIEW_CALL =
      "evm_view_call is not proven: the function's answer is computed by contract code, not held"
          + " in one storage slot";
  String EAS_ATTESTATION =
      "eas_attestation is not proven: the attestation is a multi-slot record found through a"
          + " lookup contract";
  String FARCASTER_ID = "farcaster_id is not proven: identity registry entries carry no proof";

  /** A proof of {@code target} is fetched at the block the verdict was read at. */
  record Wanted(ProofTarget target) implements ProofRequirement {
    public Wanted {
      Objects.requireNonNull(target, "target");
    }
  }

  /** No proof; the result's proof object says why. */
  record Declined(String reason) implements ProofRequirement {
    public Declined {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** What {@code condition}'s result, about {@code wallet}, can be proven by. */
  static ProofRequirement of(Condition condition, EvmAddress wallet) {
    Chain chain = condition.chain();
    if (!chain.proofs().available()) {
      return new Declined(chain.proofs().declineReason());
    }
    if (condition instanceof TokenBalance balance) {
      return balanceOf(balance.asset(), wallet);
    }
    if (condition instanceof RatioToAmount ratio) {
      return balanceOf(ratio.asset(), wallet);
    }
    if (condition instanceof AccountCode) {
      return new Wanted(new ProofTarget.AccountCode(wallet));
    }
    if (condition instanceof RatioToSupply) {
      return new Declined(RATIO_TO_SUPPLY);
    }
    if (condition instanceof NftOwnership) {
      return new Declined(NFT_OWNERSHIP);
    }
    if (condition instanceof EvmViewCall) {
      return new Declined(EVM_VIEW_CALL);
    }
    if (condition instanceof EasAttestation) {
      return new Declined(EAS_ATTESTATION);
    }
    if (condition instanceof FarcasterId) {
      return new Declined(FARCASTER_ID);
    }
    throw new IllegalArgumentException("no proof rule for " + condition.type());
  }

  private static ProofRequirement balanceOf(Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Erc20 erc20) {
      return new Wanted(new ProofTarget.Erc20Balance(erc20.token(), wallet));
    }
    return new Wanted(new ProofTarget.AccountBalance(wallet));
  }
}
