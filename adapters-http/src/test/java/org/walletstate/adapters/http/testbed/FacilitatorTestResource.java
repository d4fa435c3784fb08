package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.X402Facilitator;

/**
 * Settles the service's paid calls through an x402 facilitator made of the official packages,
 * running on the devnet's chain 8453 with a fresh key of its own (gas set by {@code
 * anvil_setBalance}): {@code walletstate.x402.facilitator-url} points at it.
 */
public class FacilitatorTestResource implements QuarkusTestResourceLifecycleManager {

  private static X402Facilitator facilitator;
  private static String address;

  /** The facilitator's own address: the sender of its settlements. */
  public static synchronized String address() {
    return address;
  }

  @Override
  public synchronized Map<String, String> start() {
    if (facilitator == null) {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      key[0] = (byte) (key[0] & 0x7f); // below the group order
      String privateKey = "0x" + HexFormat.of().formatHex(key);
      facilitator = Devnet.shared().x402Facilitator(privateKey, 8453);
      address = facilitator.address();
      Devnet.shared().rpc(8453).call("anvil_setBalance", address, "0xde0b6b3a7640000");
    }
    return Map.of("walletstate.x402.facilitator-url", facilitator.url().toString());
  }

  @Override
  public synchronized void stop() {
    if (facilitator != null) {
      facilitator.close();
      facilitator = null;
    }
  }
}
