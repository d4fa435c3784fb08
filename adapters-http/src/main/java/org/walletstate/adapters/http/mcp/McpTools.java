package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.walletstate.adapters.http.attest.ComplianceTemplatesResource;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.commerce.DiscountAnswers;
import org.walletstate.adapters.http.commerce.DiscountCheckResource;
import org.walletstate.adapters.http.commerce.DiscountViews;
import org.walletstate.adapters.http.commerce.MerchantViews;
import org.walletstate.adapters.http.commerce.MerchantsResource;
import org.walletstate.adapters.http.commerce.TokensResource;
import org.walletstate.adapters.http.edge.Failures;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.trust.TrustResource;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.account.port.in.Paid.Settlement;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.signing.port.in.KeySetQuery;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.attest.AttestCommand;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.trust.TrustBatchCommand;
import org.walletstate.domain.trust.TrustCommand;
import org.walletstate.domain.trust.TrustFailure;

/**
 * Registers the tools of {@code /mcp} at start-up. Each tool reads its arguments exactly as its
 * REST endpoint reads a body ({@link JsonBodies}, then the same command parser), calls the same
 * incoming port, and answers the same signed {@code data}; a failure is a tool error carrying the
 * message the REST endpoint would have answered ({@link Failures}). The metered tools parse first
 * and draw from the shared allowance only for a valid request, so bad arguments never use it up.
 */
@ApplicationScoped
public class McpTools {

  /** The service account's key era: the migration creates it as a v2 account. */
  static final KeyVersion ACCOUNT_VERSION = KeyVersion.V2;

  /** Signed text parsed without losing a digit of any number. */
  private static final ObjectMapper EXACT =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private final ToolManager tools;
  private final ObjectMapper json;
  private final JsonBodies bodies;
  private final Failures failures;
  private final AttestUseCase attest;
  private final TrustProfileUseCase profiles;
  private final TrustBatchUseCase batches;
  private final KeySetQuery keySet;
  private final MerchantQueries queries;
  private final TokenRegistryUseCase registry;
  private final DiscountEligibilityUseCase eligibility;
  private final DiscountCodeQuery codes;
  private final Map<String, Function<Map<String, Object>, Uni<ToolResponse>>> handlers;

  @Inject
  public McpTools(
      ToolManager tools,
      ObjectMapper json,
      JsonBodies bodies,
      Failures failures,
      AttestUseCase attest,
      TrustProfileUseCase profiles,
      TrustBatchUseCase batches,
      KeySetQuery keySet,
      MerchantQueries queries,
      TokenRegistryUseCase registry,
      DiscountEligibilityUseCase eligibility,
      DiscountCodeQuery codes) {
    this.tools = tools;
    this.json = json;
    this.bodies = bodies;
    this.failures = failures;
    this.attest = attest;
    this.profiles = profiles;
    this.batches = batches;
    this.keySet = keySet;
    this.queries = queries;
    this.registry = registry;
    this.eligibility = eligibility;
    this.codes = codes;
    this.handlers = Map.copyOf(handlers());
  }

  /** Whether {@code name} is one of the tools. */
  boolean handles(String name) {
    return handlers.containsKey(name);
  }

  /** Calls tool {@code name} as {@code tools/call} does, failures as tool errors. */
  Uni<ToolResponse> call(String name, Map<String, Object> args) {
    return guarded(() -> handlers.get(name).apply(args));
  }

  void register(@Observes StartupEvent start) {
    ToolCatalogue catalogue = ToolCatalogue.load(json);
    Map<String, Function<Map<String, Object>, Uni<ToolResponse>>> handlers =
        new HashMap<>(this.handlers);
    for (ToolCatalogue.Entry entry : catalogue.all()) {
      Function<Map<String, Object>, Uni<ToolResponse>> handler = handlers.remove(entry.name());
      if (handler == null) {
        throw new IllegalStateException("tool " + entry.name() + " is listed but not handled");
      }
      tools
          .newTool(entry.name())
          .setTitle(entry.title())
          .setDescription(entry.description())
          .setInputSchema(vertx(entry.inputSchema()))
          .setOutputSchema(vertx(entry.outputSchema()))
          .setAnnotations(
              new ToolManager.ToolAnnotations(
                  entry.title(), true, false, !entry.metered(), entry.openWorld()))
          .setAsyncHandler(args -> guarded(() -> handler.apply(new HashMap<>(args.args()))))
          .register();
    }
    if (!handlers.isEmpty()) {
      throw new IllegalStateException("tools handled but not listed: " + handlers.keySet());
    }
  }

  private Map<String, Function<Map<String, Object>, Uni<ToolResponse>>> handlers() {
    Map<String, Function<Map<String, Object>, Uni<ToolResponse>>> handlers = new HashMap<>();
    handlers.put("jwks", args -> jwks());
    handlers.put("compliance_templates", args -> templates());
    handlers.put("attest", this::attest);
    handlers.put("wallet_trust", this::trust);
    handlers.put("batch_wallet_trust", this::batch);
    handlers.put("list_merchants", this::merchants);
    handlers.put("get_merchant", this::merchant);
    handlers.put("list_tokens", this::tokens);
    handlers.put("check_discount", this::checkDiscount);
    handlers.put("validate_code", this::validateCode);
    return handlers;
  }

  // --- public tools ------------------------------------------------------------------------------

  private Uni<ToolResponse> jwks() {
    JsonNode keys = exact(keySet.jwksJson());
    return Uni.createFrom().item(success(keys.toString(), keys));
  }

  private Uni<ToolResponse> templates() {
    JsonNode data = json.valueToTree(ComplianceTemplatesResource.data());
    return Uni.createFrom().item(success(data.toString(), data));
  }

  private Uni<ToolResponse> merchants(Map<String, Object> args) {
    DirectoryQuery query =
        DirectoryQuery.parse(
            scalar(args, "token"),
            scalar(args, "verified"),
            scalar(args, "limit"),
            scalar(args, "offset"));
    return queries
        .directory(query)
        .map(
            page -> {
              Map<String, Object> data = new LinkedHashMap<>();
              data.put(
                  "merchants",
                  page.merchants().stream().map(MerchantViews::directoryEntry).toList());
              data.put("total", page.total());
              data.put("limit", query.limit());
              data.put("offset", query.offset());
              JsonNode tree = json.valueToTree(data);
              return success(
                  page.merchants().size() + " of " + page.total() + " listed merchant(s). " + tree,
                  tree);
            });
  }

  private Uni<ToolResponse> merchant(Map<String, Object> args) {
    String id = scalar(args, "id");
    if (id == null) {
      throw new ValidationException("id is required");
    }
    CompanyId merchant = MerchantsResource.merchantId(id);
    return queries
        .publicView(merchant)
        .map(
            found -> {
              JsonNode tree =
                  json.valueToTree(
                      MerchantViews.publicView(
                          found.orElseThrow(() -> MerchantsResource.notFound(merchant.value()))));
              return success(tree.toString(), tree);
            });
  }

  private Uni<ToolResponse> tokens(Map<String, Object> args) {
    RegistryQuery query =
        RegistryQuery.parse(scalar(args, "chain"), scalar(args, "symbol"), scalar(args, "type"));
    return registry
        .list(query)
        .map(
            entries -> {
              Map<String, Object> data = new LinkedHashMap<>();
              data.put("tokens", entries.stream().map(TokensResource::listed).toList());
              data.put("count", entries.size());
              JsonNode tree = json.valueToTree(data);
              return success(tree.toString(), tree);
            });
  }

  private Uni<ToolResponse> checkDiscount(Map<String, Object> args) {
    DiscountRequest request = DiscountCheckResource.request(name -> scalar(args, name));
    return eligibility
        .eligibility(DiscountCheckResource.query(request))
        .map(
            outcome -> {
              if (outcome instanceof EligibilityOutcome.Computed computed) {
                JsonNode tree =
                    json.valueToTree(
                        DiscountViews.check(
                            computed.merchant().id().value(), computed.eligibility()));
                return success(
                    computed.eligibility().discount()
                        + "% at "
                        + computed.merchant().id()
                        + " without a proof"
                        + computed
                            .eligibility()
                            .discountIfProven()
                            .map(d -> ", " + d + "% with walletProof")
                            .orElse("")
                        + ". "
                        + tree,
                    tree);
              }
              if (outcome instanceof EligibilityOutcome.RpcFailure failure) {
                return rpcFailure(DiscountAnswers.failedReads(failure.failures()));
              }
              return error(DiscountAnswers.refusal(outcome, request.merchant()));
            });
  }

  private Uni<ToolResponse> validateCode(Map<String, Object> args) {
    String text = scalar(args, "code");
    if (text == null) {
      throw new ValidationException("code is required");
    }
    DiscountCode code;
    try {
      code = DiscountCode.parse(text, "code");
    } catch (ValidationException e) {
      JsonNode tree = json.valueToTree(DiscountViews.code(text, null, IssuedCode.State.NOT_FOUND));
      return Uni.createFrom().item(success(tree.toString(), tree));
    }
    return codes
        .code(code)
        .map(
            found -> {
              JsonNode tree =
                  json.valueToTree(
                      DiscountViews.code(code.text(), found.code().orElse(null), found.state()));
              return success(tree.toString(), tree);
            });
  }

  /**
   * A filter argument as its REST endpoint receives the query parameter: text (numbers and booleans
   * as they would be written in the query), or null when absent.
   */
  private static String scalar(Map<String, Object> args, String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw new ValidationException(name + " must be a string, a number or a boolean");
  }

  // --- metered tools -----------------------------------------------------------------------------

  private Uni<ToolResponse> attest(Map<String, Object> args) {
    AttestCommand command = AttestCommand.parse(body(args), ACCOUNT_VERSION);
    return attest
        .attest(Payer.sharedAllowance(), command)
        .map(
            paid ->
                drawn(
                    paid,
                    (outcome, drawn) -> {
                      if (outcome instanceof AttestOutcome.Signed signed) {
                        JsonNode data = exact(signed.dataJson());
                        JsonNode attestation = data.get("attestation");
                        return metered(
                            "Attestation "
                                + attestation.get("id").asText()
                                + ": pass="
                                + attestation.get("pass").asBoolean()
                                + " ("
                                + attestation.get("passCount").asInt()
                                + " met, "
                                + attestation.get("failCount").asInt()
                                + " not met), signed with "
                                + data.get("kid").asText()
                                + " and "
                                + data.get("pqKid").asText()
                                + ".",
                            data,
                            drawn);
                      }
                      if (outcome instanceof AttestOutcome.Unavailable unavailable) {
                        return rpcFailure(
                            unavailable.failedConditions().stream()
                                .map(McpTools::failedRead)
                                .toList());
                      }
                      if (outcome instanceof AttestOutcome.Refused refused) {
                        return error(ApiError.badRequest(refused.message()));
                      }
                      AttestOutcome.InsufficientCredits shortOf =
                          (AttestOutcome.InsufficientCredits) outcome;
                      return error(insufficient(shortOf.available(), shortOf.required()));
                    }));
  }

  private Uni<ToolResponse> trust(Map<String, Object> args) {
    TrustCommand command = TrustCommand.parse(body(args));
    return profiles
        .profile(Payer.sharedAllowance(), command)
        .map(
            paid ->
                drawn(
                    paid,
                    (outcome, drawn) -> {
                      if (outcome instanceof TrustOutcome.Signed signed) {
                        JsonNode data = exact(signed.dataJson());
                        return metered(profileSummary(data), data, drawn);
                      }
                      if (outcome instanceof TrustOutcome.Unavailable unavailable) {
                        return rpcFailure(failedReads(unavailable.failures()));
                      }
                      TrustOutcome.InsufficientCredits shortOf =
                          (TrustOutcome.InsufficientCredits) outcome;
                      return error(insufficient(shortOf.available(), shortOf.required()));
                    }));
  }

  private Uni<ToolResponse> batch(Map<String, Object> args) {
    TrustBatchCommand command = TrustBatchCommand.parse(body(args));
    int requested = command.entries().size();
    return batches
        .profiles(Payer.sharedAllowance(), command)
        .map(
            paid ->
                drawn(
                    paid,
                    (outcome, drawn) -> {
                      if (outcome instanceof TrustBatchOutcome.InsufficientCredits shortOf) {
                        return error(insufficient(shortOf.available(), shortOf.required()));
                      }
                      return batchAnswer((TrustBatchOutcome.Answered) outcome, requested, drawn);
                    }));
  }

  private ToolResponse batchAnswer(
      TrustBatchOutcome.Answered answered, int requested, Settlement.Drawn drawn) {
    List<Object> results = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (TrustBatchOutcome.Entry entry : answered.results()) {
      if (entry instanceof TrustBatchOutcome.Profiled profiled) {
        JsonNode data = exact(profiled.dataJson());
        results.add(data);
        lines.add("- " + profileSummary(data));
      } else {
        TrustBatchOutcome.Failed failed = (TrustBatchOutcome.Failed) entry;
        results.add(
            new TrustResource.BatchError(
                false,
                failed.wallet(),
                new Envelopes.RpcFailureBody(
                    "rpc_failure", Envelopes.RPC_FAILURE_MESSAGE, failedReads(failed.failures()))));
        lines.add(
            "- "
                + failed.wallet()
                + ": not profiled (rpc_failure: a chain could not be read; nothing signed or"
                + " charged for it)");
      }
    }
    long succeeded = answered.succeeded();
    JsonNode data =
        json.valueToTree(
            new TrustResource.BatchData(
                results,
                new TrustResource.BatchSummary(requested, succeeded, requested - succeeded)));
    String text =
        requested
            + " wallet(s): "
            + succeeded
            + " profiled and signed, "
            + (requested - succeeded)
            + " failed. The full signed profiles are in structuredContent (data.results).\n"
            + String.join("\n", lines);
    return metered(text, data, drawn);
  }

  private static String profileSummary(JsonNode data) {
    JsonNode trust = data.get("trust");
    JsonNode summary = trust.get("summary");
    return "Trust profile "
        + trust.get("id").asText()
        + " of "
        + trust.get("wallet").asText()
        + ": "
        + summary.get("totalChecks").asInt()
        + " checks, "
        + summary.get("totalPassed").asInt()
        + " passed, "
        + summary.get("totalFailed").asInt()
        + " failed, "
        + summary.get("totalNotEvaluated").asInt()
        + " not evaluated; signed with "
        + data.get("kid").asText()
        + " and "
        + data.get("pqKid").asText()
        + ".";
  }

  // --- the allowance -----------------------------------------------------------------------------

  /**
   * A metered tool's answer: its outcome answered with the allowance drawn for it, or the refusal
   * once the day's allowance is used up.
   */
  private <T> ToolResponse drawn(
      Paid<T> paid, BiFunction<T, Settlement.Drawn, ToolResponse> answer) {
    if (paid instanceof Paid.Answered<T> answered) {
      return answer.apply(answered.outcome(), (Settlement.Drawn) answered.settlement());
    }
    return error(spentError((Paid.Decline.Spent) ((Paid.Declined<T>) paid).decline()));
  }

  /** The refusal once the day's allowance is used up: 429, and when it resets. */
  static ApiError spentError(Paid.Decline.Spent spent) {
    return new ApiError(
        429,
        "The shared daily allowance of this MCP endpoint ("
            + spent.perDay()
            + " metered tool calls per UTC day, for all callers together) is used up; it resets at "
            + spent.resetsAt()
            + ", in "
            + spent.retryAfterSeconds()
            + " seconds. For calls of your own, create an API key (POST /v1/keys/create) and use"
            + " the REST endpoints.",
        Map.of("Retry-After", Long.toString(spent.retryAfterSeconds())));
  }

  private ToolResponse metered(String text, JsonNode data, Settlement.Drawn drawn) {
    ObjectNode structured = json.createObjectNode();
    structured.set("data", data);
    ObjectNode used = structured.putObject("allowance");
    used.put("perDay", drawn.perDay());
    used.put("used", drawn.used());
    used.put("remaining", Math.max(0, drawn.perDay() - drawn.used()));
    used.put("resetsAt", drawn.resetsAt().toString());
    return success(
        text
            + " Shared allowance: "
            + Math.max(0, drawn.perDay() - drawn.used())
            + " of "
            + drawn.perDay()
            + " calls left today. The signed result is in structuredContent.data.",
        structured);
  }

  // --- arguments, answers and errors -------------------------------------------------------------

  /** The arguments as the REST endpoint would read them from a body. */
  private RequestValue.Obj body(Map<String, Object> args) {
    byte[] text;
    try {
      text = json.writeValueAsBytes(args);
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("The tool arguments are not a JSON object");
    }
    return bodies.object(text);
  }

  /** Runs a tool, turning anything it throws into the tool error its REST endpoint would give. */
  private Uni<ToolResponse> guarded(Supplier<Uni<ToolResponse>> tool) {
    Uni<ToolResponse> call;
    try {
      call = tool.get();
    } catch (RuntimeException e) {
      return Uni.createFrom().item(error(failures.classify(e)));
    }
    return call.onFailure().recoverWithItem(e -> error(failures.classify(e)));
  }

  private static ToolResponse success(String text, JsonNode structured) {
    return new ToolResponse(false, List.of(new TextContent(text)), vertx(structured), null);
  }

  /**
   * A tool error: the first text is the REST error's message; the second is the REST envelope's
   * {@code error} member as JSON (its numeric code, or {@code rpc_failure} with the failed reads).
   */
  private ToolResponse error(ApiError failure) {
    ObjectNode error = json.createObjectNode();
    ObjectNode body = error.putObject("error");
    body.put("code", failure.status());
    body.put("message", failure.getMessage());
    String retryAfter = failure.headers().get("Retry-After");
    if (retryAfter != null) {
      body.put("retryAfterSeconds", Long.parseLong(retryAfter));
    }
    return errorResponse(failure.getMessage(), error);
  }

  private ToolResponse rpcFailure(List<Envelopes.FailedRead> failed) {
    ObjectNode error = json.createObjectNode();
    error.set(
        "error",
        json.valueToTree(
            new Envelopes.RpcFailureBody("rpc_failure", Envelopes.RPC_FAILURE_MESSAGE, failed)));
    return errorResponse(Envelopes.RPC_FAILURE_MESSAGE, error);
  }

  private static ToolResponse errorResponse(String message, JsonNode error) {
    return new ToolResponse(
        true, List.of(new TextContent(message), new TextContent(error.toString())), null, null);
  }

  /**
   * The service account cannot pay: its bookkeeping balance (granted by the migration) ran out. Not
   * the caller's doing, so a 500 with a logged reference, like any other fault of the service.
   */
  private ApiError insufficient(long available, long required) {
    return failures.classify(
        new IllegalStateException(
            "the MCP service account cannot pay: "
                + available
                + " credits available, "
                + required
                + " required"));
  }

  private static Envelopes.FailedRead failedRead(FailedCondition failed) {
    return new Envelopes.FailedRead(
        failed.source().wireName(), failed.chainId().wireValue(), failed.message());
  }

  private static List<Envelopes.FailedRead> failedReads(List<TrustFailure> failures) {
    return failures.stream()
        .map(
            f ->
                new Envelopes.FailedRead(
                    f.source().wireName(), f.chainId().wireValue(), f.message()))
        .toList();
  }

  private static JsonNode exact(String text) {
    try {
      return EXACT.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("signed text is not JSON", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static JsonObject vertx(JsonNode node) {
    return new JsonObject(EXACT.convertValue(node, Map.class));
  }
}
