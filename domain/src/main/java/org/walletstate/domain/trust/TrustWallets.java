package org.walletstate.domain.trust;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.WalletMember;
import org.walletstate.domain.holding.Wallets;
import org.walletstate.domain.request.Fields;

/**
 * The wallets one profile is about: the EVM {@code wallet} (required) and, optionally, one wallet
 * of each other family. Every wallet is validated by its family's parser, so a malformed one is a
 * 400 naming the member.
 *
 * @param evm the profile's {@code wallet}
 * @param others the other families' wallets that were given
 */
public record TrustWallets(EvmAddress evm, Map<ChainFamily, WalletAddress> others) {

  /** The optional members: every family's but the EVM {@code wallet}, in the interface's order. */
  static final List<WalletMember> OPTIONAL =
      WalletMember.ALL.stream().filter(m -> m.family() != ChainFamily.EVM).toList();

  public TrustWallets {
    Objects.requireNonNull(evm, "evm");
    Map<ChainFamily, WalletAddress> copy = new EnumMap<>(ChainFamily.class);
    copy.putAll(others);
    if (copy.containsKey(ChainFamily.EVM)) {
      throw new IllegalArgumentException("the EVM wallet is the profile's wallet, not another");
    }
    others = Collections.unmodifiableMap(copy);
  }

  /** Only an EVM wallet. */
  public static TrustWallets of(EvmAddress evm) {
    return new TrustWallets(evm, Map.of());
  }

  /** The wallet members of one profile request (the body, or one entry of a batch). */
  public static TrustWallets parse(Fields fields) {
    EvmAddress evm = EvmAddress.parse(fields.requiredText("wallet"), fields.path("wallet"));
    Map<ChainFamily, WalletAddress> others = new EnumMap<>(ChainFamily.class);
    for (WalletMember member : OPTIONAL) {
      Optional<String> text = fields.optionalText(member.name());
      if (text.isPresent()) {
        others.put(member.family(), member.parser().parse(text.get(), fields.path(member.name())));
      }
    }
    return new TrustWallets(evm, others);
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
