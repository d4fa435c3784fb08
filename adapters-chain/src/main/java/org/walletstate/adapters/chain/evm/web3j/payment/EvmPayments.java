package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.PaymentReceipts;
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
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.tx.RawTransactionManager;

/**
 * Receipts of EVM payment chains (with their block's timestamp, {@code eth_getBlockByNumber}) and
 * the access pass, over each chain's configured endpoints: a request is tried up to the chain's
 * {@code attempts}, moving to the next endpoint after a failure, with the chain's backoff between
 * tries. Every exchange runs on this adapter's own threads; mints run one at a time (one sender,
 * one nonce sequence).
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

  private static final BigInteger MINT_GAS = BigInteger.valueOf(300_000);
  private static final Duration RECEIPT_POLL = Duration.ofMillis(250);

  private final Map<ChainId, EvmChainConfig> chains;
  private final Optional<PassSettings> pass;
  private final Optional<Credentials> minter;
  private final PaymentNodes nodes = new PaymentNodes();
  private final ExecutorService calls;
  private final ExecutorService mints;

  public EvmPayments(Map<ChainId, EvmChainConfig> chains, Optional<PassSettings> pass) {
    this.chains = Map.copyOf(chains);
    this.pass = pass;
    this.minter = pass.flatMap(PassSettings::minterKey).map(Credentials::create);
    this.calls = Executors.newFixedThreadPool(8, PaymentNodes.daemon("evm-payment-"));
    this.mints = Executors.newSingleThreadExecutor(PaymentNodes.daemon("evm-pass-mint-"));
  }

  @Override
  public Uni<Lookup> receipt(ChainId chain, TxHash hash) {
    EvmChainConfig config = chains.get(chain);
    if (config == null) {
      return Uni.createFrom().item(new Lookup.Failed("chain " + chain + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> readReceipt(config, hash))
        .runSubscriptionOn(calls)
        .onFailure()
        .recoverWithItem(e -> new Lookup.Failed("the receipt read did not complete"));
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
    EvmChainConfig config = chains.get(settings.chain());
    if (config == null) {
      return Uni.createFrom()
          .item(new Mint.Deferred("chain " + settings.chain() + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> mintNow(config, settings, wallet))
        .runSubscriptionOn(mints)
        .onFailure()
        .recoverWithItem(e -> new Mint.Deferred("the mint did not complete"));
  }

  private Mint mintNow(EvmChainConfig config, PassSettings settings, EvmAddress wallet) {
    Web3j web3j = nodes.client(config, 0);
    long chainId = ((ChainId.Evm) settings.chain()).value();
    try {
      String data =
          FunctionEncoder.encode(
              new Function("mint", List.of(new Address(wallet.lowercase())), List.of()));
      BigInteger gasPrice = web3j.ethGasPrice().send().getGasPrice();
      var manager = new RawTransactionManager(web3j, minter.orElseThrow(), chainId);
      EthSendTransaction sent =
          manager.sendTransaction(
              gasPrice.multiply(BigInteger.TWO),
              MINT_GAS,
              settings.contract().lowercase(),
              data,
              BigInteger.ZERO);
      if (sent.hasError()) {
        return new Mint.Deferred("the chain refused the mint transaction");
      }
      String txHash = sent.getTransactionHash();
      Instant until = Instant.now().plus(settings.mintWait());
      while (Instant.now().isBefore(until)) {
        var receipt = web3j.ethGetTransactionReceipt(txHash).send();
        if (!receipt.hasError() && receipt.getTransactionReceipt().isPresent()) {
          TransactionReceipt r = receipt.getTransactionReceipt().get();
          return "0x1".equals(r.getStatus())
              ? new Mint.Minted(txHash)
              : new Mint.Deferred("the mint transaction reverted");
        }
        Thread.sleep(RECEIPT_POLL.toMillis());
      }
      return new Mint.Deferred(
          "the mint was not mined within " + settings.mintWait().toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Mint.Deferred("the mint was interrupted");
    } catch (IOException | RuntimeException e) {
      return new Mint.Deferred("the chain did not answer the mint");
    }
  }

  @Override
  public Uni<Holding> holding(EvmAddress wallet) {
    if (pass.isEmpty()) {
      return Uni.createFrom().item(new Holding.Unknown("no access pass is configured"));
    }
    PassSettings settings = pass.get();
    EvmChainConfig config = chains.get(settings.chain());
    if (config == null) {
      return Uni.createFrom()
          .item(new Holding.Unknown("chain " + settings.chain() + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> readHolding(config, settings, wallet))
        .runSubscriptionOn(calls)
        .onFailure()
        .recoverWithItem(e -> new Holding.Unknown("the pass read did not complete"));
  }

  private Holding readHolding(EvmChainConfig config, PassSettings settings, EvmAddress wallet) {
    String data =
        FunctionEncoder.encode(
            new Function("balanceOf", List.of(new Address(wallet.lowercase())), List.of()));
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

  @Override
  public synchronized void close() {
    calls.shutdownNow();
    mints.shutdownNow();
    nodes.close();
  }
}
