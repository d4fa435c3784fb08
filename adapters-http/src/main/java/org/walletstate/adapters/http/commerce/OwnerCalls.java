package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.function.Function;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;

/**
 * An operation for a merchant's owner key, as every {@code /v1/merchants/{id}/…} resource answers
 * it: the call made with the calling key, its result answered (in the success envelope unless the
 * operation says otherwise), or 403, 409 and 404.
 */
final class OwnerCalls {

  private final Exchange edge;

  OwnerCalls(Exchange edge) {
    this.edge = edge;
  }

  /** {@code call} with the calling key, its result answered with {@code view}. */
  <T> Uni<Response> owned(
      CompanyId merchant,
      Function<KeyAccount, Uni<OwnerResult<T>>> call,
      Function<T, Map<String, Object>> view) {
    return answered(merchant, call, value -> edge.ok(view.apply(value)));
  }

  /**
   * {@code call} with the calling key, its result answered by {@code answer}, for an operation
   * whose result is not always a success.
   */
  <T> Uni<Response> answered(
      CompanyId merchant,
      Function<KeyAccount, Uni<OwnerResult<T>>> call,
      Function<T, Response> answer) {
    return call.apply(edge.account()).map(r -> answer(merchant, r, answer));
  }

  private static <T> Response answer(
      CompanyId id, OwnerResult<T> result, Function<T, Response> answer) {
    if (result instanceof OwnerResult.Done<T> done) {
      return answer.apply(done.value());
    }
    if (result instanceof OwnerResult.Forbidden<T> forbidden) {
      throw new ApiError(
          403, forbidden.refusal().map(OwnerCalls::worded).orElse(forbidden.message()));
    }
    if (result instanceof OwnerResult.Conflict<T> conflict) {
      throw new ApiError(
          409, conflict.refusal().map(OwnerCalls::worded).orElse(conflict.message()));
    }
    throw MerchantsResource.notFound(id.value());
  }

  /** The text of a refusal that names the endpoint that resolves it. */
  static String worded(OwnerResult.Refusal refusal) {
    CompanyId id = refusal.merchant();
    return switch (refusal.kind()) {
      case PUBLISH_NEEDS_VERIFIED_DOMAIN ->
          "Merchant "
              + id
              + " was provisioned by a partner and needs a verified domain before it is"
              + " published; verify it with POST and PUT /v1/merchants/"
              + id
              + "/domain-verification";
      case VERIFICATION_NOT_STARTED ->
          "No domain verification has been started for merchant "
              + id
              + "; POST /v1/merchants/"
              + id
              + "/domain-verification with the domain first";
      case PARTNER_VERIFICATION_ONLY ->
          "PUT /v1/merchants/{id}/verification is restricted to partner-enabled API keys";
    };
  }
}
