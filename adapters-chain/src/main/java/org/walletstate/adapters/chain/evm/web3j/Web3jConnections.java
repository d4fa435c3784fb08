package org.walletstate.adapters.chain.evm.web3j;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import okio.Okio;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.application.port.out.ChainCallObserver;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.http.HttpService;

/**
 * What every endpoint client shares: one HTTP connection pool and a bounded pool of threads for
 * web3j's blocking exchanges. Owned by whoever opened it; {@link #close()} releases both.
 */
public final class Web3jConnections implements AutoCloseable {

  /** web3j polls only for filters and subscriptions, which these clients never use. */
  private static final long UNUSED_POLLING_INTERVAL_MS = 60_000;

  /** How long an idle connection is kept (OkHttp's default). */
  private static final long IDLE_CONNECTION_MINUTES = 5;

  private final OkHttpClient http;
  private final ThreadPoolExecutor calls;
  private final ScheduledExecutorService timer;

  private Web3jConnections(
      OkHttpClient http, ThreadPoolExecutor calls, ScheduledExecutorService timer) {
    this.http = http;
    this.calls = calls;
    this.timer = timer;
  }

  /**
   * @param maxConcurrentCalls the most exchanges in flight at once (more wait in line), and the
   *     most idle connections kept for the next ones
   * @param timer times out exchanges (not owned: the caller shuts it down)
   */
  public static Web3jConnections open(int maxConcurrentCalls, ScheduledExecutorService timer) {
    return open(maxConcurrentCalls, AnswerBound.DEFAULT_MAX_BYTES, timer);
  }

  /**
   * @param maxAnswerBytes the most bytes one HTTP answer may have; a longer one fails its exchange
   *     while it streams ({@link AnswerBound})
   */
  public static Web3jConnections open(
      int maxConcurrentCalls, long maxAnswerBytes, ScheduledExecutorService timer) {
    if (maxAnswerBytes < 1) {
      throw new IllegalArgumentException("maxAnswerBytes must be positive: " + maxAnswerBytes);
    }
    if (maxConcurrentCalls < 1) {
      throw new IllegalArgumentException(
          "maxConcurrentCalls must be positive: " + maxConcurrentCalls);
    }
    Objects.requireNonNull(timer, "timer");
    ThreadPoolExecutor calls =
        new ThreadPoolExecutor(
            maxConcurrentCalls,
            maxConcurrentCalls,
            30,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            DaemonThreads.named("evm-rpc-call-"));
    calls.allowCoreThreadTimeOut(true);
    OkHttpClient http =
        new OkHttpClient.Builder()
            // retries are the adapter's policy, not the HTTP client's
            .retryOnConnectionFailure(false)
            // a caller-named contract can return megabytes: no answer is held past the bound
            .addInterceptor(chain -> bounded(chain.proceed(chain.request()), maxAnswerBytes))
            // a large batch must not wait on Nagle's algorithm and a delayed acknowledgement
            .socketFactory(NoDelaySocketFactory.instance())
            // an idle connection kept per exchange that may be in flight: OkHttp's default keeps
            // 5, so a call reading 23 chains reconnected to 18 of them every time
            .connectionPool(
                new ConnectionPool(maxConcurrentCalls, IDLE_CONNECTION_MINUTES, TimeUnit.MINUTES))
            .build();
    return new Web3jConnections(http, calls, timer);
  }

  /**
   * A client of one endpoint.
   *
   * @param requestTimeout the most one HTTP exchange may take, connection included
   * @param maxBatchSize the most requests per JSON-RPC batch
   */
  public Web3jEvmRpc endpoint(URI endpoint, Duration requestTimeout, int maxBatchSize) {
    return endpoint(endpoint, requestTimeout, maxBatchSize, ChainCallObserver.NONE);
  }

  /**
   * A client of one endpoint whose exchanges run in the context of the call that starts them (its
   * trace), through {@code observer}'s {@link ChainCallObserver#carry}.
   */
  public Web3jEvmRpc endpoint(
      URI endpoint, Duration requestTimeout, int maxBatchSize, ChainCallObserver observer) {
    OkHttpClient client =
        http.newBuilder()
            .callTimeout(requestTimeout)
            .connectTimeout(requestTimeout)
            .readTimeout(requestTimeout)
            .writeTimeout(requestTimeout)
            .build();
    HttpService service = new HttpService(endpoint.toString(), client);
    Web3j web3j = Web3j.build(service, UNUSED_POLLING_INTERVAL_MS, timer);
    Executor carried = task -> calls.execute(observer.carry(task));
    return new Web3jEvmRpc(endpoint, web3j, service, requestTimeout, maxBatchSize, carried, timer);
  }

  /** {@code response} failing once its body is over {@code maxBytes}, or at once if declared so. */
  static Response bounded(Response response, long maxBytes) throws IOException {
    ResponseBody body = response.body();
    if (body == null) {
      return response;
    }
    if (body.contentLength() > maxBytes) {
      response.close();
      throw new AnswerBound.TooLarge(maxBytes);
    }
    BufferedSource limited =
        Okio.buffer(Okio.source(AnswerBound.limited(body.byteStream(), maxBytes)));
    return response
        .newBuilder()
        .body(ResponseBody.create(limited, body.contentType(), body.contentLength()))
        .build();
  }

  /** The HTTP client every endpoint's client is made from. */
  OkHttpClient http() {
    return http;
  }

  /** Stops the threads and drops idle connections; exchanges in flight end with a failure. */
  @Override
  public void close() {
    calls.shutdownNow();
    http.dispatcher().executorService().shutdown();
    http.connectionPool().evictAll();
  }
}
