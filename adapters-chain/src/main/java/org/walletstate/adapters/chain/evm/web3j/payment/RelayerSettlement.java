package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.SenderNonces;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;

/**
 * EIP-3009 authorizations read and settled by the service itself: {@code authorizationState} and
 * {@code balanceOf} read at the head over the chain's endpoints (with its retries and failover),
 * {@code transferWithAuthorization} simulated ({@code eth_call} from the relayer at the latest
 * block) before the work, and submitted after it from the relayer key, which pays the gas. Several
 * settlements are in flight at once (up to {@link Pipeline#senders}), each with its own nonce from
 * the shared allocator, an estimated gas limit and replacement of a stuck version (see {@link
 * EvmSender}). The relayer key is held as web3j {@link Credentials} and never written anywhere.
 */
public final class RelayerSettlement implements TransferAuthorizations, AutoCloseable {

  /**
   * How settlements are sent.
   *
   * @param senders settlements in flight at once
   * @param queue settlements waiting for a sender, at most (past it one is refused unsent)
   * @param replaceAfter how long a version waits unmined before it is replaced with a higher fee
   * @param maxFeePerGas the most one gas of a settlement may cost, wei: above it none is sent
   */
  public record Pipeline(int senders, int queue, Duration replaceAfter, BigInteger maxFeePerGas) {
    public Pipeline {
      if (senders < 1 || queue < 0) {
        throw new IllegalArgumentException("a pipeline has a sender at least and a queue >= 0");
      }
      java.util.Objects.requireNonNull(replaceAfter, "replaceAfter");
      java.util.Objects.requireNonNull(maxFeePerGas, "maxFeePerGas");
    }
  }

  // Fields in EvmPayments' shape by design: each adapter holds its chains, nodes and executors of
  // its own.
  private final Map<ChainId, EvmChainConfig> chains;
  private final Optional<EvmSender> relayer;
  private final Duration settleWait;
  private final PaymentNodes nodes = new PaymentNodes();
  private final ExecutorService calls;
  private final ThreadPoolExecutor sends;

  /**
   * @param relayerKey the private key that submits settlements (and pays their gas)
   * @param settleWait how long a settlement waits for its receipt
   * @param nonces where the relayer's nonces are allocated (shared by every replica)
   */
  public RelayerSettlement(
      Map<ChainId, EvmChainConfig> chains,
      Optional<String> relayerKey,
      Duration settleWait,
      SenderNonces nonces,
      Pipeline pipeline,
      Clock clock) {
    this.chains = Map.copyOf(chains);
    EvmSender.Settings sending =
        new EvmSender.Settings(
            pipeline.replaceAfter(),
            25,
            settleWait.plus(EvmSender.Settings.defaults().lease()),
            pipeline.maxFeePerGas());
    this.relayer =
        relayerKey.map(
            key -> new EvmSender(Credentials.create(key), nonces, nodes, sending, clock));
    this.settleWait = settleWait;
    this.calls = Executors.newFixedThreadPool(4, DaemonThreads.named("x402-read-"));
    this.sends =
        new ThreadPoolExecutor(
            pipeline.senders(),
            pipeline.senders(),
            0,
            TimeUnit.MILLISECONDS,
            pipeline.queue() == 0
                ? new SynchronousQueue<>()
                : new ArrayBlockingQueue<>(pipeline.queue()),
            DaemonThreads.named("x402-settle-"));
  }

  @Override
  public String toString() {
    return "RelayerSettlement[chains=" + chains.keySet() + ", relayerKey=(hidden)]";
  }

  /**
   * A Solana payment is the facilitator's to settle; this settler takes EVM authorizations only.
   */
  private static final String SOLANA_NEEDS_FACILITATOR =
      "Solana payments settle through an x402 facilitator, and none is configured";

  @Override
  public Uni<State> state(PerCallPayment payment) {
    if (payment instanceof PerCallPayment.Evm evm) {
      return state(evm.terms().domain(), evm.authorization());
    }
    return Uni.createFrom().item(new State.Invalid(SOLANA_NEEDS_FACILITATOR));
  }

  @Override
  public Uni<Settlement> settle(PerCallPayment payment) {
    if (payment instanceof PerCallPayment.Evm evm) {
      return settle(evm.terms().domain(), evm.authorization());
    }
    return Uni.createFrom().item(new Settlement.Refused(SOLANA_NEEDS_FACILITATOR));
  }

  private Uni<State> state(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
    return PaymentNodes.onChain(
            chains,
            new ChainId.Evm(token.chainId()),
            config -> readState(config, token, authorization),
            calls,
            State.Failed::new)
        .onFailure()
        .recoverWithItem(e -> new State.Failed("the token could not be read"));
  }

  private State readState(
      EvmChainConfig config,
      TransferAuthorization.TokenDomain token,
      TransferAuthorization authorization) {
    String used = Eip3009Calls.authorizationState(authorization);
    String balance = Eip3009Calls.balanceOf(authorization.from());
    String transfer = Eip3009Calls.transfer(authorization);
    for (int attempt = 0; attempt < config.attempts(); attempt++) {
      try {
        Web3j web3j = nodes.client(config, attempt);
        Optional<BigInteger> usedWord = word(web3j, token, used);
        Optional<BigInteger> balanceWord = word(web3j, token, balance);
        if (usedWord.isPresent() && balanceWord.isPresent()) {
          State read = new State.Read(usedWord.get().signum() != 0, balanceWord.get());
          if (usedWord.get().signum() != 0
              || balanceWord.get().compareTo(authorization.value()) < 0) {
            return read; // refused for what was read, with that reason
          }
          Optional<Boolean> reverts = reverts(web3j, token, transfer);
          if (reverts.isPresent()) {
            return reverts.get()
                ? new State.Invalid(
                    "the token refuses the transfer: transferWithAuthorization reverts when"
                        + " simulated at the latest block of chain "
                        + token.chainId())
                : read;
          }
        }
      } catch (IOException | RuntimeException e) {
        // next attempt
      }
      PaymentNodes.pause(config, attempt);
    }
    return new State.Failed("the token's authorization state could not be read");
  }

  /**
   * Whether {@code transferWithAuthorization} reverts at the latest block when the relayer sends
   * it; empty when the node gave no clear answer.
   */
  private Optional<Boolean> reverts(
      Web3j web3j, TransferAuthorization.TokenDomain token, String data) throws IOException {
    var answer =
        web3j
            .ethCall(
                Transaction.createEthCallTransaction(
                    relayer.map(EvmSender::address).orElse(null), token.token().lowercase(), data),
                DefaultBlockParameterName.LATEST)
            .send();
    if (answer.isReverted()) {
      return Optional.of(true);
    }
    if (answer.hasError()) {
      String message = String.valueOf(answer.getError().getMessage()).toLowerCase(Locale.ROOT);
      return message.contains("revert") ? Optional.of(true) : Optional.empty();
    }
    return Optional.of(false);
  }

  private static Optional<BigInteger> word(
      Web3j web3j, TransferAuthorization.TokenDomain token, String data) throws IOException {
    var answer =
        web3j
            .ethCall(
                Transaction.createEthCallTransaction(null, token.token().lowercase(), data),
                DefaultBlockParameterName.LATEST)
            .send();
    if (answer.hasError() || answer.isReverted() || answer.getValue() == null) {
      return Optional.empty();
    }
    Bytes value = Bytes.fromHex(answer.getValue());
    return value.length() == 32
        ? Optional.of(new BigInteger(1, value.toArray()))
        : Optional.empty();
  }

  private Uni<Settlement> settle(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
    if (relayer.isEmpty()) {
      return Uni.createFrom().item(new Settlement.Refused("no relayer key is configured"));
    }
    // Run as the state read is, by design: each answers its own failures.
    return PaymentNodes.onChain(
            chains,
            new ChainId.Evm(token.chainId()),
            config -> settleNow(config, token, authorization),
            sends,
            Settlement.Refused::new)
        .onFailure(RejectedExecutionException.class)
        .recoverWithItem(
            e -> new Settlement.Refused("the relayer has as many settlements as it takes"))
        .onFailure()
        .recoverWithItem(e -> new Settlement.Failed("the settlement did not complete"));
  }

  private Settlement settleNow(
      EvmChainConfig config,
      TransferAuthorization.TokenDomain token,
      TransferAuthorization authorization) {
    EvmSender.Sent sent =
        relayer
            .orElseThrow()
            .send(
                config,
                token.chainId(),
                token.token().lowercase(),
                Eip3009Calls.transfer(authorization),
                settleWait);
    if (sent instanceof EvmSender.Sent.Mined mined) {
      return mined.succeeded()
          ? new Settlement.Settled(mined.txHash())
          : new Settlement.Refused("the settlement transaction reverted");
    }
    if (sent instanceof EvmSender.Sent.NotSent notSent) {
      return new Settlement.Refused(
          notSent.reason().startsWith("the call reverts")
              ? "the token refused the transfer when simulated before sending"
              : "the chain refused the settlement transaction");
    }
    if (sent instanceof EvmSender.Sent.Lost) {
      return new Settlement.Failed("the chain did not answer the settlement");
    }
    if (sent instanceof EvmSender.Sent.Held held) {
      return new Settlement.Failed("the settlement was not sent: " + held.reason());
    }
    return new Settlement.Failed("the settlement was " + ((EvmSender.Sent.Unknown) sent).reason());
  }

  @Override
  public synchronized void close() {
    calls.shutdownNow();
    sends.shutdownNow();
    nodes.close();
  }
}
