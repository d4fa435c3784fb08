package org.walletstate.verifier;

/** What could be established about the ML-DSA-65 companion signature. */
public enum PqStatus {
  /** Present, its key resolved, and it verifies over the expected bytes. */
  VERIFIED("verified"),
  /** Present and shown wrong: it does not verify, or it is bound to different claims. */
  REFUTED("refuted"),
  /** Not transmitted (normal for artifacts issued before companions existed). */
  ABSENT("absent"),
  /** Present but not checkable: no key for its kid, or no preimage to check it over. */
  UNVERIFIABLE("unverifiable");

  // A wire name per constant, as Check's, by design: each enum names its own conformance values.
  private final String wireName;

  PqStatus(String wireName) {
    this.wireName = wireName;
  }

  /** The lower-case name the conformance vectors use. */
  public String wireName() {
    return wireName;
  }
}
