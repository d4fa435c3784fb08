package org.walletstate.adapters.http.exchange;

import jakarta.ws.rs.core.Response;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.request.RequestValue;

/**
 * A JSON endpoint's edge: the request body read as a JSON object ({@link JsonBodies}), who is
 * calling ({@link CurrentCaller}, the request's) and the envelopes of its answers ({@link
 * Envelopes}). Built once by the composition root ({@code HttpEdgeWiring}); the resources take it
 * instead of the three.
 */
public final class Exchange {

  // Three fields and their constructor by design: what the composition root hands in, held as is.
  private final JsonBodies bodies;
  private final CurrentCaller caller;
  private final Envelopes envelopes;

  public Exchange(JsonBodies bodies, CurrentCaller caller, Envelopes envelopes) {
    this.bodies = bodies;
    this.caller = caller;
    this.envelopes = envelopes;
  }

  /**
   * The body as a JSON object.
   *
   * @throws org.walletstate.domain.ValidationException 400 when it is not one
   */
  public RequestValue.Obj body(byte[] body) {
    return bodies.object(body);
  }

  // Accessors written out by design: each class exposes its own fields.
  /** Who is calling this request. */
  public CurrentCaller caller() {
    return caller;
  }

  /** The calling key's account (an endpoint that requires a key). */
  public KeyAccount account() {
    return caller.account();
  }

  /** The envelopes of the answers. */
  public Envelopes envelopes() {
    return envelopes;
  }

  /** {@code data} in the success envelope. */
  public Response ok(Object data) {
    return envelopes.ok(data);
  }
}
