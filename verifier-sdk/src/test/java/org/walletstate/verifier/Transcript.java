package org.walletstate.verifier;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run over the report corpus wrote (the golden text) and every verification it made (the
 * cases), so the same corpus can be replayed through another verifier.
 */
final class Transcript {

  /** The kinds of verification a case is. */
  enum Kind {
    ATTESTATION,
    TRUST,
    DISCOUNT,
    TOKEN
  }

  /**
   * One verification: the heading it was written under, the verifier, and the input (a token case
   * carries the token and its companion, which may be null).
   */
  record Case(
      String label, Kind kind, AttestationVerifier verifier, String input, String pqInput) {}

  private final StringBuilder text = new StringBuilder();
  private final List<Case> cases = new ArrayList<>();
  private String heading = "";

  void line(String line) {
    if (line.startsWith("== ")) {
      heading = line.substring(3);
    }
    text.append(line).append('\n');
  }

  void record(Kind kind, AttestationVerifier verifier, String input, String pqInput) {
    cases.add(new Case(heading + " #" + cases.size(), kind, verifier, input, pqInput));
  }

  String text() {
    return text.toString();
  }

  List<Case> cases() {
    return List.copyOf(cases);
  }
}
