package org.walletstate.adapters.http.edge;

import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.ErrorReferences;
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
    return new ApiError(500, references.logged(failure));
  }
}
