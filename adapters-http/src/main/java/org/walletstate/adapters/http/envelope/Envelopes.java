package org.walletstate.adapters.http.envelope;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.util.RawValue;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.List;
import org.walletstate.domain.payload.Timestamps;

/**
 * The only place response envelopes are made. Success: {@code {ok:true, data, meta}}; error: {@code
 * {ok:false, error:{code, message}, meta}}; meta carries the interface version and the time of the
 * response, and on metered calls the credits charged and remaining.
 */
public class Envelopes {

  public static final String VERSION = "1.0";

  private final Clock clock;

  public Envelopes(Clock clock) {
    this.clock = clock;
  }

  /** The meta block; credit fields are present only on metered calls. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"version", "timestamp", "creditsRemaining", "creditsCharged"})
  public record Meta(
      String version, String timestamp, Long creditsRemaining, Long creditsCharged) {}

  @JsonPropertyOrder({"ok", "data", "meta"})
  public record Success(boolean ok, Object data, Meta meta) {}

  @JsonPropertyOrder({"code", "message"})
  public record ErrorBody(int code, String message) {}

  @JsonPropertyOrder({"ok", "error", "meta"})
  public record Failure(boolean ok, ErrorBody error, Meta meta) {}

  /** One entry of an {@code rpc_failure}'s {@code failedConditions}. */
  @JsonPropertyOrder({"source", "chainId", "message"})
  public record FailedRead(String source, Object chainId, String message) {}

  @JsonPropertyOrder({"code", "message", "failedConditions"})
  public record RpcFailureBody(String code, String message, List<FailedRead> failedConditions) {}

  @JsonPropertyOrder({"ok", "error", "meta"})
  public record RpcFailure(boolean ok, RpcFailureBody error, Meta meta) {}

  /** What a refused incomplete read says; retrying soon usually succeeds. */
  public static final String RPC_FAILURE_MESSAGE =
      "A data source could not be read completely; nothing was signed or charged. Retry in 2 to 5"
          + " seconds.";

  /** Seconds a client should wait before retrying an {@code rpc_failure}. */
  public static final int RPC_FAILURE_RETRY_SECONDS = 3;

  public Meta meta() {
    return new Meta(VERSION, Timestamps.iso(clock.instant()), null, null);
  }

  public Meta meteredMeta(long creditsRemaining, long creditsCharged) {
    return new Meta(VERSION, Timestamps.iso(clock.instant()), creditsRemaining, creditsCharged);
  }

  public Success success(Object data) {
    return new Success(true, data, meta());
  }

  public Failure failure(int status, String message) {
    return new Failure(false, new ErrorBody(status, message), meta());
  }

  /** A 200 response carrying {@code data} in the success envelope. */
  public Response ok(Object data) {
    return Response.ok(success(data), MediaType.APPLICATION_JSON_TYPE).build();
  }

  /**
   * 200 with {@code data} given as the exact JSON text that was signed (embedded as is, never
   * re-serialized) and the credits of a metered call.
   */
  public Response okSigned(String dataJson, long creditsRemaining, long creditsCharged) {
    return Response.ok(
            new Success(
                true, new RawValue(dataJson), meteredMeta(creditsRemaining, creditsCharged)),
            MediaType.APPLICATION_JSON_TYPE)
        .build();
  }

  /**
   * 200 with {@code data} (which may embed signed text as raw values) and a metered call's credits.
   */
  public Response okMetered(Object data, long creditsRemaining, long creditsCharged) {
    return Response.ok(
            new Success(true, data, meteredMeta(creditsRemaining, creditsCharged)),
            MediaType.APPLICATION_JSON_TYPE)
        .build();
  }

  /** 503 {@code rpc_failure}: which reads did not complete, never which source failed. */
  public Response rpcFailure(List<FailedRead> failed) {
    return Response.status(503)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .header("Retry-After", Integer.toString(RPC_FAILURE_RETRY_SECONDS))
        .entity(
            new RpcFailure(
                false, new RpcFailureBody("rpc_failure", RPC_FAILURE_MESSAGE, failed), meta()))
        .build();
  }

  /** An error response in the envelope, with the error's headers. */
  public Response error(ApiError error) {
    Response.ResponseBuilder builder =
        Response.status(error.status())
            .type(MediaType.APPLICATION_JSON_TYPE)
            .entity(failure(error.status(), error.getMessage()));
    error.headers().forEach(builder::header);
    return builder.build();
  }
}
