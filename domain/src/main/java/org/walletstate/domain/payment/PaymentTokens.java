package org.walletstate.domain.payment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * The stablecoins the service accepts on each payment chain, at their production addresses
 * (sources: Circle's USDC list; the stablecoin rows of the trust check list, which cite Aave's
 * address book and the Uniswap and Across token lists; Tether's list of USDT contracts). On EVM
 * chains USDC everywhere and USDT where Tether's token (or its USDT0 successor at the same
 * contract) is the chain's main USDT. Base has only a bridged, non-Tether USDT, so Base takes USDC
 * only. BNB Chain's Binance-Peg tokens have 18 decimals. Solana takes Circle's USDC mint, Tron
 * Tether's TRC-20 USDT, and bitcoin its own coin, valued at a BTC/USD price feed.
 */
public final class PaymentTokens {

  private static final ChainId SOLANA = ChainId.named("solana");
  private static final ChainId TRON = ChainId.named("tron");
  private static final ChainId BITCOIN = ChainId.named("bitcoin");
  private static final Map<ChainId, List<PaymentToken>> PRODUCTION = new LinkedHashMap<>();

  static {
    // Alike by design: a table, one put per chain; the repeats are its rows, not logic.
    put(
        1,
        usdc("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 6),
        usdt("0xdAC17F958D2ee523a2206206994597C13D831ec7", 6));
    put(8453, usdc("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 6));
    put(
        137,
        usdc("0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", 6),
        usdt("0xc2132D05D31c914a87C6611C10748AEb04B58e8F", 6));
    put(
        42161,
        usdc("0xaf88d065e77c8cC2239327C5EDb3A432268e5831", 6),
        usdt("0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", 6));
    put(
        10,
        usdc("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", 6),
        usdt("0x94b008aA00579c1307B0EF2c499aD98a8ce58e58", 6));
    put(
        56,
        usdc("0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", 18),
        usdt("0x55d398326f99059fF775485246999027B3197955", 18));
    put(
        43114,
        usdc("0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E", 6),
        usdt("0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7", 6));
    PRODUCTION.put(
        SOLANA,
        List.of(
            new PaymentToken(
                "USDC", SolanaAddress.of("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"), 6)));
    PRODUCTION.put(
        TRON,
        List.of(new PaymentToken("USDT", TronAddress.of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), 6)));
    PRODUCTION.put(BITCOIN, List.of(new PaymentToken("BTC", NativeCoin.BTC, 8, false)));
  }

  /**
   * Default confirmations per chain: roughly a minute of blocks, more where reorgs run deeper;
   * Solana 32 slots (about the depth at which a slot is finalized), Tron 20 blocks (a block is
   * solidified after 19 more, by two thirds of the 27 super representatives), bitcoin 3 blocks
   * (about 30 minutes; deeper reorganisations of the chain have not happened in years).
   */
  private static final Map<ChainId, Integer> CONFIRMATIONS =
      Map.ofEntries(
          Map.entry(SOLANA, 32),
          Map.entry(TRON, 20),
          Map.entry(BITCOIN, 3),
          Map.entry(ChainId.evm(1), 12),
          Map.entry(ChainId.evm(8453), 10),
          Map.entry(ChainId.evm(137), 64),
          Map.entry(ChainId.evm(42161), 10),
          Map.entry(ChainId.evm(10), 10),
          Map.entry(ChainId.evm(56), 15),
          Map.entry(ChainId.evm(43114), 3));

  private PaymentTokens() {}

  private static void put(long chain, PaymentToken... tokens) {
    PRODUCTION.put(ChainId.evm(chain), List.of(tokens));
  }

  private static PaymentToken usdc(String address, int decimals) {
    return new PaymentToken("USDC", EvmAddress.of(address), decimals);
  }

  private static PaymentToken usdt(String address, int decimals) {
    return new PaymentToken("USDT", EvmAddress.of(address), decimals);
  }

  /** The accepted tokens of every payment chain whose payments the service verifies. */
  public static Map<ChainId, List<PaymentToken>> production() {
    return java.util.Collections.unmodifiableMap(PRODUCTION);
  }

  /** The default number of confirmations on {@code chain}. */
  public static int defaultConfirmations(ChainId chain) {
    return CONFIRMATIONS.getOrDefault(chain, 12);
  }
}
