package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/**
 * What {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount} share: one
 * call of {@link IssueDiscountUseCase}, answered in the endpoint's shape.
 */
@ApplicationScoped
public class DiscountIssuing {

  private final IssueDiscountUseCase issue;
  private final Envelopes envelopes;

  @Inject
  public DiscountIssuing(IssueDiscountUseCase issue, Envelopes envelopes) {
    this.issue = issue;
    this.envelopes = envelopes;
  }

  Uni<Response> issued(
      KeyAccount caller, DiscountRequest request, DiscountViews.Protocol protocol) {
    return issue
        .issue(caller, request)
        .map(
            outcome -> {
              if (outcome instanceof IssueOutcome.Issued issued) {
                return envelopes.okMetered(
                    DiscountViews.issued(issued, protocol, request.order()),
                    issued.creditsRemaining(),
                    issued.creditsCharged());
              }
              if (outcome instanceof IssueOutcome.RpcFailure failure) {
                return DiscountAnswers.rpcFailure(envelopes, failure.failures());
              }
              throw DiscountAnswers.refusal(outcome, request.merchant());
            });
  }
}
