package org.walletstate.application.port.out;

/** The public key set every signed result is checked against. Keys are never removed. */
public interface PublishedKeys {

  /** The key set as a JSON document {@code {"keys":[...]}}: EC entries, then AKP entries. */
  String jwksJson();
}
