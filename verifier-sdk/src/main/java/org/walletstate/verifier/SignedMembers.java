package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Reads of the optional members of a verified statement's signed rows. */
final class SignedMembers {

  private SignedMembers() {}

  /** Whether the member {@code name} of {@code row} is the JSON {@code true}. */
  static boolean isTrue(JsonNode row, String name) {
    JsonNode value = row.get(name);
    return value != null && value.isBoolean() && value.booleanValue();
  }

  /** The member {@code name} of {@code row} when it is a JSON string; empty otherwise. */
  static Optional<String> text(JsonNode row, String name) {
    JsonNode value = row.get(name);
    return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
  }
}
