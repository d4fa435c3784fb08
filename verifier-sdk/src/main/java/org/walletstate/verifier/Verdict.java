package org.walletstate.verifier;

import java.util.Objects;
import java.util.Optional;

/** One check's outcome: passed or not, and why (always said when it failed). */
public final class Verdict {

  private final boolean passed;
  private final String reason;

  private Verdict(boolean passed, String reason) {
    this.passed = passed;
    this.reason = reason;
  }

  static Verdict pass() {
    return new Verdict(true, null);
  }

  static Verdict pass(String note) {
    return new Verdict(true, note);
  }

  static Verdict fail(String reason) {
    return new Verdict(false, Objects.requireNonNull(reason, "a failure names its reason"));
  }

  public boolean passed() {
    return passed;
  }

  /** Why it failed, or a note on how it passed (e.g. that it was skipped). */
  public Optional<String> reason() {
    return Optional.ofNullable(reason);
  }

  @Override
  public String toString() {
    return (passed ? "passed" : "FAILED") + (reason == null ? "" : " (" + reason + ")");
  }
}
