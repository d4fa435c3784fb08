package org.walletstate.adapters.chain.x402;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * Settlement through an x402 facilitator's HTTP interface: {@code POST {url}/verify}, then {@code
 * POST {url}/settle}, each with {@code {x402Version, paymentPayload, paymentRequirements}}. The
 * payload and the requirements are restated from the checked authorization in the exact EVM
 * scheme's v2 shape (network {@code eip155:<chain>}, the authorization's value as the amount, its
 * {@code to} as payTo, the token's EIP-712 name and version in {@code extra}).
 *
 * <ul>
 *   <li>{@code isValid: false} or {@code success: false} is {@link Settlement.Refused} with the
 *       facilitator's reason: the transfer did not happen.
 *   <li>A facilitator that does not answer, answers an HTTP error or something unreadable, after
 *       {@code /settle} was sent, is {@link Settlement.Failed}: its outcome is unknown.
 * </ul>
 *
 * The token's state before the work (nonce, balance) is still read from the chain by {@code
 * chainReads}: those reads are the service's own checks, whatever settles.
 */
public final class FacilitatorSettlement implements TransferAuthorizations {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int VERSION = 2;
  private static final long MAX_TIMEOUT_SECONDS = 300;

  private final URI url;
  private final Duration timeout;
  private final TransferAuthorizations chainReads;
  private final HttpClient http;

  /**
   * @param url the facilitator's base URL (its paths {@code /verify} and {@code /settle} below it)
   * @param timeout the most one exchange with it may take
   * @param chainReads where the token's state is read
   */
  public FacilitatorSettlement(URI url, Duration timeout, TransferAuthorizations chainReads) {
    this.url = Objects.requireNonNull(url, "url");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.chainReads = Objects.requireNonNull(chainReads, "chainReads");
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public Uni<State> state(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
    return chainReads.state(token, authorization);
  }

  @Override
  public Uni<Settlement> settle(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
    ObjectNode request = request(token, authorization);
    return exchange("verify", request)
        .onItem()
        .transformToUni(
            verified -> {
              if (verified == null) {
                // nothing was sent for settlement: the transfer cannot have happened
                return Uni.createFrom()
                    .item(
                        (Settlement)
                            new Settlement.Refused(
                                "the facilitator could not be reached to verify it"));
              }
              if (!verified.path("isValid").asBoolean(false)) {
                return Uni.createFrom()
                    .item(
                        (Settlement)
                            new Settlement.Refused(
                                "the facilitator found it invalid ("
                                    + reason(verified, "invalidReason")
                                    + ")"));
              }
              return exchange("settle", request).map(FacilitatorSettlement::settlement);
            });
  }

  private static Settlement settlement(JsonNode settled) {
    if (settled == null) {
      return new Settlement.Failed("the facilitator did not answer the settlement");
    }
    if (settled.path("success").asBoolean(false)) {
      String tx = settled.path("transaction").asText("");
      return tx.matches("0x[0-9a-fA-F]{64}")
          ? new Settlement.Settled(tx.toLowerCase(java.util.Locale.ROOT))
          : new Settlement.Failed("the facilitator's settlement names no transaction");
    }
    return new Settlement.Refused(
        "the facilitator refused the settlement (" + reason(settled, "errorReason") + ")");
  }

  /** A reason the facilitator gave, cut to a safe length and alphabet. */
  private static String reason(JsonNode answer, String field) {
    String text = answer.path(field).asText("no reason given");
    String safe = text.replaceAll("[^A-Za-z0-9_ .:,-]", "");
    return safe.length() > 120 ? safe.substring(0, 120) : safe;
  }

  /** The answer of {@code POST {url}/path}, or {@code null} when there was no readable answer. */
  private Uni<JsonNode> exchange(String path, ObjectNode request) {
    HttpRequest post =
        HttpRequest.newBuilder(URI.create(url.toString().replaceAll("/+$", "") + "/" + path))
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(request.toString()))
            .build();
    return Uni.createFrom()
        .completionStage(() -> http.sendAsync(post, HttpResponse.BodyHandlers.ofString()))
        .map(
            response -> {
              if (response.statusCode() != 200) {
                return (JsonNode) null;
              }
              try {
                JsonNode answer = JSON.readTree(response.body());
                return answer != null && answer.isObject() ? answer : null;
              } catch (IOException e) {
                return null;
              }
            })
        .onFailure()
        .recoverWithItem(e -> null);
  }

  static ObjectNode request(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
    ObjectNode requirements = JSON.createObjectNode();
    requirements.put("scheme", "exact");
    requirements.put("network", "eip155:" + token.chainId());
    requirements.put("amount", authorization.value().toString());
    requirements.put("asset", token.token().checksummed());
    requirements.put("payTo", authorization.to().checksummed());
    requirements.put("maxTimeoutSeconds", MAX_TIMEOUT_SECONDS);
    requirements.putObject("extra").put("name", token.name()).put("version", token.version());
    ObjectNode payload = JSON.createObjectNode();
    payload.put("x402Version", VERSION);
    payload.set("accepted", requirements);
    ObjectNode inner = payload.putObject("payload");
    inner.put("signature", authorization.signature());
    inner
        .putObject("authorization")
        .put("from", authorization.from().checksummed())
        .put("to", authorization.to().checksummed())
        .put("value", authorization.value().toString())
        .put("validAfter", authorization.validAfter().toString())
        .put("validBefore", authorization.validBefore().toString())
        .put("nonce", authorization.nonce().hex());
    ObjectNode request = JSON.createObjectNode();
    request.put("x402Version", VERSION);
    request.set("paymentPayload", payload);
    request.set("paymentRequirements", requirements);
    return request;
  }
}
