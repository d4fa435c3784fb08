package org.walletstate.domain.trust;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.CodeStateCondition;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.HoldingShape;
import org.walletstate.domain.holding.WalletHolding;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.payload.PayloadValue;

/**
 * One check of the list: a presence fact about the wallet on one chain (a token balance above zero,
 * an NFT held, code present at the address).
 *
 * @param dimension the dimension it belongs to
 * @param label its human label, signed
 * @param chain where it is read
 * @param subject what is read
 * @param decimals the token's decimals as the list's sources give them (informative, not read)
 * @param symbol the asset's symbol (informative)
 */
public record TrustCheck(
    TrustDimension dimension,
    String label,
    Chain chain,
    Subject subject,
    OptionalInt decimals,
    String symbol) {

  // Null checks written out by design: a record validates its own components on construction.
  public TrustCheck {
    Objects.requireNonNull(dimension, "dimension");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(decimals, "decimals");
    Objects.requireNonNull(symbol, "symbol");
    if (label.isBlank()) {
      throw new IllegalArgumentException("a check has a label");
    }
    if (subject.evm() != chain.isEvm()) {
      throw new IllegalArgumentException(label + ": " + subject + " cannot be read on " + chain);
    }
  }

  /** What a check reads. */
  public sealed interface Subject {

    /** Whether the subject is read on an EVM chain: every subject but a {@link FamilyAsset}. */
    default boolean evm() {
      return true;
    }
  }

  /** An ERC-20 {@code balanceOf(wallet) > 0}. */
  public record Erc20(EvmAddress token) implements Subject {
    public Erc20 {
      Objects.requireNonNull(token, "token");
    }
  }

  /** An ERC-721 {@code balanceOf(wallet) > 0}. */
  public record Erc721(EvmAddress collection) implements Subject {
    public Erc721 {
      Objects.requireNonNull(collection, "collection");
    }
  }

  /** The wallet's own code is in {@code state} (a contract, or an EIP-7702 designator). */
  public record Code(CodeState state) implements Subject {
    public Code {
      Objects.requireNonNull(state, "state");
      if (state == CodeState.NONE) {
        throw new IllegalArgumentException("a presence fact is about code that is there");
      }
    }
  }

  /**
   * A balance above zero on a non-EVM chain, read through the family's holdings: {@code native} or
   * the family's asset (a Solana mint, an XRPL issuer with its currency, a Stellar issuer with its
   * asset code, a Sui coin type, a TRC-20 address), validated by the family when the list is
   * loaded.
   */
  public record FamilyAsset(Asset asset) implements Subject {
    public FamilyAsset {
      Objects.requireNonNull(asset, "asset");
    }

    @Override
    public boolean evm() {
      return false;
    }
  }

  /**
   * The fact as it is signed, so a verifier can recompute its {@code conditionHash}: tokens and
   * NFTs {@code {type, chainId, contractAddress, [currency | assetCode], operator: "gt", threshold:
   * 0}}; account rows exactly attest's {@code account_code} shape.
   */
  public PayloadValue.Obj evaluatedCondition() {
    if (subject instanceof Code code) {
      return CodeStateCondition.evaluatedCondition(chain, code.state(), Optional.empty());
    }
    if (subject instanceof Erc721 nft) {
      return PayloadValue.objectBuilder()
          .put("type", "nft_ownership")
          .put("chainId", chainId())
          .put("contractAddress", nft.collection().checksummed())
          .put("operator", "gt")
          .put("threshold", 0)
          .build();
    }
    return HoldingShape.presence(chainId(), asset());
  }

  /**
   * What the row reads of {@code wallet} through the holdings kernel: a token row's balance of its
   * asset, an NFT row's count of the collection; empty for an account row.
   */
  Optional<WalletHolding> holding(WalletAddress wallet) {
    if (subject instanceof Code) {
      return Optional.empty();
    }
    if (subject instanceof Erc721 nft) {
      return Optional.of(new WalletHolding.OfCollection(nft.collection().checksummed(), wallet));
    }
    return Optional.of(new WalletHolding.OfAsset(asset(), wallet));
  }

  /** The asset of a token row (an ERC-20 or a family's asset). */
  Asset asset() {
    if (subject instanceof Erc20 token) {
      return new Asset.Token(token.token().checksummed());
    }
    return ((FamilyAsset) subject).asset();
  }

  /**
   * Whether this row's holding is one its issuer can freeze (an XRPL trust line, not XRP): such
   * rows carry {@code trustLineState {frozen}}, and a frozen line is not met whatever it holds.
   */
  public boolean freezable() {
    return subject instanceof FamilyAsset held && HoldingFamilies.on(chain).freezable(held.asset());
  }

  /** The wire form of the chain id: a number for EVM chains, the chain's word otherwise. */
  public PayloadValue chainId() {
    ChainId id = chain.id();
    return id instanceof ChainId.Evm evm
        ? PayloadValue.number(evm.value())
        : PayloadValue.text(id.toString());
  }
}
