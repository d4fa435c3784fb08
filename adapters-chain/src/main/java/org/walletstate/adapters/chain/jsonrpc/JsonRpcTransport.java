package org.walletstate.adapters.chain.jsonrpc;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.AnswerBound;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.FailureKind;

/**
 * JSON-RPC over HTTP POST to one chain's endpoints, with the EVM stack's policy: each exchange
 * bounded by the request timeout and the observation's deadline; a failed call retried with backoff
 * on the next endpoint until the attempts are spent or the deadline leaves no time; the endpoint
 * that last answered kept, and the first one tried again after {@code failback}.
 *
 * <p>Numbers are read exactly: integers as {@link java.math.BigInteger} where they exceed a long
 * (Solana's {@code rentEpoch} does) and fractions as {@link java.math.BigDecimal}. Calls block the
 * calling thread; the family's reader runs them off the caller's.
 */
public final class JsonRpcTransport {

  /** Checks one answer: returns it (or what it holds), or throws to have the call retried. */
  @FunctionalInterface
  public interface AnswerCheck<T> {
    T accept(JsonNode answer) throws RpcFailure;
  }

  private final JsonRpcChainConfig config;
  private final HttpClient http;
  private final ObjectMapper json;
  private final Failover failover;
  private final long maxAnswerBytes = AnswerBound.DEFAULT_MAX_BYTES;

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public JsonRpcTransport(
      JsonRpcChainConfig config, HttpClient http, Clock clock, DoubleSupplier random) {
    this(config, http, clock, random, ChainCallObserver.NONE);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param observer told how each exchange ended (after its retries) and how long it took
   */
  public JsonRpcTransport(
      JsonRpcChainConfig config,
      HttpClient http,
      Clock clock,
      DoubleSupplier random,
      ChainCallObserver observer) {
    Objects.requireNonNull(observer, "observer");
    this.config = Objects.requireNonNull(config, "config");
    this.http = Objects.requireNonNull(http, "http");
    Objects.requireNonNull(clock, "clock");
    this.json =
        new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    this.failover = new Failover(config, clock, random, observer);
  }

  /**
   * A transport over an HTTP client of its own, which connects within the request timeout and
   * follows no redirect.
   *
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param observer told how each exchange ended (after its retries) and how long it took
   */
  public static JsonRpcTransport ownClient(
      JsonRpcChainConfig config, Clock clock, DoubleSupplier random, ChainCallObserver observer) {
    HttpClient http =
        HttpClient.newBuilder()
            .connectTimeout(config.requestTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    return new JsonRpcTransport(config, http, clock, random, observer);
  }

  public JsonRpcChainConfig config() {
    return config;
  }

  /** A fresh request object to fill in. */
  public ObjectNode object() {
    return json.createObjectNode();
  }

  /**
   * Sends {@code request} and returns what {@code check} makes of the answer, retrying failures.
   *
   * @throws RpcFailure the last failure, once the attempts are spent or the deadline is too close
   */
  public <T> T call(ObjectNode request, Deadline deadline, AnswerCheck<T> check) throws RpcFailure {
    String body = request.toString();
    return failover.exchange(
        deadline, endpoint -> check.accept(json(send(post(endpoint, body), deadline))));
  }

  /**
   * Sends {@code request} to {@code path} under the endpoint (a REST API such as Tron's) and
   * returns what {@code check} makes of the JSON answer, retrying failures as {@link #call} does.
   */
  public <T> T post(String path, ObjectNode request, Deadline deadline, AnswerCheck<T> check)
      throws RpcFailure {
    String body = request.toString();
    return failover.exchange(
        deadline,
        endpoint -> check.accept(json(send(post(under(endpoint, path), body), deadline))));
  }

  /**
   * Fetches {@code path} under the endpoint (a REST API such as Esplora's) and returns what {@code
   * check} makes of the answer's text, retrying failures as {@link #call} does.
   */
  public <T> T get(String path, Deadline deadline, TextCheck<T> check) throws RpcFailure {
    return getEach(path, "application/json, text/plain", deadline, r -> check.accept(ok(r)));
  }

  /** Reads {@code text} as a JSON object, or fails the call. */
  public JsonNode json(String text) throws RpcFailure {
    try {
      JsonNode answer = json.readTree(text);
      if (answer == null || !answer.isObject()) {
        throw new RpcFailure("the answer is not a JSON object");
      }
      return answer;
    } catch (IOException e) {
      throw new RpcFailure("the answer is not JSON");
    }
  }

  /** One answer of a REST {@code GET}: its status, headers and JSON body. */
  public record HttpAnswer(int status, HttpHeaders headers, JsonNode body) {}

  /** Checks one REST answer: returns what it holds, or throws to have the call retried. */
  @FunctionalInterface
  public interface HttpCheck<T> {
    T accept(HttpAnswer answer) throws RpcFailure;
  }

  /**
   * Sends {@code GET path} (relative to each endpoint) and returns what {@code check} makes of the
   * answer, with the same retries and failover as {@link #call}. Any status with a JSON object body
   * is given to {@code check}, which decides what the status means (Horizon's 404 is an account
   * that does not exist).
   *
   * @throws RpcFailure the last failure, once the attempts are spent or the deadline is too close
   */
  public <T> T getAnswer(String path, Deadline deadline, HttpCheck<T> check) throws RpcFailure {
    return getEach(
        path,
        "application/json",
        deadline,
        r -> check.accept(new HttpAnswer(r.statusCode(), r.headers(), json(r.body()))));
  }

  /** One answer's status and text, for REST APIs whose errors are plain text (Esplora's 404). */
  @FunctionalInterface
  public interface StatusTextCheck<T> {
    T accept(int status, String text) throws RpcFailure;
  }

  /**
   * Sends {@code GET path} (relative to each endpoint) and returns what {@code check} makes of the
   * status and text, whatever the status, with the same retries and failover as {@link #call}.
   */
  public <T> T getText(String path, Deadline deadline, StatusTextCheck<T> check) throws RpcFailure {
    return getEach(
        path,
        "application/json, text/plain",
        deadline,
        r -> check.accept(r.statusCode(), r.body()));
  }

  /** What one attempt makes of its response, whatever the status. */
  @FunctionalInterface
  private interface ResponseCheck<T> {
    T accept(HttpResponse<String> response) throws RpcFailure;
  }

  /**
   * Sends {@code GET path} (relative to each endpoint) accepting {@code accept}, and returns what
   * {@code check} makes of the response, with the same retries and failover as {@link #call}.
   */
  private <T> T getEach(String path, String accept, Deadline deadline, ResponseCheck<T> check)
      throws RpcFailure {
    return failover.exchange(
        deadline, endpoint -> check.accept(respond(get(under(endpoint, path), accept), deadline)));
  }

  /** Checks one answer's text: returns what it holds, or throws to have the call retried. */
  @FunctionalInterface
  public interface TextCheck<T> {
    T accept(String answer) throws RpcFailure;
  }

  /** What logs and failure details name an endpoint by: paths and queries may carry API keys. */
  public static String hostAndPort(URI endpoint) {
    return endpoint.getPort() < 0
        ? endpoint.getHost()
        : endpoint.getHost() + ":" + endpoint.getPort();
  }

  private static URI under(URI endpoint, String path) {
    String base = endpoint.toString();
    return URI.create(base.endsWith("/") ? base + path : base + "/" + path);
  }

  private static HttpRequest.Builder get(URI target, String accept) {
    return HttpRequest.newBuilder(target).header("Accept", accept).GET();
  }

  private static HttpRequest.Builder post(URI target, String body) {
    return HttpRequest.newBuilder(target)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private String send(HttpRequest.Builder builder, Deadline deadline) throws RpcFailure {
    return ok(respond(builder, deadline));
  }

  /** The body of a {@code 200} answer; any other status fails the attempt. */
  private static String ok(HttpResponse<String> response) throws RpcFailure {
    if (response.statusCode() != 200) {
      throw new RpcFailure("HTTP status " + response.statusCode());
    }
    return response.body();
  }

  /** One exchange within the deadline, whatever the answer's status. */
  private HttpResponse<String> respond(HttpRequest.Builder builder, Deadline deadline)
      throws RpcFailure {
    Duration timeout = deadline.cap(config.requestTimeout());
    if (timeout.isZero()) {
      throw new RpcFailure("the observation's deadline has passed");
    }
    HttpRequest request = builder.timeout(timeout).build();
    HttpResponse<String> response;
    try {
      response = http.send(request, AnswerBound.text(maxAnswerBytes));
    } catch (HttpTimeoutException e) {
      throw new RpcFailure("no answer within " + timeout.toMillis() + " ms");
    } catch (IOException e) {
      if (AnswerBound.kindOf(e) == FailureKind.TOO_LARGE) {
        throw new RpcFailure(
            FailureKind.TOO_LARGE, new AnswerBound.TooLarge(maxAnswerBytes).getMessage());
      }
      throw new RpcFailure("exchange failed: " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RpcFailure("interrupted");
    }
    return response;
  }

  @Override
  public String toString() {
    return "JsonRpcTransport["
        + config.chain()
        + ", "
        + config.endpoints().stream().map(JsonRpcTransport::hostAndPort).toList()
        + "]";
  }
}
