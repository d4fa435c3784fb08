package org.walletstate.adapters.chain.evm.web3j.payment;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.utils.Numeric;

/** Signed transactions handed to a node, and what the node's answers say about them. */
final class Submissions {

  /** How often a send whose answer did not arrive is sent again before it counts as lost. */
  private static final int RESUBMITS = 2;

  private static final Duration RESEND_PAUSE = Duration.ofMillis(250);

  private Submissions() {}

  /**
   * Hands a signed version to the node: the node's refusal, or empty when it took it.
   *
   * @throws IOException when the node's answer did not arrive
   */
  static Optional<String> submit(
      Web3j web3j, long chainId, RawTransaction transaction, Credentials key) throws IOException {
    String signed = Numeric.toHexString(TransactionEncoder.signMessage(transaction, chainId, key));
    EthSendTransaction sent = web3j.ethSendRawTransaction(signed).send();
    return sent.hasError()
        ? Optional.of("the node refused the transaction: " + sent.getError().getMessage())
        : Optional.empty();
  }

  /**
   * {@link #submit}, and when the node's answer did not arrive (a node under load), the same signed
   * bytes again up to {@link #RESUBMITS} times: a node that took the first answers that it knows
   * the transaction, which counts as taken. Re-sending keeps the nonce on the chain rather than
   * releasing it, so a lost answer leaves neither a gap nor a failed settlement.
   */
  static Optional<String> untilAnswered(
      Web3j web3j, long chainId, RawTransaction transaction, Credentials key)
      throws IOException, InterruptedException {
    for (int attempt = 0; ; attempt++) {
      try {
        Optional<String> refused = submit(web3j, chainId, transaction, key);
        return attempt > 0 && refused.filter(Submissions::holdsNonce).isPresent()
            ? Optional.empty()
            : refused;
      } catch (IOException | RuntimeException noAnswer) {
        if (attempt >= RESUBMITS) {
          throw noAnswer;
        }
        Thread.sleep(RESEND_PAUSE.toMillis());
      }
    }
  }

  static String hash(RawTransaction transaction, long chainId, Credentials key) {
    return Hash.sha3(Numeric.toHexString(TransactionEncoder.signMessage(transaction, chainId, key)))
        .toLowerCase(Locale.ROOT);
  }

  /**
   * Whether a refusal says a transaction already holds the nonce (mined, or pending and priced at
   * least as high): the gap is not there, nothing to hand out again.
   */
  static boolean holdsNonce(String refusal) {
    String text = Optional.ofNullable(refusal).orElse("").toLowerCase(Locale.ROOT);
    return text.contains("nonce too low")
        || text.contains("underpriced")
        || text.contains("already known")
        || text.contains("already imported");
  }

  /** Whether the node knows the transaction {@code hash} (pending or mined). */
  static boolean known(Web3j web3j, String hash) {
    try {
      var found = web3j.ethGetTransactionByHash(hash).send();
      return found.hasError() || found.getTransaction().isPresent();
    } catch (IOException | RuntimeException noAnswer) {
      return true; // cannot tell: counted as sent
    }
  }
}
