package org.walletstate.domain.commerce.discount;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.Wallets;

/**
 * The wallets one discount check looks at: one per family a store may configure tokens on (EVM,
 * Solana, XRP Ledger), at least one.
 *
 * @param evm {@code wallet}
 * @param solana {@code solanaWallet}
 * @param xrpl {@code xrplWallet}
 */
public record DiscountWallets(
    Optional<EvmAddress> evm, Optional<SolanaAddress> solana, Optional<XrplAddress> xrpl) {

  public DiscountWallets {
    Objects.requireNonNull(evm, "evm");
    Objects.requireNonNull(solana, "solana");
    Objects.requireNonNull(xrpl, "xrpl");
    if (evm.isEmpty() && solana.isEmpty() && xrpl.isEmpty()) {
      throw new ValidationException(
          "wallet is required unless solanaWallet or xrplWallet is given");
    }
  }

  /** An EVM wallet only. */
  public static DiscountWallets evm(EvmAddress wallet) {
    return new DiscountWallets(Optional.of(wallet), Optional.empty(), Optional.empty());
  }

  /** The wallet of {@code family}, when one was given. */
  public Optional<WalletAddress> of(ChainFamily family) {
    return wallets().of(family);
  }

  /** The wallets given, one per family. */
  public Wallets wallets() {
    return Wallets.of(Stream.of(evm, solana, xrpl).flatMap(Optional::stream).toList());
  }

  /** Whether a wallet of {@code family} was given. */
  public boolean has(ChainFamily family) {
    return of(family).isPresent();
  }

  /**
   * The texts that name these wallets, one per wallet given ({@code evm:} and the lower-case
   * address, {@code solana:} or {@code xrpl:} and the address): a wallet's codes of the day are
   * those that name any of them, so adding a second wallet to a request does not reset the count.
   */
  public List<String> keys() {
    List<String> keys = new ArrayList<>();
    evm.ifPresent(a -> keys.add("evm:" + a.lowercase()));
    solana.ifPresent(a -> keys.add("solana:" + a.text()));
    xrpl.ifPresent(a -> keys.add("xrpl:" + a.text()));
    return List.copyOf(keys);
  }
}
