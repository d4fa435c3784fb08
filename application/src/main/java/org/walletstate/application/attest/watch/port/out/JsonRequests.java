package org.walletstate.application.attest.watch.port.out;

import org.walletstate.domain.request.RequestValue;

/** Reads a stored request body as the HTTP edge reads one that is sent. */
public interface JsonRequests {

  /** The body's object; throws when it is not one (a stored body always is). */
  RequestValue.Obj object(String json);
}
