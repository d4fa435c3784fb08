package org.walletstate.adapters.http.testbed;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;

/**
 * Real payments on the devnet: fresh wallets funded by the deployer (gas by {@code
 * anvil_setBalance}, tokens by the token's own {@code mint}), transfers sent as those wallets
 * ({@code anvil_impersonateAccount}) and awaited until mined, blocks mined on demand for
 * confirmations.
 */
public final class Payments {

  public static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  public static final String USDC_ETHEREUM = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  public static final String USDT_ETHEREUM = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
  private static final SecureRandom RANDOM = new SecureRandom();

  private Payments() {}

  public static JsonRpc rpc(long chain) {
    return Devnet.shared().rpc(chain);
  }

  public static String treasury() {
    return Devnet.shared().manifest().wallet("treasury").address();
  }

  public static String deployer() {
    return Devnet.shared().manifest().deployer().address();
  }

  /** A fresh address with gas on {@code chain} and {@code raw} units of {@code token}. */
  public static String fundedWallet(long chain, String token, long raw) {
    byte[] bytes = new byte[20];
    RANDOM.nextBytes(bytes);
    String wallet = "0x" + HexFormat.of().formatHex(bytes);
    fund(chain, wallet, token, raw);
    return wallet;
  }

  /** Gas and tokens for an existing address. */
  public static void fund(long chain, String wallet, String token, long raw) {
    JsonRpc rpc = rpc(chain);
    rpc.call("anvil_setBalance", wallet, "0xde0b6b3a7640000");
    rpc.call("anvil_impersonateAccount", wallet);
    if (raw > 0) {
      send(chain, deployer(), token, "0x40c10f19" + word(wallet) + word(BigInteger.valueOf(raw)));
    }
  }

  /** {@code transfer(to, raw)} of {@code token} sent by {@code from}; the transaction hash. */
  public static String transfer(long chain, String from, String token, String to, long raw) {
    return send(chain, from, token, "0xa9059cbb" + word(to) + word(BigInteger.valueOf(raw)));
  }

  /**
   * Sends a transaction with a fixed gas limit (so a reverting one is mined, with status 0) and
   * returns its hash once it is mined: the next block a test mines is then a confirmation.
   */
  public static String send(long chain, String from, String to, String data) {
    return rpc(chain)
        .sendTransaction(Map.of("from", from, "to", to, "data", data, "gas", "0x30d40"));
  }

  /** Status of a mined transaction: true when it succeeded. */
  public static boolean succeeded(long chain, String tx) {
    return "0x1".equals(rpc(chain).call("eth_getTransactionReceipt", tx).path("status").asText());
  }

  /** Mines {@code n} empty blocks. */
  public static void mine(long chain, int n) {
    for (int i = 0; i < n; i++) {
      rpc(chain).call("evm_mine");
    }
  }

  /** {@code balanceOf(owner)} of an ERC-20 or ERC-721 at the head. */
  public static BigInteger balanceOf(long chain, String token, String owner) {
    return JsonRpc.quantity(rpc(chain).ethCall(token, "0x70a08231" + word(owner), "latest"));
  }

  public static String word(String address) {
    return "0".repeat(24) + address.substring(2).toLowerCase(java.util.Locale.ROOT);
  }

  public static String word(BigInteger value) {
    String hex = value.toString(16);
    return "0".repeat(64 - hex.length()) + hex;
  }
}
