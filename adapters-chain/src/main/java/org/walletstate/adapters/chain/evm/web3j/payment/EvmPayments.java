package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.application.port.out.SenderNonces;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.PaymentCheck;
import org.walletstate.domain.payment.TransferReceipt;
import org.walletstate.domain.payment.TxHash;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * Receipts of EVM payment chains (with their block's timestamp, {@code eth_getBlockByNumber}) and
 * the access pass, over each chain's configured endpoints: a request is tried up to the chain's
 * {@code attempts}, moving to the next endpoint after a failure, with the chain's backoff between
 * tries. Every exchange runs on this adapter's own threads; mints are sent by an {@link EvmSender}
 * (estimated gas, nonces from the allocator shared by every replica, a stuck mint replaced under
 * its nonce), a few at once.
 *
 * <p>The minter key is held as web3j {@link Credentials} and never written anywhere.
 */
public final class EvmPayments implements PaymentReceipts, AccessPasses, AutoCloseable {

  /**
   * The access pass.
   *
   * @param chain where it lives (8453)
   * @param contract its address
   * @param minterKey the private key holding its minter role, if this service mints
   * @param mintWait how long a purchase waits for the mint's receipt before deferring it
   */
  public record PassSettings(
      ChainId chain, EvmAddress contract, Optional<String> minterKey, Duration mintWait) {
    // Null checks written out by design: a value checks its own parts on construction.
    public PassSettings {
      Objects.requireNonNull(chain, "chain");
      Objects.requireNonNull(contract, "contract");
      Objects.requireNonNull(minterKey, "minterKey");
      Objects.requireNonNull(mintWait, "mintWait");
    }

    @Override
    public String toString() {
      return "PassSettings[chain=" + chain + ", contract=" + contract + ", minterKey=(hidden)]";
    }
  }

  private static final int MINTS_AT_ONCE = 4;

  // Fields in RelayerSettlement's shape by design: each adapter holds its chains, nodes and
  // executors of its own.
  private final Map<ChainId, EvmChainConfig> chains;
  private final Optional<PassSettings> pass;
  private final Optional<EvmSender> minter;
  private final PaymentNodes nodes = new PaymentNodes();
  private final ExecutorService calls;
  private final ExecutorService mints;

  /**
   * @param nonces where the minter's nonces are allocated (shared by every replica)
   * @param maxFeePerGas the most one gas of a mint may cost, wei: above it the mint is deferred
   */
  public EvmPayments(
      Map<ChainId, EvmChainConfig> chains,
      Optional<PassSettings> pass,
      SenderNonces nonces,
      BigInteger maxFeePerGas,
      Clock clock) {
    this.chains = Map.copyOf(chains);
    this.pass = pass;
    EvmSender.Settings sending = EvmSender.Settings.defaults().withMaxFeePerGas(maxFeePerGas);
    this.minter =
        pass.flatMap(PassSettings::minterKey)
            .map(key -> new EvmSender(Credentials.create(key), nonces, nodes, sending, clock));
    this.calls = Executors.newFixedThreadPool(8, DaemonThreads.named("evm-payment-"));
    this.mints = Executors.newFixedThreadPool(MINTS_AT_ONCE, DaemonThreads.named("evm-pass-mint-"));
  }

  @Override
  public Uni<Lookup> receipt(ChainId chain, TxHash hash) {
    return onChain(
        chain,
        config -> readReceipt(config, hash),
        calls,
        Lookup.Failed::new,
        "the receipt read did not complete");
  }

  /**
   * {@code work} with {@code chain}'s configuration, blocking, on {@code executor}; a chain not
   * configured, or work that fails, is {@code unavailable} of why.
   */
  private <T> Uni<T> onChain(
      ChainId chain,
      java.util.function.Function<EvmChainConfig, T> work,
      ExecutorService executor,
      java.util.function.Function<String, T> unavailable,
      String incomplete) {
    return PaymentNodes.onChain(chains, chain, work, executor, unavailable)
        .onFailure()
        .recoverWithItem(e -> unavailable.apply(incomplete));
  }

  private Lookup readReceipt(EvmChainConfig config, TxHash hash) {
    String last = "no endpoint answered";
    for (int attempt = 0; attempt < config.attempts(); attempt++) {
      Web3j web3j = nodes.client(config, attempt);
      try {
        var answer = web3j.ethGetTransactionReceipt(hash.text()).send();
        if (answer.hasError()) {
          last = "the node refused the receipt request";
        } else if (answer.getTransactionReceipt().isEmpty()) {
          return new Lookup.NotFound();
        } else {
          TransactionReceipt mined = answer.getTransactionReceipt().get();
          var block =
              web3j
                  .ethGetBlockByNumber(DefaultBlockParameter.valueOf(mined.getBlockNumber()), false)
                  .send();
          var head = web3j.ethBlockNumber().send();
          if (!head.hasError() && !block.hasError() && block.getBlock() != null) {
            return new Lookup.Found(
                PaymentCheck.transfers(receipt(hash, mined))
                    .minedAt(
                        Instant.ofEpochSecond(block.getBlock().getTimestamp().longValueExact())),
                head.getBlockNumber().longValueExact());
          }
          last = "the node refused the block or head request";
        }
      } catch (IOException | RuntimeException e) {
        last = "the chain did not answer";
      }
      PaymentNodes.pause(config, attempt);
    }
    return new Lookup.Failed(last);
  }

  static TransferReceipt receipt(TxHash hash, TransactionReceipt r) {
    List<TransferReceipt.Log> logs = new ArrayList<>();
    for (Log log : r.getLogs()) {
      logs.add(
          new TransferReceipt.Log(
              EvmAddress.of(log.getAddress()),
              log.getTopics().stream().map(t -> Bytes32.parse(t, "topic")).toList(),
              Bytes.fromHex(log.getData() == null ? "0x" : log.getData())));
    }
    boolean ok = "0x1".equals(r.getStatus()) || "1".equals(r.getStatus());
    return new TransferReceipt(hash, ok, r.getBlockNumber().longValueExact(), logs);
  }

  @Override
  public Uni<Mint> mint(EvmAddress wallet) {
    if (pass.isEmpty() || minter.isEmpty()) {
      return Uni.createFrom().item(new Mint.Deferred("no minter key is configured"));
    }
    PassSettings settings = pass.get();
    return onChain(
        settings.chain(),
        config -> mintNow(config, settings, wallet),
        mints,
        Mint.Deferred::new,
        "the mint did not complete");
  }

  private Mint mintNow(EvmChainConfig config, PassSettings settings, EvmAddress wallet) {
    String data = addressCall("mint", wallet);
    EvmSender.Sent sent =
        minter
            .orElseThrow()
            .send(
                config,
                ((ChainId.Evm) settings.chain()).value(),
                settings.contract().lowercase(),
                data,
                settings.mintWait());
    if (sent instanceof EvmSender.Sent.Mined mined) {
      return mined.succeeded()
          ? new Mint.Minted(mined.txHash())
          : new Mint.Deferred("the mint transaction reverted");
    }
    if (sent instanceof EvmSender.Sent.NotSent notSent) {
      return new Mint.Deferred("the mint was not sent: " + notSent.reason());
    }
    if (sent instanceof EvmSender.Sent.Held held) {
      return new Mint.Deferred("the mint was not sent: " + held.reason());
    }
    return new Mint.Deferred(
        sent instanceof EvmSender.Sent.Unknown unknown
            ? "the mint was " + unknown.reason()
            : "the chain did not answer the mint");
  }

  // Opened as mint is, by design: each checks its own setting, then runs on its own executor.
  @Override
  public Uni<Holding> holding(EvmAddress wallet) {
    if (pass.isEmpty()) {
      return Uni.createFrom().item(new Holding.Unknown("no access pass is configured"));
    }
    PassSettings settings = pass.get();
    return onChain(
        settings.chain(),
        config -> readHolding(config, settings, wallet),
        calls,
        Holding.Unknown::new,
        "the pass read did not complete");
  }

  private Holding readHolding(EvmChainConfig config, PassSettings settings, EvmAddress wallet) {
    String data = addressCall("balanceOf", wallet);
    for (int attempt = 0; attempt < config.attempts(); attempt++) {
      try {
        var answer =
            nodes
                .client(config, attempt)
                .ethCall(
                    Transaction.createEthCallTransaction(
                        null, settings.contract().lowercase(), data),
                    DefaultBlockParameterName.LATEST)
                .send();
        if (!answer.hasError() && !answer.isReverted() && answer.getValue() != null) {
          BigInteger balance =
              Bytes.fromHex(answer.getValue()).isEmpty()
                  ? BigInteger.ZERO
                  : new BigInteger(1, Bytes.fromHex(answer.getValue()).toArray());
          return balance.signum() > 0 ? new Holding.Holds() : new Holding.DoesNotHold();
        }
      } catch (IOException | RuntimeException e) {
        // next attempt
      }
      PaymentNodes.pause(config, attempt);
    }
    return new Holding.Unknown("the pass read did not complete");
  }

  /** The call data of the pass contract's {@code method(address)} with {@code wallet}. */
  private static String addressCall(String method, EvmAddress wallet) {
    return FunctionEncoder.encode(
        new Function(method, List.of(new Address(wallet.lowercase())), List.of()));
  }

  @Override
  public synchronized void close() {
    calls.shutdownNow();
    mints.shutdownNow();
    nodes.close();
  }
}
