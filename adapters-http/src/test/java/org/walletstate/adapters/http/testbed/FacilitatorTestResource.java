package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.X402Facilitator;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.SolanaReplay;

/**
 * Settles the service's paid calls through an x402 facilitator made of the official packages,
 * running on the devnet's chain 8453 with a fresh key of its own (gas set by {@code
 * anvil_setBalance}), and on Solana mainnet with a fee-payer keypair of its own against a local
 * Solana JSON-RPC replay (mainnet USDC as a 6-decimal SPL Token mint; simulations succeed, sent
 * transactions are recorded and confirmed): {@code walletstate.x402.facilitator-url} points at it,
 * and {@code walletstate.x402.pay-to-solana} is {@link #SOLANA_PAY_TO}.
 */
public class FacilitatorTestResource implements QuarkusTestResourceLifecycleManager {

  /** The quoted Solana pay-to address: its USDC associated token account receives. */
  public static final String SOLANA_PAY_TO = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";

  public static final String SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

  private static X402Facilitator facilitator;
  private static String address;
  private static JsonRpcReplay solanaRpc;
  private static SolanaReplay solana;

  /** The facilitator's own address: the sender of its settlements. */
  public static synchronized String address() {
    return address;
  }

  /** The facilitator's Solana fee payer. */
  public static synchronized String solanaFeePayer() {
    return facilitator.solanaFeePayer();
  }

  /** The Solana JSON-RPC the facilitator (and a paying client) use. */
  public static synchronized JsonRpcReplay solanaRpc() {
    return solanaRpc;
  }

  /** What that JSON-RPC serves, and the transactions sent to it. */
  public static synchronized SolanaReplay solana() {
    return solana;
  }

  /** Serves the Solana JSON-RPC's default answers again (after a test replaced some). */
  public static synchronized void resetSolana() {
    solanaRpc.reset();
    solana.serveTransactionsOn(solanaRpc);
  }

  @Override
  public synchronized Map<String, String> start() {
    if (facilitator == null) {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      key[0] = (byte) (key[0] & 0x7f); // below the group order
      String privateKey = "0x" + HexFormat.of().formatHex(key);
      solanaRpc = JsonRpcReplay.start();
      solana = new SolanaReplay().mint(SOLANA_USDC, 6, SolanaReplay.TOKEN);
      solana.serveTransactionsOn(solanaRpc);
      facilitator = Devnet.shared().x402Facilitator(privateKey, 8453, solanaRpc.url());
      address = facilitator.address();
      Devnet.shared().rpc(8453).call("anvil_setBalance", address, "0xde0b6b3a7640000");
    }
    return Map.of(
        "walletstate.x402.facilitator-url",
        facilitator.url().toString(),
        "walletstate.x402.pay-to-solana",
        SOLANA_PAY_TO);
  }

  @Override
  public synchronized void stop() {
    if (facilitator != null) {
      facilitator.close();
      facilitator = null;
      solanaRpc.close();
      solanaRpc = null;
    }
  }
}
