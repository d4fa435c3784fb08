package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.Response;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.commerce.port.in.DiscountCommands;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/**
 * What {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount} share: the
 * caller's body read as a {@link DiscountRequest}, one call of {@link IssueDiscountUseCase},
 * answered in the endpoint's shape.
 */
public class DiscountIssuing {

  private final IssueDiscountUseCase issue;
  private final Exchange edge;

  public DiscountIssuing(IssueDiscountUseCase issue, Exchange edge) {
    this.issue = issue;
    this.edge = edge;
  }

  /**
   * Issues for the calling key from a request body; ACP and UCP bodies also carry the order ({@code
   * items} and {@code subtotal}), a {@code /v1/verify} body does not.
   */
  Uni<Response> issued(byte[] body, DiscountViews.Protocol protocol) {
    KeyAccount account = edge.account();
    DiscountRequest request =
        DiscountCommands.request(edge.body(body), protocol != DiscountViews.Protocol.VERIFY);
    Envelopes envelopes = edge.envelopes();
    return ServerTimings.answered(
        () -> issue.issue(account, request),
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
