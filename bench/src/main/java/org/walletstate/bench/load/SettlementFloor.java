package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.walletstate.devnet.JsonRpc;
import org.web3j.crypto.ECKeyPair;

/**
 * The least a paid attest must do, in the driver's JVM: the attestation's floor ({@link FloorWork}:
 * the reads, the two signatures, a ledger insert), then the payment settled on chain before the
 * answer — the payer's fresh EIP-3009 authorization sent to the token as {@code
 * transferWithAuthorization} by a node-held account ({@code eth_sendTransaction}: the node signs,
 * the nonce comes from a counter in this JVM, no simulation, a fixed gas limit) and its receipt
 * polled every 5 ms until it is mined. The block interval is the same as the service's, so this is
 * the physical floor of the paid call on this chain. It counts the settlements it has in flight, as
 * the service's claimed rows are counted.
 */
final class SettlementFloor {

  // Fields written out by design: each class holds only what it is given.
  private final FloorWork attest;
  private final X402Payers payers;
  private final JsonRpc chain;
  private final String sender;
  private final AtomicInteger inFlight = new AtomicInteger();
  // anvil picks one nonce for concurrent eth_sendTransaction calls of one account; the floor counts
  // its own
  private final AtomicLong nonces;

  SettlementFloor(FloorWork attest, X402Payers payers, JsonRpc chain, String sender) {
    this.attest = attest;
    this.payers = payers;
    this.chain = chain;
    this.sender = sender;
    this.nonces =
        new AtomicLong(
            JsonRpc.quantity(chain.call("eth_getTransactionCount", sender, "pending").asText())
                .longValueExact());
  }

  /** The paid floor for one run: each thread pays with its own payer. */
  LoadRun.Operation paid() {
    ThreadLocal<ECKeyPair> own = payers.onePerThread();
    return () -> {
      attest.run();
      settle(own.get());
    };
  }

  /** The key-paid floor: the attestation's floor alone. */
  LoadRun.Operation keyPaid() {
    return attest;
  }

  /** Settlements sent and not yet seen mined. */
  int inFlight() {
    return inFlight.get();
  }

  private void settle(ECKeyPair payer) {
    String data = payers.authorize(payer).transferCall();
    inFlight.incrementAndGet();
    try {
      String hash =
          chain
              .call(
                  "eth_sendTransaction",
                  Map.of(
                      "from",
                      sender,
                      "to",
                      payers.asset(),
                      "data",
                      data,
                      "gas",
                      "0x30d40",
                      "nonce",
                      "0x" + Long.toHexString(nonces.getAndIncrement())))
              .asText();
      JsonNode receipt = chain.minedReceipt(hash);
      if (!"0x1".equals(receipt.path("status").asText())) {
        throw new IllegalStateException("the floor's settlement " + hash + " reverted");
      }
    } finally {
      inFlight.decrementAndGet();
    }
  }
}
