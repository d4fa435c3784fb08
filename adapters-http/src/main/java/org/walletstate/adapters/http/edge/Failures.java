package org.walletstate.adapters.http.edge;

import java.util.Map;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.ErrorReferences;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.ValidationException;

/**
 * What a failure tells the caller, whatever transport carries it: the REST mappers and the tool
 * endpoint both answer with these statuses and messages. Bad input keeps its message; anything
 * unexpected is logged under a reference and only the reference is shown.
 */
public class Failures {

  private final ErrorReferences references;

  public Failures(ErrorReferences references) {
    this.references = references;
  }

  /** The status and message {@code failure} is answered with. */
  public ApiError classify(Throwable failure) {
    if (failure instanceof ApiError error) {
      return error;
    }
    if (failure instanceof ValidationException invalid) {
      return ApiError.badRequest(invalid.getMessage());
    }
    if (logUnavailable(failure)) {
      // the statement was signed but could not be logged: it is not issued, and not charged
      return new ApiError(
          503,
          "The transparency log is not accepting entries right now; nothing was charged, retry later",
          Map.of("Retry-After", "1"));
    }
    return new ApiError(500, references.logged(failure));
  }

  /** Whether {@code failure} is, or was caused by, the log's store not taking an entry in time. */
  private static boolean logUnavailable(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof StatementLog.Unavailable) {
        return true;
      }
    }
    return false;
  }
}
