package org.walletstate.adapters.chain.evm.web3j.payment;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.SenderNonces;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthEstimateGas;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * One of the service's own EVM senders (the x402 relayer, the access-pass minter): a transaction's
 * gas limit is estimated (a call that would revert is never sent), its nonce is allocated from the
 * shared {@link SenderNonces} (so replicas never reuse one), and a transaction not mined within
 * {@link Settings#replaceAfter} is sent again under the same nonce with every fee raised, until one
 * of its versions is mined or the wait is over; while it waits, free nonces below its own (a gap
 * that would hold it) are filled by a {@link GapFiller}. Fees follow {@link GasFees} (EIP-1559
 * where the chain has a base fee) and never pass {@link Settings#maxFeePerGas}: above it nothing is
 * sent. Blocking: runs on its caller's thread, never on an event loop. The key is held as web3j
 * {@link Credentials} and never written anywhere.
 */
final class EvmSender {

  /**
   * How a sender sends.
   *
   * @param replaceAfter how long a version waits unmined before a replacement is sent
   * @param feeBump a replacement's fees (tip and fee cap) over the previous version's, percent
   *     (nodes ask for 10 at least)
   * @param lease how long an allocated nonce is held before an unsent one is handed out again
   * @param maxFeePerGas the most one gas may cost, wei: no version is sent above it
   */
  record Settings(Duration replaceAfter, int feeBump, Duration lease, BigInteger maxFeePerGas) {
    Settings {
      Objects.requireNonNull(replaceAfter, "replaceAfter");
      Objects.requireNonNull(lease, "lease");
      if (feeBump < 10) {
        throw new IllegalArgumentException("a replacement's fee bump is at least 10 percent");
      }
      if (maxFeePerGas == null || maxFeePerGas.signum() <= 0) {
        throw new IllegalArgumentException("the fee ceiling is a positive number of wei");
      }
    }

    /** The default ceiling: 500 gwei. */
    static final BigInteger DEFAULT_MAX_FEE_PER_GAS = BigInteger.valueOf(500_000_000_000L);

    static Settings defaults() {
      return new Settings(
          Duration.ofSeconds(12), 25, Duration.ofMinutes(2), DEFAULT_MAX_FEE_PER_GAS);
    }

    Settings withMaxFeePerGas(BigInteger ceiling) {
      return new Settings(replaceAfter, feeBump, lease, ceiling);
    }
  }

  /** How a send ended. */
  sealed interface Sent {
    /** Mined in {@code txHash} (the version that landed), successful or reverted. */
    record Mined(String txHash, boolean succeeded) implements Sent {}

    /** Not sent: the call would revert, or the node refused it; nothing moved. */
    record NotSent(String reason) implements Sent {}

    /**
     * Not sent: the chain's fees are above the ceiling ({@link Settings#maxFeePerGas}); nothing
     * moved, and a later try may go through.
     */
    record Held(String reason) implements Sent {}

    /** Sent, but not seen mined within the wait (or the chain stopped answering). */
    record Unknown(String reason) implements Sent {}

    /**
     * Nothing was handed to the chain: the chain did not answer before the send, or did not answer
     * the send and then did not know the transaction (its nonce is handed out again).
     */
    record Lost() implements Sent {}
  }

  private static final Duration RECEIPT_POLL = Duration.ofMillis(250);
  private static final Duration STORE_WAIT = Duration.ofSeconds(10);

  /** How often a waiting transaction looks for a gap below its nonce to fill. */
  private static final Duration GAP_CHECK = Duration.ofSeconds(2);

  // Fields in GapFiller's shape by design: both send for one key and keep what their sends need.
  private final Credentials key;
  private final String address;
  private final SenderNonces nonces;
  private final PaymentNodes nodes;
  private final Settings settings;
  private final Clock clock;
  private final GapFiller gaps;

  EvmSender(
      Credentials key, SenderNonces nonces, PaymentNodes nodes, Settings settings, Clock clock) {
    this.key = key;
    this.address = key.getAddress().toLowerCase(Locale.ROOT);
    this.nonces = nonces;
    this.nodes = nodes;
    this.settings = settings;
    this.clock = clock;
    this.gaps = new GapFiller(key, address, nonces, settings.maxFeePerGas());
  }

  /** The sender's address, lower case. */
  String address() {
    return address;
  }

  @Override
  public String toString() {
    return "EvmSender[" + address + ", key=(hidden)]";
  }

  /**
   * Sends {@code data} to {@code to} on {@code chainId} and waits up to {@code wait} for one of its
   * versions to be mined.
   */
  Sent send(EvmChainConfig config, long chainId, String to, String data, Duration wait) {
    Web3j web3j = nodes.client(config, 0);
    boolean handed = false;
    try {
      Optional<BigInteger> gas = estimate(web3j, to, data);
      if (gas.isEmpty()) {
        return new Sent.NotSent("the call reverts when simulated");
      }
      BigInteger gasLimit = gas.get().multiply(BigInteger.valueOf(6)).divide(BigInteger.valueOf(5));
      Optional<GasFees.Price> price = GasFees.price(web3j, settings.maxFeePerGas());
      if (price.isEmpty()) {
        return new Sent.Held(
            "the chain's fees are above the ceiling of " + settings.maxFeePerGas() + " wei a gas");
      }
      for (int attempt = 0; ; attempt++) {
        long nonce = allocate(web3j, chainId);
        RawTransaction first =
            GasFees.transaction(
                price.get(), chainId, BigInteger.valueOf(nonce), gasLimit, to, data);
        Optional<String> refused;
        try {
          refused = Submissions.untilAnswered(web3j, chainId, first, key);
        } catch (IOException | RuntimeException noAnswer) {
          if (!Submissions.known(web3j, Submissions.hash(first, chainId, key))) {
            nonces.unused(chainId, address, nonce).await().atMost(STORE_WAIT);
            return new Sent.Lost();
          }
          refused = Optional.empty();
        }
        if (refused.isEmpty()) {
          handed = true;
          nonces.sent(chainId, address, nonce).await().atMost(STORE_WAIT);
          return await(web3j, chainId, new SentVersion(first, price.get()), wait);
        }
        if (!taken(refused.get()) || attempt > 0) {
          nonces.unused(chainId, address, nonce).await().atMost(STORE_WAIT);
          return new Sent.NotSent(refused.get());
        }
        // the nonce was used outside the allocator (the key sent elsewhere): never hand it out
        nonces.sent(chainId, address, nonce).await().atMost(STORE_WAIT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Sent.Unknown("interrupted before it was mined");
    } catch (IOException | RuntimeException e) {
      return handed
          ? new Sent.Unknown("left unconfirmed: the chain stopped answering")
          : new Sent.Lost();
    }
  }

  /**
   * Whether the node refused a transaction because its nonce is already mined (a pending one that
   * holds it, {@code replacement transaction underpriced}, is not: the nonce is handed out again
   * and lands once that one is mined or dropped).
   */
  private static boolean taken(String refusal) {
    return refusal.toLowerCase(Locale.ROOT).contains("nonce too low");
  }

  private Optional<BigInteger> estimate(Web3j web3j, String to, String data) throws IOException {
    EthEstimateGas estimate =
        web3j
            .ethEstimateGas(
                Transaction.createFunctionCallTransaction(
                    address, null, null, null, to, BigInteger.ZERO, data))
            .send();
    return estimate.hasError() || estimate.getResult() == null
        ? Optional.empty()
        : Optional.of(estimate.getAmountUsed());
  }

  /** {@code address}'s mined transaction count at the chain's head. */
  static long minedCount(Web3j web3j, String address) throws IOException {
    return web3j
        .ethGetTransactionCount(address, DefaultBlockParameterName.LATEST)
        .send()
        .getTransactionCount()
        .longValueExact();
  }

  private long allocate(Web3j web3j, long chainId) throws IOException {
    long mined = minedCount(web3j, address);
    Instant now = clock.instant();
    return nonces
        .allocate(chainId, address, mined, now, now.plus(settings.lease()))
        .await()
        .atMost(STORE_WAIT);
  }

  /**
   * Polls every sent version's receipt; fills free nonces below it every {@link #GAP_CHECK} (a gap
   * would hold it unmined); replaces the newest version when it waited too long.
   */
  private Sent await(Web3j web3j, long chainId, SentVersion first, Duration wait)
      throws IOException, InterruptedException {
    List<String> versions =
        new ArrayList<>(List.of(Submissions.hash(first.transaction(), chainId, key)));
    SentVersion newest = first;
    Instant until = clock.instant().plus(wait);
    Instant replaceAt = clock.instant().plus(settings.replaceAfter());
    Instant gapCheckAt = clock.instant().plus(GAP_CHECK);
    while (clock.instant().isBefore(until)) {
      for (String version : versions) {
        var receipt = web3j.ethGetTransactionReceipt(version).send();
        if (!receipt.hasError() && receipt.getTransactionReceipt().isPresent()) {
          TransactionReceipt mined = receipt.getTransactionReceipt().get();
          return new Sent.Mined(version, "0x1".equals(mined.getStatus()));
        }
      }
      if (!clock.instant().isBefore(gapCheckAt)) {
        fillGaps(web3j, chainId, first.transaction().getNonce().longValueExact());
        gapCheckAt = clock.instant().plus(GAP_CHECK);
      }
      if (!clock.instant().isBefore(replaceAt)) {
        Optional<SentVersion> next = newest.replacement(chainId, settings);
        if (next.isPresent()) {
          newest = next.get();
          try {
            Submissions.submit(web3j, chainId, newest.transaction(), key);
          } catch (IOException noAnswer) {
            // it may have been taken: watched like the others
          }
          versions.add(Submissions.hash(newest.transaction(), chainId, key));
        } // else a replacement would pass the ceiling: the versions sent wait on
        replaceAt = clock.instant().plus(settings.replaceAfter());
      }
      Thread.sleep(RECEIPT_POLL.toMillis());
    }
    return new Sent.Unknown(
        "not mined within " + wait.toSeconds() + " s (" + versions.size() + " versions sent)");
  }

  private void fillGaps(Web3j web3j, long chainId, long nonce) {
    Instant now = clock.instant();
    try {
      gaps.fillBelow(web3j, chainId, nonce, now, now.plus(settings.lease()));
    } catch (IOException | RuntimeException notNow) {
      // the chain or the store did not answer: looked at again at the next check
    }
  }
}
