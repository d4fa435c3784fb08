package org.walletstate.adapters.http.commerce;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.walletstate.adapters.http.mcp.ToolAnswers;
import org.walletstate.adapters.http.mcp.ToolSet;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.MerchantQueryCommands;
import org.walletstate.application.commerce.port.in.TokenRegistryCommands;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/**
 * The commerce tools of {@code /mcp}, all public: {@code list_merchants}, {@code get_merchant},
 * {@code list_tokens}, {@code check_discount} and {@code validate_code}, each over the same use
 * case as its REST endpoint, its filters read as that endpoint reads its query parameters.
 */
public class CommerceTools implements ToolSet {

  private final MerchantQueries queries;
  private final TokenRegistryUseCase registry;
  private final DiscountEligibilityUseCase eligibility;
  private final DiscountCodeQuery codes;
  private final ToolAnswers answers;

  // handed its use cases through the constructor, as every tool set is, by design
  public CommerceTools(
      MerchantQueries queries,
      TokenRegistryUseCase registry,
      DiscountEligibilityUseCase eligibility,
      DiscountCodeQuery codes,
      ToolAnswers answers) {
    this.queries = queries;
    this.registry = registry;
    this.eligibility = eligibility;
    this.codes = codes;
    this.answers = answers;
  }

  @Override
  public Map<String, Tool> tools() {
    return Map.of(
        "list_merchants", this::merchants,
        "get_merchant", this::merchant,
        "list_tokens", this::tokens,
        "check_discount", this::checkDiscount,
        "validate_code", this::validateCode);
  }

  private Uni<ToolResponse> merchants(Map<String, Object> args) {
    DirectoryQuery query =
        MerchantQueryCommands.directory(
            ToolAnswers.scalar(args, "token"),
            ToolAnswers.scalar(args, "verified"),
            ToolAnswers.scalar(args, "limit"),
            ToolAnswers.scalar(args, "offset"));
    return queries
        .directory(query)
        .map(
            page -> {
              JsonNode tree = answers.tree(MerchantViews.directoryPage(page));
              return ToolAnswers.success(
                  page.merchants().size() + " of " + page.total() + " listed merchant(s). " + tree,
                  tree);
            });
  }

  private Uni<ToolResponse> merchant(Map<String, Object> args) {
    String id = ToolAnswers.scalar(args, "id");
    if (id == null) {
      throw new ValidationException("id is required");
    }
    CompanyId merchant = MerchantsResource.merchantId(id);
    return queries
        .publicView(merchant)
        .map(found -> tree(MerchantsResource.published(merchant, found)));
  }

  private Uni<ToolResponse> tokens(Map<String, Object> args) {
    RegistryQuery query =
        TokenRegistryCommands.query(
            ToolAnswers.scalar(args, "chain"),
            ToolAnswers.scalar(args, "symbol"),
            ToolAnswers.scalar(args, "type"));
    return registry.list(query).map(entries -> tree(TokensResource.listing(entries)));
  }

  private Uni<ToolResponse> checkDiscount(Map<String, Object> args) {
    DiscountRequest request = DiscountCheckResource.request(name -> ToolAnswers.scalar(args, name));
    return eligibility
        .eligibility(DiscountCheckResource.query(request))
        .map(
            outcome -> {
              if (outcome instanceof EligibilityOutcome.Computed computed) {
                JsonNode tree = answers.tree(DiscountViews.check(request, computed));
                return ToolAnswers.success(
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
                return answers.rpcFailure(DiscountAnswers.failedReads(failure.failures()));
              }
              return answers.error(DiscountAnswers.refusal(outcome, request.merchant()));
            });
  }

  private Uni<ToolResponse> validateCode(Map<String, Object> args) {
    String text = ToolAnswers.scalar(args, "code");
    if (text == null) {
      throw new ValidationException("code is required");
    }
    return CodesResource.validated(codes, text).map(this::tree);
  }

  /** A tool's answer whose text is its data as JSON. */
  private ToolResponse tree(Map<String, Object> data) {
    JsonNode tree = answers.tree(data);
    return ToolAnswers.success(tree.toString(), tree);
  }
}
