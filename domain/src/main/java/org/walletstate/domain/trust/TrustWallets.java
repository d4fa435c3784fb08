package org.walletstate.domain.trust;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.WalletMember;
import org.walletstate.domain.holding.Wallets;

/**
 * The wallets one profile is about: the EVM {@code wallet} (required) and, optionally, one wallet
 * of each other family, each of the family it is given for. The request's wallets are read by the
 * application's {@code trust.port.in.TrustCommands}, each by its family's parser.
 *
 * @param evm the profile's {@code wallet}
 * @param others the other families' wallets that were given
 */
public record TrustWallets(EvmAddress evm, Map<ChainFamily, WalletAddress> others) {

  /** The optional members: every family's but the EVM {@code wallet}, in the interface's order. */
  public static final List<WalletMember> OPTIONAL =
      WalletMember.ALL.stream().filter(m -> m.family() != ChainFamily.EVM).toList();

  /**
   * @throws ValidationException when an other wallet is an EVM wallet or is not of the family it is
   *     given for
   */
  public TrustWallets {
    Objects.requireNonNull(evm, "evm");
    Map<ChainFamily, WalletAddress> copy = new EnumMap<>(ChainFamily.class);
    copy.putAll(others);
    if (copy.containsKey(ChainFamily.EVM)) {
      throw new ValidationException("the EVM wallet is the profile's wallet, not another");
    }
    copy.forEach(
        (family, wallet) -> {
          if (wallet.family() != family) {
            throw new ValidationException(
                memberOf(family) + " must be a " + family + " wallet, not " + wallet.family());
          }
        });
    others = Collections.unmodifiableMap(copy);
  }

  /** Only an EVM wallet. */
  public static TrustWallets of(EvmAddress evm) {
    return new TrustWallets(evm, Map.of());
  }

  /** The request member that carries {@code family}'s wallet. */
  public static String memberOf(ChainFamily family) {
    if (family == ChainFamily.EVM) {
      return "wallet";
    }
    return OPTIONAL.stream()
        .filter(m -> m.family() == family)
        .findFirst()
        .map(WalletMember::name)
        .orElseThrow(() -> new IllegalArgumentException("no wallet member for " + family));
  }

  /** The wallet of {@code family} when it was given ({@code others} only: not the EVM wallet). */
  public Optional<WalletAddress> other(ChainFamily family) {
    return Optional.ofNullable(others.get(family));
  }

  /** Every wallet of the profile, the EVM {@code wallet} first. */
  public Wallets wallets() {
    List<WalletAddress> all = new java.util.ArrayList<>(List.of(evm));
    all.addAll(others.values());
    return Wallets.of(all);
  }

  /** Whether a wallet of {@code family} was given. */
  public boolean has(ChainFamily family) {
    return family == ChainFamily.EVM || others.containsKey(family);
  }
}
