package org.walletstate.adapters.chain.evm.web3j.payment;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import okhttp3.OkHttpClient;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.web3j.NoDelaySocketFactory;
import org.walletstate.domain.chain.ChainId;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.http.HttpService;

/**
 * The nodes the payment adapters talk to: one web3j client per endpoint (the chain's timeouts), the
 * endpoint an attempt uses (attempts rotate over a chain's endpoints), the pause between attempts
 * (the chain's backoff), the run of a call on a configured chain and the shutdown of them all.
 */
final class PaymentNodes implements AutoCloseable {

  private final Map<URI, Web3j> clients = new LinkedHashMap<>();
  private final OkHttpClient http =
      new OkHttpClient.Builder()
          .retryOnConnectionFailure(false)
          .socketFactory(NoDelaySocketFactory.instance())
          .build();

  /** The client of the endpoint that attempt {@code attempt} (from 0) on this chain uses. */
  synchronized Web3j client(EvmChainConfig config, int attempt) {
    URI endpoint = config.endpoints().get(attempt % config.endpoints().size());
    return clients.computeIfAbsent(
        endpoint,
        uri -> {
          OkHttpClient client =
              http.newBuilder()
                  .callTimeout(config.requestTimeout())
                  .connectTimeout(config.requestTimeout())
                  .readTimeout(config.requestTimeout())
                  .build();
          return Web3j.build(new HttpService(uri.toString(), client));
        });
  }

  /**
   * {@code work} with the configuration of {@code chain} on {@code executor}; {@code
   * unconfigured}'s answer, naming the chain, when {@code chains} has none.
   */
  static <T> Uni<T> onChain(
      Map<ChainId, EvmChainConfig> chains,
      ChainId chain,
      Function<EvmChainConfig, T> work,
      ExecutorService executor,
      Function<String, T> unconfigured) {
    EvmChainConfig config = chains.get(chain);
    if (config == null) {
      return Uni.createFrom().item(unconfigured.apply("chain " + chain + " is not configured"));
    }
    return Uni.createFrom().item(() -> work.apply(config)).runSubscriptionOn(executor);
  }

  /** Waits the chain's backoff after attempt {@code attempt}, unless it was the last one. */
  static void pause(EvmChainConfig config, int attempt) {
    if (attempt + 1 >= config.attempts()) {
      return;
    }
    long millis =
        Math.min(
            config.maxBackoff().toMillis(),
            config.initialBackoff().toMillis() << Math.min(attempt, 10));
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public synchronized void close() {
    clients.values().forEach(Web3j::shutdown);
    http.dispatcher().executorService().shutdown();
    http.connectionPool().evictAll();
  }
}
