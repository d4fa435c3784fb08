package org.walletstate.adapters.chain.evm.web3j.payment;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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
 * any replica. Blocking, like {@link EvmSender}.
 */
final class GapFiller {

  /** The gas of a plain transfer to an account without code. */
  private static final BigInteger TRANSFER_GAS = BigInteger.valueOf(21_000);

  private static final Duration STORE_WAIT = Duration.ofSeconds(10);

  private final Credentials key;
  private final String address;
  private final SenderNonces nonces;

  GapFiller(Credentials key, String address, SenderNonces nonces) {
    this.key = key;
    this.address = address;
    this.nonces = nonces;
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
    List<Long> free =
        nonces
            .takeFreeBelow(chainId, address, mined, nonce, now, leaseUntil)
            .await()
            .atMost(STORE_WAIT);
    if (free.isEmpty()) {
      return 0;
    }
    BigInteger gasPrice = web3j.ethGasPrice().send().getGasPrice().multiply(BigInteger.TWO);
    int filled = 0;
    for (long gap : free) {
      if (fill(web3j, chainId, gap, gasPrice)) {
        filled++;
      }
    }
    return filled;
  }

  /** Sends the filler under {@code gap}; reports the nonce sent or unused to the allocator. */
  private boolean fill(Web3j web3j, long chainId, long gap, BigInteger gasPrice) {
    RawTransaction filler =
        RawTransaction.createEtherTransaction(
            BigInteger.valueOf(gap), gasPrice, TRANSFER_GAS, address, BigInteger.ZERO);
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
