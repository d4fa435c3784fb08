package org.walletstate.adapters.http.x402;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.payment.port.in.X402Payload;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.UsdcAmount;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.payment.TransferAuthorization;
import org.walletstate.domain.request.RequestValue;

/**
 * The one way a payable endpoint is served ({@link #serve}): the quote for a caller without any
 * credential, else the caller's {@code Payer} (a key's credits, or an x402 paid retry whose header,
 * {@code PAYMENT-SIGNATURE} or {@code X-PAYMENT}, is read against the quote for the exact body)
 * handed to the use case, and what it came to as HTTP (a key's answer, a paid answer with {@code
 * PAYMENT-RESPONSE}, or why the payment did not buy it). Built by the composition root ({@code
 * X402Wiring}).
 */
public class PerCallPayments {

  public static final String PAYMENT_RESPONSE = "PAYMENT-RESPONSE";
  private static final String NOTHING = " Nothing was charged.";

  // Held as handed in by design: the composition root builds it once.
  private final PaymentQuotes quotes;
  private final PayPerCallConfig config;
  private final ObjectMapper json;
  private final Envelopes envelopes;

  public PerCallPayments(
      PaymentQuotes quotes, PayPerCallConfig config, ObjectMapper json, Envelopes envelopes) {
    this.quotes = quotes;
    this.config = config;
    this.json = json;
    this.envelopes = envelopes;
  }

  /**
   * A payable endpoint's call, whoever pays: a caller without any credential is answered the quote
   * for {@code call}; a paid retry pays with the payment in its header, read against that quote
   * ({@link #payment}); a key pays with its credits. The use case gets the payer and its outcome is
   * answered by {@code answers}.
   */
  public <T> Uni<Response> serve(
      CurrentCaller caller,
      CreditPrice.Call call,
      Function<Payer, Uni<Paid<T>>> useCase,
      Answers<T> answers) {
    Optional<String> header = caller.payment();
    if (header.isEmpty() && caller.anonymous()) {
      return Uni.createFrom().item(quotes.quote(call, false));
    }
    Payer payer =
        header.isPresent()
            ? Payer.perCall(payment(header.get(), call))
            : Payer.credits(caller.account());
    return ServerTimings.answered(
        () -> useCase.apply(payer), paid -> answer(paid, payer, call, answers));
  }

  /**
   * How a payable endpoint answers its outcome.
   *
   * @param answered an outcome paid with a key's credits (with its {@code meta})
   * @param unpaid the outcome of a paid call that did not deliver (its 4xx or 503); it costs
   *     nothing
   * @param delivered the delivered outcome of a paid call; {@code PAYMENT-RESPONSE} is added to it
   */
  public record Answers<T>(
      Function<T, Response> answered,
      Function<T, Response> unpaid,
      Function<T, Response> delivered) {}

  /**
   * A payable call's outcome as HTTP, whoever paid: a key's answer as it is, a delivered paid call
   * with {@code PAYMENT-RESPONSE}, or why the payment did not buy it.
   */
  private <T> Response answer(
      Paid<T> paid, Payer payer, CreditPrice.Call call, Answers<T> answers) {
    if (paid instanceof Paid.Answered<T> done) {
      if (done.settlement() instanceof Paid.Settlement.Settled settled) {
        return Response.fromResponse(answers.delivered().apply(done.outcome()))
            .header(PAYMENT_RESPONSE, settleResponse(settled.receipt()))
            .build();
      }
      if (done.settlement() instanceof Paid.Settlement.Unpaid) {
        return answers.unpaid().apply(done.outcome());
      }
      return answers.answered().apply(done.outcome());
    }
    return declined(((Paid.Declined<T>) paid).decline(), payer, call);
  }

  /**
   * The payment in {@code header} for {@code call}, matched to the quote's entry for the network it
   * names: an EIP-3009 authorization on an EVM network, or a partially signed transaction on Solana
   * (offered only with a facilitator). A header that is not a readable x402 payment is 400; a
   * network the quote does not settle here is 402 with the quote.
   */
  PerCallPayment payment(String header, CreditPrice.Call call) {
    if (!quotes.enabled()) {
      throw new ApiError(
          402, "Pay-per-call is not configured on this service; use an API key (X-API-Key)");
    }
    X402Payload payload = X402Payload.of(decode(header));
    String network = payload.network();
    String scheme = payload.scheme();
    if (!"exact".equals(scheme)) {
      throw refusal(call, "the payment's scheme \"" + scheme + "\" is not quoted; use \"exact\"");
    }
    List<PaymentQuotes.Network> offered = quotes.networks();
    PaymentQuotes.Network quoted =
        PaymentQuotes.NETWORKS.stream()
            .filter(n -> n.caip2().equals(network))
            .findFirst()
            .orElseThrow(() -> refusal(call, notQuoted(network, offered)));
    UsdcAmount price = UsdcAmount.payPerCall(CreditPrice.of(call));
    if (quoted.solana()) {
      PaymentQuotes.SolanaTerms solana =
          quotes
              .solana()
              .orElseThrow(
                  () ->
                      refusal(
                          call,
                          "Solana is not offered here: Solana payments settle through an x402"
                              + " facilitator only, and this service has none configured; "
                              + notQuoted(network, offered)));
      return payload.svm(
          quoted.caip2(),
          new SvmPayment.Terms(
              SolanaAddress.of(quoted.usdc()),
              solana.payTo(),
              price.atomic(),
              PaymentQuotes.USDC_DECIMALS,
              solana.feePayer()));
    }
    long chainId = Long.parseLong(quoted.caip2().substring("eip155:".length()));
    return payload.evm(
        quoted.caip2(),
        new AuthorizationCheck.Terms(
            new TransferAuthorization.TokenDomain(
                quoted.tokenName(), "2", chainId, EvmAddress.of(quoted.usdc())),
            EvmAddress.of(config.payToEvm().orElseThrow()),
            price.atomic()));
  }

  private static String notQuoted(String network, List<PaymentQuotes.Network> offered) {
    return "the payment's network \""
        + network
        + "\" is not one of the quote's ("
        + String.join(", ", offered.stream().map(PaymentQuotes.Network::caip2).toList())
        + ")";
  }

  /** The header's payload: base64 of a JSON object ({@link X402Payload#headerBytes}). */
  private RequestValue.Obj decode(String header) {
    byte[] bytes = X402Payload.headerBytes(header);
    try {
      JsonNode node = json.readTree(new String(bytes, StandardCharsets.UTF_8));
      if (node == null || !node.isObject()) {
        throw ApiError.badRequest("The payment header must hold a JSON object");
      }
      return (RequestValue.Obj) value(node);
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("The payment header does not hold valid JSON");
    }
  }

  /** A JSON tree as the domain's request values (a number as Jackson writes it). */
  private static RequestValue value(JsonNode node) {
    if (node.isObject()) {
      Map<String, RequestValue> members = new LinkedHashMap<>();
      node.properties().forEach(m -> members.put(m.getKey(), value(m.getValue())));
      return new RequestValue.Obj(members);
    }
    if (node.isArray()) {
      List<RequestValue> items = new ArrayList<>();
      node.forEach(item -> items.add(value(item)));
      return new RequestValue.Arr(items);
    }
    if (node.isTextual()) {
      return new RequestValue.Text(node.asText());
    }
    if (node.isNumber()) {
      // a float beyond double's range has no exact value: it reads as Jackson's int of it
      boolean finite = !node.isFloatingPointNumber() || Double.isFinite(node.doubleValue());
      return new RequestValue.Number(
          finite ? node.decimalValue() : BigDecimal.valueOf(node.asInt()), node.asText());
    }
    if (node.isBoolean()) {
      return new RequestValue.Bool(node.asBoolean());
    }
    return new RequestValue.Null();
  }

  /** 402 with the quote for {@code call} in {@code payment-required}: pay again, differently. */
  private ApiError refusal(CreditPrice.Call call, String reason) {
    return new ApiError(
        402,
        "Payment refused: " + reason + "." + NOTHING,
        Map.of(PaymentQuotes.HEADER, quotes.encoded(call)));
  }

  /** Why a payment did not buy the call, as HTTP. */
  private Response declined(Paid.Decline decline, Payer payer, CreditPrice.Call call) {
    if (decline instanceof Paid.Decline.Refused refused) {
      return envelopes.error(refusal(call, refused.reason()));
    }
    if (decline instanceof Paid.Decline.Busy busy) {
      return envelopes.error(
          new ApiError(
              503,
              "This service has as many paid calls under way as it settles at once; nothing was"
                  + " done with the payment. Send it again after the Retry-After delay.",
              Map.of("Retry-After", Integer.toString(busy.retryAfterSeconds()))));
    }
    if (decline instanceof Paid.Decline.Unavailable unavailable) {
      return envelopes.rpcFailure(
          List.of(
              ((Payer.PerCall) payer).payment() instanceof PerCallPayment.Evm evm
                  ? new Envelopes.FailedRead(
                      FailureSource.CHAIN_READ.wireName(),
                      evm.terms().domain().chainId(),
                      "the payment's authorization state could not be read")
                  : new Envelopes.FailedRead(
                      FailureSource.CHAIN_READ.wireName(), "solana", unavailable.reason())));
    }
    if (!(decline instanceof Paid.Decline.NotSettled unsettled)) {
      throw new IllegalStateException("not a payer over HTTP: " + decline);
    }
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
                + "); the answer was withheld. This payment is spent for this service: if its"
                + " transfer lands, nothing more is owed; sign a new payment to retry.",
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
