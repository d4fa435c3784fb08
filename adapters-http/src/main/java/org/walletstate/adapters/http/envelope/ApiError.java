package org.walletstate.adapters.http.envelope;

import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * A failure the caller sees: an HTTP status, the message for the error envelope and any headers
 * that belong with it. Thrown anywhere in request handling; the edge turns it into the envelope.
 */
public final class ApiError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final transient Map<String, String> headers;

  public ApiError(int status, String message) {
    this(status, message, Map.of());
  }

  public ApiError(int status, String message, Map<String, String> headers) {
    super(message, null, false, false);
    this.status = status;
    this.headers = Map.copyOf(headers);
  }

  public static ApiError badRequest(String message) {
    return new ApiError(Response.Status.BAD_REQUEST.getStatusCode(), message);
  }

  public int status() {
    return status;
  }

  public Map<String, String> headers() {
    return headers;
  }
}
