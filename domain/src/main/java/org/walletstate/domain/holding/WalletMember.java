package org.walletstate.domain.holding;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;

/**
 * A request member that names the wallet of one chain family (the wallets of a request: attest
 * takes any of them, a trust profile {@code wallet} and any other), and how its value is read: each
 * family's own address type validates it, so a wallet that exists is well formed for its family.
 *
 * @param name the member's name
 * @param family the family whose chains the wallet is read on
 * @param parser reads the member's text; {@code field} names it in the 400 message
 */
public record WalletMember(String name, ChainFamily family, Parser parser) {

  /** Reads one wallet member's text. */
  @FunctionalInterface
  public interface Parser {
    WalletAddress parse(String text, String field);
  }

  /** The wallet members of the interface, in its order: {@code wallet} first. */
  public static final List<WalletMember> ALL =
      List.of(
          new WalletMember("wallet", ChainFamily.EVM, EvmAddress::parse),
          new WalletMember("solanaWallet", ChainFamily.SOLANA, SolanaAddress::parse),
          new WalletMember("xrplWallet", ChainFamily.XRPL, XrplAddress::parse),
          new WalletMember("bitcoinWallet", ChainFamily.BITCOIN, BitcoinAddress::parse),
          new WalletMember("tronWallet", ChainFamily.TRON, TronAddress::parse),
          new WalletMember("stellarWallet", ChainFamily.STELLAR, StellarAddress::parse),
          new WalletMember("suiWallet", ChainFamily.SUI, SuiAddress::parse));

  public WalletMember {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(parser, "parser");
  }

  /** The member of {@code family}. */
  public static WalletMember of(ChainFamily family) {
    return ALL.stream()
        .filter(member -> member.family() == family)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no wallet member for " + family));
  }

  /** The member's wallet, when the request has the member. */
  public Optional<WalletAddress> read(Fields fields) {
    return fields.optionalText(name).map(text -> parser.parse(text, name));
  }
}
