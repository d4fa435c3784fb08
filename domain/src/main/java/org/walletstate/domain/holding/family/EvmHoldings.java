package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.WalletHolding;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * EVM: the chain's own asset (its balance, the chain's decimals) or an ERC-20 ({@code balanceOf},
 * {@code decimals()} read from the token); signed in the EIP-55 form. A holding is proven by its
 * balance: the ERC-20 balance slot, or the account's balance. A collection is held when its ERC-721
 * {@code balanceOf} is at least one. Many holdings of a chain are read in one Multicall3 {@code
 * aggregate3} ({@link EvmBatch}), the family's own concern.
 */
final class EvmHoldings extends ContractHoldings<EvmAddress> {

  EvmHoldings() {
    super(ChainFamily.EVM, EvmAddress.class);
  }

  @Override
  String signedForm(String text, String field) {
    return EvmAddress.parse(text, field).checksummed();
  }

  @Override
  ChainRead<TokenDecimals> decimalsRead(String contract) {
    return new EvmRead.Erc20Decimals(EvmAddress.of(contract));
  }

  @Override
  ChainRead<BigInteger> balanceRead(Optional<String> contract, EvmAddress wallet) {
    return contract
        .<ChainRead<BigInteger>>map(c -> new EvmRead.Erc20BalanceOf(EvmAddress.of(c), wallet))
        .orElseGet(() -> new EvmRead.NativeBalance(wallet));
  }

  @Override
  public ProofRequirement proof(Chain chain, Asset asset, EvmAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new ProofRequirement.Wanted(
          new ProofTarget.Erc20Balance(EvmAddress.of(token.contract()), wallet));
    }
    return new ProofRequirement.Wanted(new ProofTarget.AccountBalance(wallet));
  }

  @Override
  public HoldingBatch batch(Chain chain, List<WalletHolding> entries) {
    return new EvmBatch(chain, entries);
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, EvmAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new EvmRead.Erc721BalanceOf(EvmAddress.of(collection), wallet),
            count -> count.signum() > 0));
  }
}
