package org.walletstate.adapters.http.payment;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.adapters.chain.evm.web3j.payment.ChainlinkRates;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.PaymentTokens;

/** Translates {@link PaymentsConfig} into the payment rules of each chain and the pass settings. */
public final class PaymentSettings {

  /** The access pass lives on Base. */
  public static final ChainId PASS_CHAIN = ChainId.evm(8453);

  private PaymentSettings() {}

  /**
   * The payment chains with their rules: the EVM chains when an EVM receiving address is
   * configured, Solana, Tron and Bitcoin when theirs are.
   *
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static Map<ChainId, PaymentChain> chains(PaymentsConfig config) {
    for (String key : config.confirmations().keySet()) {
      ChainId id = chainId(key);
      if (!PaymentTokens.production().containsKey(id)) {
        throw new IllegalArgumentException(
            "walletstate.payments.confirmations."
                + key
                + ": not a chain whose payments are verified");
      }
      if (config.confirmations().get(key) < 1) {
        throw new IllegalArgumentException(
            "walletstate.payments.confirmations." + key + " must be at least 1");
      }
    }
    Map<ChainFamily, WalletAddress> receivers = new EnumMap<>(ChainFamily.class);
    receiver(config.receiverEvm(), "walletstate.payments.receiver-evm", EvmAddress::of)
        .ifPresent(a -> receivers.put(ChainFamily.EVM, a));
    receiver(config.receiverSolana(), "walletstate.payments.receiver-solana", SolanaAddress::of)
        .ifPresent(a -> receivers.put(ChainFamily.SOLANA, a));
    receiver(config.receiverTron(), "walletstate.payments.receiver-tron", TronAddress::of)
        .ifPresent(a -> receivers.put(ChainFamily.TRON, a));
    receiver(config.receiverBitcoin(), "walletstate.payments.receiver-bitcoin", BitcoinAddress::of)
        .ifPresent(a -> receivers.put(ChainFamily.BITCOIN, a));
    Map<ChainId, PaymentChain> chains = new LinkedHashMap<>();
    PaymentTokens.production()
        .forEach(
            (id, tokens) -> {
              WalletAddress receiver = receivers.get(family(id));
              if (receiver == null) {
                return;
              }
              Integer configured = config.confirmations().get(id.toString());
              chains.put(
                  id,
                  new PaymentChain(
                      id,
                      receiver,
                      tokens,
                      configured != null ? configured : PaymentTokens.defaultConfirmations(id)));
            });
    return chains;
  }

  /**
   * The price feeds of payment chains whose coin is not a stablecoin: bitcoin's BTC/USD.
   *
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static Map<ChainId, ChainlinkRates.Feed> feeds(PaymentsConfig config) {
    PaymentsConfig.BtcUsdFeed feed = config.btcUsdFeed();
    EvmAddress proxy;
    try {
      proxy = EvmAddress.of(feed.address().strip());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "walletstate.payments.btc-usd-feed.address is not an EVM address: " + feed.address(), e);
    }
    if (feed.maxAge().isNegative() || feed.maxAge().isZero()) {
      throw new IllegalArgumentException(
          "walletstate.payments.btc-usd-feed.max-age must be positive");
    }
    return Map.of(
        ChainId.named("bitcoin"),
        new ChainlinkRates.Feed("BTC/USD", ChainId.evm(feed.chain()), proxy));
  }

  private static ChainFamily family(ChainId id) {
    return ChainCatalogue.find(id).map(Chain::family).orElseThrow();
  }

  private static Optional<WalletAddress> receiver(
      Optional<String> text, String key, Function<String, WalletAddress> parse) {
    if (text.isEmpty() || text.get().isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse.apply(text.get().strip()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(key + " is not an address of its chain: " + text.get(), e);
    }
  }

  /** The access pass, when a contract is configured. */
  public static Optional<EvmPayments.PassSettings> pass(PaymentsConfig config) {
    PaymentsConfig.AccessPass pass = config.accessPass();
    if (pass.contract().isEmpty() || pass.contract().get().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(
        new EvmPayments.PassSettings(
            PASS_CHAIN,
            address(pass.contract().get(), "walletstate.payments.access-pass.contract"),
            privateKey(pass.minterKey(), "walletstate.payments.access-pass.minter-key"),
            pass.mintWait()));
  }

  /**
   * A configured private key ({@code property}), blank as none: 32 bytes of hex, else the start
   * stops naming the property (never the value).
   */
  public static Optional<String> privateKey(Optional<String> key, String property) {
    Optional<String> set = key.map(String::strip).filter(k -> !k.isEmpty());
    if (set.isPresent() && !set.get().matches("(0x)?[0-9a-fA-F]{64}")) {
      throw new IllegalArgumentException(property + " is not a 32-byte hex private key");
    }
    return set;
  }

  private static EvmAddress address(String text, String key) {
    try {
      return EvmAddress.of(text.strip());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(key + " is not an EVM address: " + text, e);
    }
  }

  private static ChainId chainId(String key) {
    String id = key.replace("\"", "");
    if (!id.matches("[0-9]{1,18}")) {
      return ChainId.named(id);
    }
    try {
      return ChainId.evm(Long.parseLong(id));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "walletstate.payments.confirmations." + key + ": not a chain id", e);
    }
  }
}
