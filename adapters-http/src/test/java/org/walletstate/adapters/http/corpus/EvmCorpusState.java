package org.walletstate.adapters.http.corpus;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.bouncycastle.jcajce.provider.digest.Keccak;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;

/**
 * The corpus's own EVM state on chains 1, 8453 and 10, written with cheat calls so it is the same
 * whatever ran before: the corpus wallets' native balances, their USDC, and three contracts of the
 * corpus's own (copies of the devnet's dUSD, dETH and dNFT code at corpus addresses, with a supply
 * and holdings written slot by slot, so no other test's mint changes a supply the corpus reads).
 * Every value is set, never added, and a block is mined afterwards so proofs verify at the head.
 */
final class EvmCorpusState {

  static final List<Long> CHAINS = List.of(1L, 8453L, 10L);

  /** 1.5 ETH. */
  static final BigInteger NATIVE = new BigInteger("1500000000000000000");

  /** 1234.5 of the 6-decimal corpus token, out of a supply of 10,000. */
  static final BigInteger TOKEN6_HELD = BigInteger.valueOf(1_234_500_000L);

  static final BigInteger TOKEN6_SUPPLY = BigInteger.valueOf(10_000_000_000L);

  /** 2.5 of the 18-decimal corpus token, out of a supply of 10,000. */
  static final BigInteger TOKEN18_HELD = new BigInteger("2500000000000000000");

  static final BigInteger TOKEN18_SUPPLY = new BigInteger("10000000000000000000000");

  /** 250.75 USDC. */
  static final BigInteger USDC_HELD = BigInteger.valueOf(250_750_000L);

  /** The token id of the corpus collection that the holder owns. */
  static final long NFT_ID = 7;

  private EvmCorpusState() {}

  /** Writes the corpus state on every devnet chain and mines a block on each. */
  static void write() {
    Devnet devnet = Devnet.shared();
    DevnetManifest manifest = devnet.manifest();
    for (long chain : CHAINS) {
      JsonRpc rpc = devnet.rpc(chain);
      DevnetManifest.ChainInfo info = manifest.chain(chain);
      rpc.call("anvil_setBalance", CorpusWallets.EVM_HOLDER, quantity(NATIVE));
      rpc.call("anvil_setBalance", CorpusWallets.EVM_EMPTY, "0x0");
      erc20(rpc, info.address("token6"), CorpusWallets.EVM_TOKEN6, TOKEN6_SUPPLY, TOKEN6_HELD);
      erc20(rpc, info.address("token18"), CorpusWallets.EVM_TOKEN18, TOKEN18_SUPPLY, TOKEN18_HELD);
      erc721(rpc, info.address("nft"), CorpusWallets.EVM_NFT);
      store(rpc, info.address("usdc"), mappingSlot(CorpusWallets.EVM_HOLDER, 0), USDC_HELD);
      rpc.call("evm_mine");
    }
  }

  /**
   * The code of {@code model} (OpenZeppelin ERC20: balances at slot 0, supply at 2, name and symbol
   * at 3 and 4) at {@code at}, with {@code supply} and the holder's {@code held}.
   */
  private static void erc20(
      JsonRpc rpc, String model, String at, BigInteger supply, BigInteger held) {
    rpc.call("anvil_setCode", at, rpc.code(model, "latest"));
    copySlot(rpc, model, at, 3);
    copySlot(rpc, model, at, 4);
    store(rpc, at, slot(2), supply);
    store(rpc, at, mappingSlot(CorpusWallets.EVM_HOLDER, 0), held);
  }

  /**
   * The code of {@code model} (OpenZeppelin ERC721: name 0, symbol 1, owners 2, balances 3) at
   * {@code at}, the holder owning token {@link #NFT_ID}.
   */
  private static void erc721(JsonRpc rpc, String model, String at) {
    rpc.call("anvil_setCode", at, rpc.code(model, "latest"));
    copySlot(rpc, model, at, 0);
    copySlot(rpc, model, at, 1);
    store(
        rpc,
        at,
        mappingSlot(BigInteger.valueOf(NFT_ID), 2),
        new BigInteger(CorpusWallets.EVM_HOLDER.substring(2), 16));
    store(rpc, at, mappingSlot(CorpusWallets.EVM_HOLDER, 3), BigInteger.ONE);
  }

  private static void copySlot(JsonRpc rpc, String from, String to, int index) {
    String value = rpc.call("eth_getStorageAt", from, slot(index), "latest").asText();
    rpc.call("anvil_setStorageAt", to, slot(index), value);
  }

  private static void store(JsonRpc rpc, String contract, String slot, BigInteger value) {
    rpc.call("anvil_setStorageAt", contract, slot, "0x" + word(value));
  }

  private static String slot(int index) {
    return "0x" + word(BigInteger.valueOf(index));
  }

  /** {@code keccak256(pad(address) ‖ pad(index))}: an address key of a Solidity mapping. */
  private static String mappingSlot(String address, int index) {
    return mappingSlot(new BigInteger(address.substring(2), 16), index);
  }

  private static String mappingSlot(BigInteger key, int index) {
    byte[] preimage = HexFormat.of().parseHex(word(key) + word(BigInteger.valueOf(index)));
    return "0x" + HexFormat.of().formatHex(new Keccak.Digest256().digest(preimage));
  }

  private static String word(BigInteger value) {
    String hex = value.toString(16);
    return "0".repeat(64 - hex.length()) + hex;
  }

  private static String quantity(BigInteger value) {
    return "0x" + value.toString(16).toLowerCase(Locale.ROOT);
  }
}
