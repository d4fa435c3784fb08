package org.walletstate.adapters.chain.evm.web3j;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.Web3jService;
import org.web3j.protocol.core.BatchRequest;
import org.web3j.protocol.core.BatchResponse;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;

/**
 * One JSON-RPC endpoint through web3j, one attempt per call: no retries (that is {@code
 * RetryingEvmRpc}'s job). A round's requests go out as JSON-RPC batches of at most {@code
 * maxBatchSize}, sent together; every request names the pinned block number.
 *
 * <p>web3j's HTTP calls block, so each exchange runs on the {@code calls} executor and never on the
 * subscriber's thread (which may be an event loop). An exchange is abandoned at the request timeout
 * or the deadline, whichever comes first; the HTTP client's own call timeout (the request timeout)
 * frees the thread.
 *
 * <p>web3j matches batch answers to requests by position, while JSON-RPC lets a server answer a
 * batch in any order. Every answer is therefore matched again by its {@code id}; an answer whose id
 * is missing or repeated is a failure of that request, never another request's value.
 */
public final class Web3jEvmRpc implements EvmRpc {

  @FunctionalInterface
  private interface Exchange<T> {
    T run() throws Exception;
  }

  /**
   * Request ids, from 1: an answer without an id reads as id 0 and so matches no request. (web3j's
   * own ids start at 0.)
   */
  private static final AtomicLong IDS = new AtomicLong();

  private final String name;
  private final Web3j web3j;
  private final Web3jService service;
  private final Duration requestTimeout;
  private final int maxBatchSize;
  private final Executor calls;
  private final ScheduledExecutorService timer;

  Web3jEvmRpc(
      URI endpoint,
      Web3j web3j,
      Web3jService service,
      Duration requestTimeout,
      int maxBatchSize,
      Executor calls,
      ScheduledExecutorService timer) {
    // Only host and port go into logs: paths and queries of provider URLs often carry API keys.
    Objects.requireNonNull(endpoint, "endpoint");
    this.name =
        endpoint.getPort() < 0 ? endpoint.getHost() : endpoint.getHost() + ":" + endpoint.getPort();
    this.web3j = Objects.requireNonNull(web3j, "web3j");
    this.service = Objects.requireNonNull(service, "service");
    this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (maxBatchSize < 1) {
      throw new IllegalArgumentException("maxBatchSize must be positive: " + maxBatchSize);
    }
    this.maxBatchSize = maxBatchSize;
    this.calls = Objects.requireNonNull(calls, "calls");
    this.timer = Objects.requireNonNull(timer, "timer");
  }

  @Override
  public Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
    DefaultBlockParameterName block = blockTag(tag);
    return exchange(
        deadline,
        () -> prefixed(Web3jAnswers.head(tag, web3j.ethGetBlockByNumber(block, false).send())),
        failed -> new HeadOutcome.Failed(name + ": " + failed.detail()));
  }

  @Override
  public Uni<HeadOutcome> block(BigInteger number, Deadline deadline) {
    return exchange(
        deadline,
        () ->
            prefixed(
                Web3jAnswers.block(
                    number,
                    web3j
                        .ethGetBlockByNumber(DefaultBlockParameter.valueOf(number), false)
                        .send())),
        failed -> new HeadOutcome.Failed(name + ": " + failed.detail()));
  }

  private static DefaultBlockParameterName blockTag(AnchorTag tag) {
    return switch (tag) {
      case LATEST -> DefaultBlockParameterName.LATEST;
      case SAFE -> DefaultBlockParameterName.SAFE;
      case FINALIZED -> DefaultBlockParameterName.FINALIZED;
    };
  }

  /** A failed head names this endpoint, as every failed read does. */
  private HeadOutcome prefixed(HeadOutcome outcome) {
    return outcome instanceof HeadOutcome.Failed failed
        ? new HeadOutcome.Failed(name + ": " + failed.detail())
        : outcome;
  }

  @Override
  public Uni<Map<EvmRequest, ReadOutcome>> read(
      BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
    if (requests.isEmpty()) {
      return Uni.createFrom().item(Map.of());
    }
    DefaultBlockParameter at = DefaultBlockParameter.valueOf(block.number());
    List<EvmRequest> all = List.copyOf(requests);
    List<Uni<Map<EvmRequest, ReadOutcome>>> batches = new ArrayList<>();
    for (int from = 0; from < all.size(); from += maxBatchSize) {
      List<EvmRequest> batch = all.subList(from, Math.min(all.size(), from + maxBatchSize));
      batches.add(
          exchange(
              deadline,
              () -> send(batch, at),
              failed -> failedAll(batch, failed.withDetail(name + ": " + failed.detail()))));
    }
    if (batches.size() == 1) {
      return batches.get(0);
    }
    return Uni.combine()
        .all()
        .unis(batches)
        .with(
            answers -> {
              Map<EvmRequest, ReadOutcome> outcomes = new LinkedHashMap<>();
              for (Object answer : answers) {
                ((Map<?, ?>) answer)
                    .forEach((r, o) -> outcomes.put((EvmRequest) r, (ReadOutcome) o));
              }
              return outcomes;
            });
  }

  /** Sends one batch (a lone request without the batch array) and reads every answer. */
  private Map<EvmRequest, ReadOutcome> send(List<EvmRequest> batch, DefaultBlockParameter at)
      throws Exception {
    List<Request<?, ? extends Response<?>>> sent = new ArrayList<>(batch.size());
    for (EvmRequest request : batch) {
      Request<?, ? extends Response<?>> one = Web3jRequests.of(web3j, service, request, at);
      one.setId(IDS.incrementAndGet());
      sent.add(one);
    }
    Map<Long, Response<?>> answers = new HashMap<>();
    if (sent.size() == 1) {
      Response<?> answer = sent.get(0).send();
      if (answer != null) {
        answers.put(answer.getId(), answer);
      }
    } else {
      BatchRequest request = web3j.newBatch();
      sent.forEach(request::add);
      BatchResponse answer = request.send();
      Set<Long> repeated = new HashSet<>();
      if (answer != null) {
        for (Response<?> response : answer.getResponses()) {
          if (answers.putIfAbsent(response.getId(), response) != null) {
            repeated.add(response.getId());
          }
        }
      }
      repeated.forEach(answers::remove);
    }
    Map<EvmRequest, ReadOutcome> outcomes = new LinkedHashMap<>();
    for (int i = 0; i < batch.size(); i++) {
      Response<?> answer = answers.get(sent.get(i).getId());
      outcomes.put(
          batch.get(i),
          answer == null
              ? new ReadOutcome.Failed(name + ": no answer carries this request's id")
              : prefixed(Web3jAnswers.outcome(batch.get(i), answer)));
    }
    return outcomes;
  }

  private ReadOutcome prefixed(ReadOutcome outcome) {
    return outcome instanceof ReadOutcome.Failed failed
        ? failed.withDetail(name + ": " + failed.detail())
        : outcome;
  }

  /**
   * Runs {@code exchange} on the calls executor, waiting at most the request timeout or the time
   * left. Whatever goes wrong (a thrown exception, no answer in time, no thread to run on) becomes
   * {@code failure}'s value, of the kind the failure is ({@link AnswerBound#kindOf}): the returned
   * {@link Uni} does not fail.
   */
  private <T> Uni<T> exchange(
      Deadline deadline, Exchange<T> exchange, Function<ReadOutcome.Failed, T> failure) {
    Duration wait = deadline.cap(requestTimeout);
    if (wait.isZero()) {
      return Uni.createFrom()
          .item(failure.apply(new ReadOutcome.Failed("the deadline passed before the request")));
    }
    return Uni.createFrom()
        .item(
            () -> {
              if (deadline.hasPassed()) {
                return failure.apply(
                    new ReadOutcome.Failed(
                        "the deadline passed while the request waited for a thread"));
              }
              try {
                return exchange.run();
              } catch (Exception e) {
                return failure.apply(failed(e));
              }
            })
        .runSubscriptionOn(calls)
        .ifNoItem()
        .after(wait)
        .on(timer)
        .recoverWithItem(
            () ->
                failure.apply(
                    new ReadOutcome.Failed("no answer within " + wait.toMillis() + " ms")))
        .onFailure()
        .recoverWithItem(e -> failure.apply(failed(e)));
  }

  private static ReadOutcome.Failed failed(Throwable e) {
    return new ReadOutcome.Failed(AnswerBound.kindOf(e), Web3jAnswers.describe(e));
  }

  private static Map<EvmRequest, ReadOutcome> failedAll(
      List<EvmRequest> batch, ReadOutcome.Failed failed) {
    Map<EvmRequest, ReadOutcome> outcomes = new LinkedHashMap<>();
    batch.forEach(request -> outcomes.put(request, failed));
    return outcomes;
  }

  @Override
  public String provider() {
    return name;
  }

  @Override
  public String toString() {
    return "Web3jEvmRpc[" + name + "]";
  }
}
