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
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * Settlement through an x402 facilitator's HTTP interface: {@code POST {url}/verify} and {@code
 * POST {url}/settle}, each with {@code {x402Version, paymentPayload, paymentRequirements}} restated
 * from the checked payment in the exact scheme's v2 shape, and {@code GET {url}/supported} for the
 * fee payer it names for Solana.
 *
 * <ul>
 *   <li>EVM (network {@code eip155:<chain>}, the authorization's value as the amount, its {@code
 *       to} as payTo, the token's EIP-712 name and version in {@code extra}): the token's state
 *       before the work is read from the chain by {@code chainReads}, the service's own checks;
 *       after the work {@code /verify}, then {@code /settle}.
 *   <li>Solana (the transfer's amount, the quoted mint and payTo, {@code extra.feePayer}, the
 *       transaction as sent in {@code payload.transaction}): before the work {@code /verify}, which
 *       simulates the transaction on the chain (the payer's balance, the blockhash); after the work
 *       {@code /settle}, which verifies again, signs as fee payer and sends. Nothing else of the
 *       service reads Solana for a payment.
 *   <li>{@code isValid: false} or {@code success: false} is a refusal with the facilitator's
 *       reason: the transfer did not happen. A facilitator that does not answer {@code /verify} is
 *       a failed check (nothing was sent); one that does not answer, answers an HTTP error or
 *       something unreadable after {@code /settle} was sent is {@link Settlement.Failed}: its
 *       outcome is unknown.
 * </ul>
 */
public final class FacilitatorSettlement implements TransferAuthorizations {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int VERSION = 2;
  private static final long MAX_TIMEOUT_SECONDS = 300;

  // Fields checked and kept as TransactionReader's are, by design: each class holds its own
  // collaborators.
  private final URI url;
  private final Duration timeout;
  private final TransferAuthorizations chainReads;
  private final HttpClient http;

  /**
   * @param url the facilitator's base URL (its paths {@code /verify} and {@code /settle} below it)
   * @param timeout the most one exchange with it may take
   * @param chainReads where an EVM token's state is read
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
  public Uni<State> state(PerCallPayment payment) {
    if (payment instanceof PerCallPayment.Svm svm) {
      return exchange("verify", request(svm))
          .map(
              verified -> {
                if (verified == null) {
                  return (State)
                      new State.Failed("the facilitator did not answer the payment's verification");
                }
                return verified.path("isValid").asBoolean(false)
                    ? new State.Verified()
                    : new State.Invalid(
                        "the facilitator found it invalid ("
                            + reason(verified, "invalidReason")
                            + ")");
              });
    }
    return chainReads.state(payment);
  }

  @Override
  public Uni<Settlement> settle(PerCallPayment payment) {
    if (payment instanceof PerCallPayment.Svm svm) {
      // verified before the work; the facilitator's /settle verifies it again before it signs
      return exchange("settle", request(svm)).map(FacilitatorSettlement::settlement);
    }
    PerCallPayment.Evm evm = (PerCallPayment.Evm) payment;
    ObjectNode request = request(evm.terms().domain(), evm.authorization());
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

  /**
   * The fee payer the facilitator names for the exact scheme on {@code network} ({@code GET
   * {url}/supported}, {@code kinds[].extra.feePayer} of the v2 kind); empty when it names none or
   * does not answer.
   */
  public Uni<Optional<SolanaAddress>> feePayer(String network) {
    HttpRequest get = HttpRequest.newBuilder(endpoint("supported")).timeout(timeout).GET().build();
    return Uni.createFrom()
        .completionStage(() -> http.sendAsync(get, HttpResponse.BodyHandlers.ofString()))
        .map(
            response ->
                response.statusCode() == 200
                    ? readFeePayer(response.body(), network)
                    : Optional.<SolanaAddress>empty())
        .onFailure()
        .recoverWithItem(e -> Optional.empty());
  }

  private static Optional<SolanaAddress> readFeePayer(String body, String network) {
    try {
      JsonNode supported = JSON.readTree(body);
      for (JsonNode kind : supported.path("kinds")) {
        if (network.equals(kind.path("network").asText())
            && "exact".equals(kind.path("scheme").asText())
            && kind.path("x402Version").asInt(VERSION) == VERSION) {
          return Optional.of(SolanaAddress.of(kind.path("extra").path("feePayer").asText("")));
        }
      }
      return Optional.empty();
    } catch (IOException | ValidationException e) {
      return Optional.empty();
    }
  }

  private static Settlement settlement(JsonNode settled) {
    if (settled == null) {
      return new Settlement.Failed("the facilitator did not answer the settlement");
    }
    if (settled.path("success").asBoolean(false)) {
      String tx = settled.path("transaction").asText("");
      if (tx.matches("0x[0-9a-fA-F]{64}")) {
        return new Settlement.Settled(tx.toLowerCase(Locale.ROOT));
      }
      // a Solana transaction's signature: base58 of 64 bytes
      return tx.matches("[1-9A-HJ-NP-Za-km-z]{64,88}")
          ? new Settlement.Settled(tx)
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
        HttpRequest.newBuilder(endpoint(path))
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

  private URI endpoint(String path) {
    return URI.create(url.toString().replaceAll("/+$", "") + "/" + path);
  }

  /** The exchange for a Solana payment: the transaction as the payer sent it. */
  static ObjectNode request(PerCallPayment.Svm payment) {
    SvmPayment.Terms terms = payment.terms();
    ObjectNode requirements = JSON.createObjectNode();
    requirements.put("scheme", "exact");
    requirements.put("network", payment.network());
    requirements.put("amount", payment.amount().toString());
    requirements.put("asset", terms.mint().text());
    requirements.put("payTo", terms.payTo().text());
    requirements.put("maxTimeoutSeconds", MAX_TIMEOUT_SECONDS);
    requirements.putObject("extra").put("feePayer", terms.feePayer().text());
    ObjectNode payload = JSON.createObjectNode();
    payload.put("x402Version", VERSION);
    payload.set("accepted", requirements);
    payload.putObject("payload").put("transaction", payment.encoded());
    return envelope(payload, requirements);
  }

  private static ObjectNode envelope(ObjectNode payload, ObjectNode requirements) {
    ObjectNode request = JSON.createObjectNode();
    request.put("x402Version", VERSION);
    request.set("paymentPayload", payload);
    request.set("paymentRequirements", requirements);
    return request;
  }

  /** The exchange for an EIP-3009 authorization. */
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
    return envelope(payload, requirements);
  }
}
