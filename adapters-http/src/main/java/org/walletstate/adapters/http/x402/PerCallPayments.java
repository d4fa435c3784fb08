package org.walletstate.adapters.http.x402;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.UsdcAmount;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * x402 paid retries: the payment header ({@code PAYMENT-SIGNATURE}, or {@code X-PAYMENT}) read
 * against the quote for the exact body, and a paid call's outcome as HTTP (the answer with {@code
 * PAYMENT-RESPONSE}, or why the payment did not buy it).
 */
@ApplicationScoped
public class PerCallPayments {

  public static final String PAYMENT_RESPONSE = "PAYMENT-RESPONSE";
  private static final int MAX_HEADER = 8192;
  private static final String NOTHING = " Nothing was charged.";

  /**
   * The x402 v1 names of the quoted EVM networks, as the official client packages map them to chain
   * ids (a v1 payload names its network at the top level, by name; Arbitrum and Arc have no v1 name
   * there, so they are paid with v2 only).
   */
  static final Map<String, String> V1_NETWORKS =
      Map.of("base", "eip155:8453", "polygon", "eip155:137");

  private final PaymentQuotes quotes;
  private final PayPerCallConfig config;
  private final ObjectMapper json;
  private final Envelopes envelopes;

  @Inject
  public PerCallPayments(
      PaymentQuotes quotes, PayPerCallConfig config, ObjectMapper json, Envelopes envelopes) {
    this.quotes = quotes;
    this.config = config;
    this.json = json;
    this.envelopes = envelopes;
  }

  /**
   * The payment in {@code header} for {@code call}, matched to the quote's entry for the network it
   * names. A header that is not a readable x402 payment is 400; a network the quote does not settle
   * here is 402 with the quote.
   */
  public PerCallPayment payment(String header, CreditPrice.Call call) {
    if (!quotes.enabled()) {
      throw new ApiError(
          402, "Pay-per-call is not configured on this service; use an API key (X-API-Key)");
    }
    JsonNode payload = decode(header);
    JsonNode accepted = payload.path("accepted");
    String network =
        accepted.path("network").isTextual()
            ? accepted.path("network").asText()
            : payload.path("x402Version").asInt(0) == 1
                ? V1_NETWORKS.getOrDefault(
                    payload.path("network").asText(""), payload.path("network").asText(""))
                : payload.path("network").asText("");
    String scheme =
        accepted.path("scheme").isTextual()
            ? accepted.path("scheme").asText()
            : payload.path("scheme").asText("exact");
    if (!"exact".equals(scheme)) {
      throw refusal(call, "the payment's scheme \"" + scheme + "\" is not quoted; use \"exact\"");
    }
    PaymentQuotes.Network quoted =
        PaymentQuotes.NETWORKS.stream()
            .filter(n -> n.caip2().equals(network))
            .findFirst()
            .orElseThrow(
                () ->
                    refusal(
                        call,
                        "the payment's network \""
                            + network
                            + "\" is not one of the quote's ("
                            + String.join(
                                ", ",
                                PaymentQuotes.NETWORKS.stream()
                                    .map(PaymentQuotes.Network::caip2)
                                    .toList())
                            + ")"));
    if (quoted.solana()) {
      throw refusal(
          call,
          "Solana payments are not taken yet: they settle through an x402 facilitator's Solana"
              + " scheme, which this service does not use; pay on an EVM network of the quote");
    }
    long chainId = Long.parseLong(quoted.caip2().substring("eip155:".length()));
    TransferAuthorization authorization = authorization(payload.path("payload"));
    var terms =
        new AuthorizationCheck.Terms(
            new TransferAuthorization.TokenDomain(
                quoted.tokenName(), "2", chainId, EvmAddress.of(quoted.usdc())),
            EvmAddress.of(config.payToEvm().orElseThrow()),
            UsdcAmount.payPerCall(CreditPrice.of(call)).atomic());
    return new PerCallPayment(quoted.caip2(), terms, authorization);
  }

  private JsonNode decode(String header) {
    if (header == null || header.isBlank() || header.length() > MAX_HEADER) {
      throw ApiError.badRequest(
          "The payment header must be base64 of an x402 payment payload (at most "
              + MAX_HEADER
              + " characters)");
    }
    byte[] bytes;
    try {
      String text = header.strip();
      bytes =
          text.indexOf('-') >= 0 || text.indexOf('_') >= 0
              ? Base64.getUrlDecoder().decode(text)
              : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest("The payment header is not valid base64");
    }
    try {
      JsonNode node = json.readTree(new String(bytes, StandardCharsets.UTF_8));
      if (node == null || !node.isObject()) {
        throw ApiError.badRequest("The payment header must hold a JSON object");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("The payment header does not hold valid JSON");
    }
  }

  private static TransferAuthorization authorization(JsonNode payload) {
    JsonNode auth = payload.path("authorization");
    if (!auth.isObject()) {
      throw ApiError.badRequest(
          "The payment has no payload.authorization (an EIP-3009 transferWithAuthorization)");
    }
    return new TransferAuthorization(
        address(auth, "from"),
        address(auth, "to"),
        uint(auth, "value"),
        uint(auth, "validAfter"),
        uint(auth, "validBefore"),
        nonce(auth),
        signature(payload));
  }

  private static EvmAddress address(JsonNode auth, String field) {
    String text = auth.path(field).asText("");
    if (!text.matches("0x[0-9a-fA-F]{40}")) {
      throw ApiError.badRequest(
          "payload.authorization." + field + " must be an EVM address (0x and 40 hex digits)");
    }
    return EvmAddress.of(text);
  }

  private static BigInteger uint(JsonNode auth, String field) {
    JsonNode node = auth.path(field);
    String text = node.isTextual() || node.isIntegralNumber() ? node.asText() : "";
    if (!text.matches("[0-9]{1,78}") || new BigInteger(text).bitLength() > 256) {
      throw ApiError.badRequest(
          "payload.authorization." + field + " must be a uint256 as a decimal string");
    }
    return new BigInteger(text);
  }

  private static Bytes32 nonce(JsonNode auth) {
    String text = auth.path("nonce").asText("");
    if (!text.matches("0x[0-9a-fA-F]{64}")) {
      throw ApiError.badRequest("payload.authorization.nonce must be 0x and 64 hex digits");
    }
    return Bytes32.parse(text, "nonce");
  }

  private static String signature(JsonNode payload) {
    String text = payload.path("signature").asText("");
    if (!text.matches("0x[0-9a-fA-F]{130}")) {
      throw ApiError.badRequest("payload.signature must be 0x and 65 bytes of hex");
    }
    return text;
  }

  /** 402 with the quote for {@code call} in {@code payment-required}: pay again, differently. */
  private ApiError refusal(CreditPrice.Call call, String reason) {
    return new ApiError(
        402,
        "Payment refused: " + reason + "." + NOTHING,
        Map.of(PaymentQuotes.HEADER, quotes.encoded(call)));
  }

  /**
   * A paid call's outcome as HTTP.
   *
   * @param unpaid the answer of a call that did not deliver (its 4xx or 503)
   * @param paid the delivered answer; {@code PAYMENT-RESPONSE} is added to it
   */
  public <T> Response answer(
      PaidCallUseCase.Outcome<T> outcome,
      CreditPrice.Call call,
      PerCallPayment payment,
      Function<T, Response> unpaid,
      Function<T, Response> paid) {
    if (outcome instanceof PaidCallUseCase.Outcome.Paid<T> done) {
      return Response.fromResponse(paid.apply(done.answer()))
          .header(PAYMENT_RESPONSE, settleResponse(done.receipt()))
          .build();
    }
    if (outcome instanceof PaidCallUseCase.Outcome.NotDelivered<T> failed) {
      return unpaid.apply(failed.answer());
    }
    if (outcome instanceof PaidCallUseCase.Outcome.Refused<T> refused) {
      return envelopes.error(refusal(call, refused.reason()));
    }
    if (outcome instanceof PaidCallUseCase.Outcome.Unavailable<T>) {
      return envelopes.rpcFailure(
          List.of(
              new Envelopes.FailedRead(
                  "payment",
                  payment.terms().domain().chainId(),
                  "the payment's authorization state could not be read")));
    }
    PaidCallUseCase.Outcome.NotSettled<T> unsettled =
        (PaidCallUseCase.Outcome.NotSettled<T>) outcome;
    if (unsettled.refused()) {
      return envelopes.error(
          new ApiError(
              402,
              "Payment refused at settlement: "
                  + unsettled.reason()
                  + "; the answer was withheld."
                  + NOTHING
                  + " Sign a new payment to retry.",
              Map.of(PaymentQuotes.HEADER, quotes.encoded(call))));
    }
    return envelopes.error(
        new ApiError(
            503,
            "The payment's settlement did not complete ("
                + unsettled.reason()
                + "); the answer was withheld. This authorization is spent for this service: if"
                + " its transfer lands, nothing more is owed; sign a new payment to retry.",
            Map.of("Retry-After", "3")));
  }

  private String settleResponse(PaidCallUseCase.Receipt receipt) {
    ObjectNode body = json.createObjectNode();
    body.put("success", true);
    body.put("transaction", receipt.txHash());
    body.put("network", receipt.network());
    body.put("payer", receipt.payer());
    try {
      return Base64.getEncoder()
          .encodeToString(json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a settlement response always serializes", e);
    }
  }
}
