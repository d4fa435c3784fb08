package org.walletstate.adapters.http.edge;

import jakarta.inject.Inject;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.domain.ValidationException;

/**
 * Every failure of a REST request ends here and leaves as the error envelope. Bad input is a 4xx
 * with a message for the caller; anything unexpected is a 500 whose body holds only a reference
 * that matches the server log, never a stack trace or internal detail.
 */
public class ErrorMappers {

  // Injected field by field like every resource by design: the container hands each one in.
  private final Envelopes envelopes;
  private final Failures failures;
  private final RouteTable routes;

  @Inject
  public ErrorMappers(Envelopes envelopes, Failures failures, RouteTable routes) {
    this.envelopes = envelopes;
    this.failures = failures;
    this.routes = routes;
  }

  @ServerExceptionMapper
  public Response apiError(ApiError error) {
    return envelopes.error(error);
  }

  @ServerExceptionMapper
  public Response invalidInput(ValidationException invalid) {
    return envelopes.error(failures.classify(invalid));
  }

  @ServerExceptionMapper
  public Response notFound(NotFoundException e, ContainerRequestContext request) {
    return envelopes.error(
        new ApiError(
            404,
            "No endpoint "
                + request.getMethod()
                + " "
                + request.getUriInfo().getRequestUri().getRawPath()
                + "; see /q/openapi for the interface"));
  }

  @ServerExceptionMapper
  public Response notAllowed(NotAllowedException e, ContainerRequestContext request) {
    String path = request.getUriInfo().getRequestUri().getRawPath();
    String allow = String.join(", ", routes.allowedMethods(path));
    return envelopes.error(
        new ApiError(
            405,
            "Method "
                + request.getMethod()
                + " is not allowed on "
                + path
                + (allow.isEmpty() ? "" : "; allowed: " + allow),
            allow.isEmpty() ? Map.of() : Map.of(HttpHeaders.ALLOW, allow)));
  }

  @ServerExceptionMapper
  public Response unsupportedType(NotSupportedException e, ContainerRequestContext request) {
    String sent = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
    return envelopes.error(
        new ApiError(
            415,
            "Content-Type must be application/json"
                + (sent == null ? " (none was sent)" : ", not " + sent)));
  }

  @ServerExceptionMapper
  public Response notAcceptable(NotAcceptableException e) {
    return envelopes.error(new ApiError(406, "This endpoint answers only application/json"));
  }

  @ServerExceptionMapper
  public Response otherHttpFailure(WebApplicationException e) {
    int status = e.getResponse().getStatus();
    if (status >= 500) {
      return unexpected(e);
    }
    return envelopes.error(
        new ApiError(
            status,
            Response.Status.fromStatusCode(status) == null
                ? "Request refused"
                : Response.Status.fromStatusCode(status).getReasonPhrase()));
  }

  @ServerExceptionMapper
  public Response unexpected(Throwable failure) {
    return envelopes.error(failures.classify(failure));
  }
}
