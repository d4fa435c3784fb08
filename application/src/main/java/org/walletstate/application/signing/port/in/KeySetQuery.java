package org.walletstate.application.signing.port.in;

/** The public key set every signed statement is checked against ({@code GET /v1/jwks}). */
public interface KeySetQuery {

  /** The key set as a JSON document {@code {"keys":[...]}}: EC entries, then AKP entries. */
  String jwksJson();
}
