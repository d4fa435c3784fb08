package org.walletstate.adapters.http.wiring;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.walletstate.adapters.http.attest.AttestTools;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.commerce.CommerceTools;
import org.walletstate.adapters.http.edge.Failures;
import org.walletstate.adapters.http.mcp.McpTools;
import org.walletstate.adapters.http.mcp.ToolAnswers;
import org.walletstate.adapters.http.mcp.ToolCallCheck;
import org.walletstate.adapters.http.mcp.ToolLimits;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.signing.SigningTools;
import org.walletstate.adapters.http.trust.TrustTools;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.signing.port.in.KeySetQuery;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;

/**
 * The tool endpoint {@code /mcp}: what every tool shares ({@link ToolAnswers}), the per-address
 * limits a tool shares with its REST endpoint, the check of a tool call's arguments (the MCP
 * server's {@code McpRequestValidator}, which it takes as a bean), and each feature's tools ({@code
 * ToolSet}s, which {@code McpTools} collects), each over the same incoming port as its REST
 * endpoint.
 */
@ApplicationScoped
public class McpWiring {

  @Produces
  @Singleton
  ToolAnswers toolAnswers(ObjectMapper json, JsonBodies bodies, Failures failures) {
    return new ToolAnswers(json, bodies, failures);
  }

  // Each tool's producer declared alike by design: one method a bean, built from its own use case.
  @Produces
  @Singleton
  ToolLimits toolLimits(AddressLimits limits) {
    return new ToolLimits(limits);
  }

  @Produces
  @Singleton
  AttestTools attestTools(AttestUseCase attest, ToolAnswers answers) {
    return new AttestTools(attest, answers);
  }

  @Produces
  @Singleton
  TrustTools trustTools(
      TrustProfileUseCase profiles, TrustBatchUseCase batches, ToolAnswers answers) {
    return new TrustTools(profiles, batches, answers);
  }

  @Produces
  @Singleton
  CommerceTools commerceTools(
      MerchantQueries queries,
      TokenRegistryUseCase registry,
      DiscountEligibilityUseCase eligibility,
      DiscountCodeQuery codes,
      ToolAnswers answers) {
    return new CommerceTools(queries, registry, eligibility, codes, answers);
  }

  @Produces
  @Singleton
  SigningTools signingTools(KeySetQuery keySet) {
    return new SigningTools(keySet);
  }

  @Produces
  @Singleton
  ToolCallCheck toolCallCheck(McpTools tools) {
    return new ToolCallCheck(tools);
  }
}
