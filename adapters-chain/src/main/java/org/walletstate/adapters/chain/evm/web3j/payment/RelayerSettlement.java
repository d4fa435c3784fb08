package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.tx.RawTransactionManager;

/**
 * EIP-3009 authorizations read and settled by the service itself: {@code authorizationState} and
 * {@code balanceOf} read at the head over the chain's endpoints (with its retries and failover),
 * and {@code transferWithAuthorization} submitted from the relayer key, which pays the gas, one
 * transaction at a time. The relayer key is held as web3j {@link Credentials} and never written
 * anywhere.
 */
public final class RelayerSettlement implements TransferAuthorizations, AutoCloseable {

  private static final BigInteger SETTLE_GAS = BigInteger.valueOf(200_000);
  private static final Duration RECEIPT_POLL = Duration.ofMillis(250);

  private final Map<ChainId, EvmChainConfig> chains;
  private final Optional<Credentials> relayer;
  private final Duration settleWait;
  private final PaymentNodes nodes = new PaymentNodes();
  private final ExecutorService calls;
  private final ExecutorService sends;

  /**
   * @param relayerKey the private key that submits settlements (and pays their gas)
   * @param settleWait how long a settlement waits for its receipt
   */
  public RelayerSettlement(
      Map<ChainId, EvmChainConfig> chains, Optional<String> relayerKey, Duration settleWait) {
    this.chains = Map.copyOf(chains);
    this.relayer = relayerKey.map(Credentials::create);
    this.settleWait = settleWait;
    this.calls = Executors.newFixedThreadPool(4, PaymentNodes.daemon("x402-read-"));
    this.sends = Executors.newSingleThreadExecutor(PaymentNodes.daemon("x402-settle-"));
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
    EvmChainConfig config = chains.get(new ChainId.Evm(token.chainId()));
    if (config == null) {
      return Uni.createFrom()
          .item(new State.Failed("chain " + token.chainId() + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> readState(config, token, authorization))
        .runSubscriptionOn(calls)
        .onFailure()
        .recoverWithItem(e -> new State.Failed("the token could not be read"));
  }

  private State readState(
      EvmChainConfig config,
      TransferAuthorization.TokenDomain token,
      TransferAuthorization authorization) {
    String used =
        FunctionEncoder.encode(
            new Function(
                "authorizationState",
                List.of(
                    new Address(authorization.from().lowercase()),
                    new Bytes32(authorization.nonce().bytes().toArray())),
                List.of()));
    String balance =
        FunctionEncoder.encode(
            new Function(
                "balanceOf", List.of(new Address(authorization.from().lowercase())), List.of()));
    for (int attempt = 0; attempt < config.attempts(); attempt++) {
      try {
        Web3j web3j = nodes.client(config, attempt);
        Optional<BigInteger> usedWord = word(web3j, token, used);
        Optional<BigInteger> balanceWord = word(web3j, token, balance);
        if (usedWord.isPresent() && balanceWord.isPresent()) {
          return new State.Read(usedWord.get().signum() != 0, balanceWord.get());
        }
      } catch (IOException | RuntimeException e) {
        // next attempt
      }
      PaymentNodes.pause(config, attempt);
    }
    return new State.Failed("the token's authorization state could not be read");
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
    EvmChainConfig config = chains.get(new ChainId.Evm(token.chainId()));
    if (config == null) {
      return Uni.createFrom()
          .item(new Settlement.Refused("chain " + token.chainId() + " is not configured"));
    }
    return Uni.createFrom()
        .item(() -> settleNow(config, token, authorization))
        .runSubscriptionOn(sends)
        .onFailure()
        .recoverWithItem(e -> new Settlement.Failed("the settlement did not complete"));
  }

  private Settlement settleNow(
      EvmChainConfig config,
      TransferAuthorization.TokenDomain token,
      TransferAuthorization authorization) {
    byte[] signature = authorization.signatureBytes().toArray();
    int v = signature[64] & 0xff;
    if (v < 27) {
      v += 27;
    }
    byte[] r = new byte[32];
    byte[] s = new byte[32];
    System.arraycopy(signature, 0, r, 0, 32);
    System.arraycopy(signature, 32, s, 0, 32);
    String data =
        FunctionEncoder.encode(
            new Function(
                "transferWithAuthorization",
                List.of(
                    new Address(authorization.from().lowercase()),
                    new Address(authorization.to().lowercase()),
                    new Uint256(authorization.value()),
                    new Uint256(authorization.validAfter()),
                    new Uint256(authorization.validBefore()),
                    new Bytes32(authorization.nonce().bytes().toArray()),
                    new Uint8(v),
                    new Bytes32(r),
                    new Bytes32(s)),
                List.of()));
    Web3j web3j = nodes.client(config, 0);
    try {
      BigInteger gasPrice = web3j.ethGasPrice().send().getGasPrice();
      var manager = new RawTransactionManager(web3j, relayer.orElseThrow(), token.chainId());
      EthSendTransaction sent =
          manager.sendTransaction(
              gasPrice.multiply(BigInteger.TWO),
              SETTLE_GAS,
              token.token().lowercase(),
              data,
              BigInteger.ZERO);
      if (sent.hasError()) {
        return new Settlement.Refused("the chain refused the settlement transaction");
      }
      String txHash = sent.getTransactionHash();
      Instant until = Instant.now().plus(settleWait);
      while (Instant.now().isBefore(until)) {
        var receipt = web3j.ethGetTransactionReceipt(txHash).send();
        if (!receipt.hasError() && receipt.getTransactionReceipt().isPresent()) {
          String status = receipt.getTransactionReceipt().get().getStatus();
          return "0x1".equals(status) || "1".equals(status)
              ? new Settlement.Settled(txHash.toLowerCase(Locale.ROOT))
              : new Settlement.Refused("the settlement transaction reverted");
        }
        Thread.sleep(RECEIPT_POLL.toMillis());
      }
      return new Settlement.Failed(
          "the settlement was not mined within " + settleWait.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Settlement.Failed("the settlement was interrupted");
    } catch (IOException | RuntimeException e) {
      return new Settlement.Failed("the chain did not answer the settlement");
    }
  }

  @Override
  public synchronized void close() {
    calls.shutdownNow();
    sends.shutdownNow();
    nodes.close();
  }
}
