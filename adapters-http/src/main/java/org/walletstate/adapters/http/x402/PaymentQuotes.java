package org.walletstate.adapters.http.x402;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.adapters.http.auth.CredentialFilters;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.UsdcAmount;
import org.walletstate.domain.address.SolanaAddress;

/**
 * The x402 payment quote a caller without credentials receives on a pay-per-call endpoint: HTTP 402
 * with {@code x402Version, error, resource, accepts}, no envelope, and the same bytes base64 in the
 * {@code payment-required} header. The amount is priced from the exact body sent and is the same on
 * every network. Solana is offered only when a facilitator settles it here: with a Solana pay-to
 * address, a configured facilitator and the fee payer it names. Built at start, so that a Solana
 * pay-to address that is not one stops the start (the composition root, {@code X402Wiring}, builds
 * it at start).
 */
public class PaymentQuotes {

  public static final int X402_VERSION = 2;
  public static final String HEADER = "payment-required";

  /** USDC's decimals, on every quoted network. */
  static final int USDC_DECIMALS = 6;

  /** The quoted Solana network (mainnet). */
  public static final String SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";

  /** A settlement network of the quote, in the interface's order. */
  record Network(String caip2, String usdc, String tokenName, boolean solana) {}

  static final List<Network> NETWORKS =
      List.of(
          new Network(
              "eip155:8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "USD Coin", false),
          new Network(
              "eip155:137", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", "USD Coin", false),
          new Network(
              "eip155:42161", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "USD Coin", false),
          new Network(SOLANA_MAINNET, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", null, true),
          new Network("eip155:5042", "0x3600000000000000000000000000000000000000", "USDC", false));

  private final PayPerCallConfig config;
  private final ObjectMapper json;
  private final SolanaFeePayer feePayer;
  private final Optional<SolanaAddress> payToSolana;

  public PaymentQuotes(PayPerCallConfig config, ObjectMapper json, SolanaFeePayer feePayer) {
    this.config = config;
    this.json = json;
    this.feePayer = feePayer;
    this.payToSolana =
        config
            .payToSolana()
            .filter(to -> !to.isBlank())
            .map(to -> SolanaAddress.parse(to.strip(), "walletstate.x402.pay-to-solana"));
  }

  /** Whether pay-per-call is configured at all: it is with an EVM pay-to address. */
  public boolean enabled() {
    return config.payToEvm().filter(to -> !to.isBlank()).isPresent();
  }

  /**
   * The Solana entry's pay-to address and fee payer, when Solana is offered: a Solana pay-to
   * address, a facilitator, and the fee payer it named.
   */
  Optional<SolanaTerms> solana() {
    if (payToSolana.isEmpty() || !feePayer.facilitated()) {
      return Optional.empty();
    }
    return feePayer.current().map(payer -> new SolanaTerms(payToSolana.get(), payer));
  }

  /** What the quote's Solana entry names. */
  record SolanaTerms(SolanaAddress payTo, SolanaAddress feePayer) {}

  /** The quoted networks, in the interface's order: Solana only when it is offered. */
  List<Network> networks() {
    boolean solana = solana().isPresent();
    return NETWORKS.stream().filter(n -> solana || !n.solana()).toList();
  }

  /**
   * A {@code GET} or {@code HEAD} on a pay-per-call endpoint, which carries no body: the one-unit
   * quote for a caller without credentials; a caller with a key is told to POST (405 with {@code
   * Allow}).
   */
  public Response quoteWithoutBody(MeteredOperation operation, boolean anonymous, boolean head) {
    if (!anonymous) {
      throw new ApiError(405, "Use POST for " + path(operation), Map.of(HttpHeaders.ALLOW, "POST"));
    }
    return quote(new CreditPrice.Call(operation, 1, false), head);
  }

  /**
   * The 402 quote for {@code call}, or 401 when pay-per-call is not configured.
   *
   * @param head whether the request was a HEAD (header only, no body)
   */
  public Response quote(CreditPrice.Call call, boolean head) {
    if (!enabled()) {
      throw new ApiError(401, CredentialFilters.INVALID_KEY);
    }
    byte[] body = bytes(payload(call));
    Response.ResponseBuilder response =
        Response.status(402)
            .type(MediaType.APPLICATION_JSON_TYPE)
            .header(HEADER, Base64.getEncoder().encodeToString(body));
    return (head ? response : response.entity(body)).build();
  }

  /** The quote for {@code call} as the {@code payment-required} header carries it. */
  public String encoded(CreditPrice.Call call) {
    return Base64.getEncoder().encodeToString(bytes(payload(call)));
  }

  ObjectNode payload(CreditPrice.Call call) {
    UsdcAmount amount = UsdcAmount.payPerCall(CreditPrice.of(call));
    String base = baseUrl();
    ObjectNode quote = json.createObjectNode();
    quote.put("x402Version", X402_VERSION);
    quote.put(
        "error",
        "Payment required: pay "
            + amount.usd().stripTrailingZeros().toPlainString()
            + " USDC per call, or send an API key (X-API-Key)");
    ObjectNode resource = quote.putObject("resource");
    resource.put("url", base + path(call.operation()));
    resource.put("method", "POST");
    resource.put("description", description(call));
    resource.put("mimeType", MediaType.APPLICATION_JSON);
    resource.put("serviceName", config.serviceName());
    ArrayNode tags = resource.putArray("tags");
    List.of("wallet-state", "attestation", "onchain-data").forEach(tags::add);
    resource.put("iconUrl", config.iconUrl().orElse(base + "/icon.svg"));
    ArrayNode accepts = quote.putArray("accepts");
    Optional<SolanaTerms> solana = solana();
    for (Network network : NETWORKS) {
      if (network.solana() && solana.isEmpty()) {
        continue;
      }
      ObjectNode entry = accepts.addObject();
      entry.put("scheme", "exact");
      entry.put("network", network.caip2());
      entry.put("amount", amount.atomic().toString());
      entry.put("asset", network.usdc());
      entry.put(
          "payTo",
          network.solana() ? solana.get().payTo().text() : config.payToEvm().orElseThrow());
      entry.put("maxTimeoutSeconds", config.maxTimeoutSeconds());
      ObjectNode extra = entry.putObject("extra");
      if (network.solana()) {
        extra.put("feePayer", solana.get().feePayer().text());
      } else {
        extra.put("name", network.tokenName());
        extra.put("version", "2");
      }
    }
    return quote;
  }

  /** Where {@code operation} is served: the path its quote names. */
  static String path(MeteredOperation operation) {
    return switch (operation) {
      case ATTEST -> "/v1/attest";
      case TRUST -> "/v1/trust";
      case TRUST_BATCH -> "/v1/trust/batch";
    };
  }

  private static String description(CreditPrice.Call call) {
    String what = call.operation().description();
    if (call.operation() != MeteredOperation.ATTEST) {
      what += " (" + call.wallets() + (call.wallets() == 1 ? " wallet)" : " wallets)");
    }
    return call.proof() ? what + ", with Merkle proofs" : what;
  }

  private String baseUrl() {
    String base = config.publicBaseUrl();
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  private byte[] bytes(ObjectNode payload) {
    try {
      return json.writeValueAsString(payload).getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a quote always serializes", e);
    }
  }
}
