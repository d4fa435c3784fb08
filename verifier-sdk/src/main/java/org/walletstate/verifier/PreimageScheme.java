package org.walletstate.verifier;

/** The two eras of signed bytes. */
public enum PreimageScheme {
  /**
   * Frozen legacy form: JavaScript {@code JSON.stringify} in member order, no domain tag; condition
   * hashes over the top-level-sorted allow-list form.
   */
  V1,
  /** Domain tag line, then canonical JSON (keys sorted at every level); canonical hashes. */
  V2
}
