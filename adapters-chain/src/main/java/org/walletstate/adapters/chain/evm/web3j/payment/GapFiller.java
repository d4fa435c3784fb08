package org.walletstate.adapters.chain.evm.web3j.payment;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.port.out.SenderNonces;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.utils.Numeric;

/**
 * Closes a nonce gap that holds a waiting sender's transaction: every free nonce below it (released
 * by a send the node never took, or unmined when its lease expired) is taken from the shared {@link
 * SenderNonces} and filled with a zero-value transfer from the sender to itself, so the chain can
 * mine the sender's later transactions. The allocator hands each free nonce to one filler only, on
 * any replica. Fillers are priced like the sender's own transactions ({@link GasFees}), never above
 * the ceiling; above it nothing is filled now. Blocking, like {@link EvmSender}.
 */
final class GapFiller {

  /** The gas of a plain transfer to an account without code. */
  private static final BigInteger TRANSFER_GAS = BigInteger.valueOf(21_000);

  private static final Duration STORE_WAIT = Duration.ofSeconds(10);

  // Fields in EvmSender's shape by design: both send for one key and keep what their sends need.
  private final Credentials key;
  private final String address;
  private final SenderNonces nonces;
  private final BigInteger maxFeePerGas;

  GapFiller(Credentials key, String address, SenderNonces nonces, BigInteger maxFeePerGas) {
    this.key = key;
    this.address = address;
    this.nonces = nonces;
    this.maxFeePerGas = maxFeePerGas;
  }

  /**
   * Fills the free nonces of the sender on {@code chainId} between its mined count and {@code
   * nonce} (exclusive), when its mined count is below {@code nonce}.
   *
   * @return how many filling transactions the node took
   */
  int fillBelow(Web3j web3j, long chainId, long nonce, Instant now, Instant leaseUntil)
      throws IOException {
    long mined = EvmSender.minedCount(web3j, address);
    if (mined >= nonce) {
      return 0;
    }
    Optional<GasFees.Price> price = GasFees.price(web3j, maxFeePerGas);
    if (price.isEmpty()) {
      return 0; // fees above the ceiling: looked at again at the next check
    }
    List<Long> free =
        nonces
            .takeFreeBelow(chainId, address, mined, nonce, now, leaseUntil)
            .await()
            .atMost(STORE_WAIT);
    if (free.isEmpty()) {
      return 0;
    }
    int filled = 0;
    for (long gap : free) {
      if (fill(web3j, chainId, gap, price.get())) {
        filled++;
      }
    }
    return filled;
  }

  /** Sends the filler under {@code gap}; reports the nonce sent or unused to the allocator. */
  private boolean fill(Web3j web3j, long chainId, long gap, GasFees.Price price) {
    RawTransaction filler =
        GasFees.transaction(price, chainId, BigInteger.valueOf(gap), TRANSFER_GAS, address, "");
    String signed = Numeric.toHexString(TransactionEncoder.signMessage(filler, chainId, key));
    boolean held;
    try {
      EthSendTransaction sent = web3j.ethSendRawTransaction(signed).send();
      held = !sent.hasError() || Submissions.holdsNonce(sent.getError().getMessage());
    } catch (IOException | RuntimeException noAnswer) {
      held = Submissions.known(web3j, Hash.sha3(signed));
    }
    if (held) {
      nonces.sent(chainId, address, gap).await().atMost(STORE_WAIT);
    } else {
      nonces.unused(chainId, address, gap).await().atMost(STORE_WAIT);
    }
    return held;
  }
}
