package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * A member a verifier requires of a statement, and the JSON kind it must have: what separates a
 * malformed statement from one that is checked.
 *
 * @param name the member's name
 * @param kind its JSON kind
 */
record RequiredMember(String name, Kind kind) {

  /** A JSON kind a required member must have. */
  enum Kind {
    TEXT,
    BOOLEAN,
    ARRAY,
    OBJECT;

    boolean matches(JsonNode value) {
      return value != null
          && switch (this) {
            case TEXT -> value.isTextual();
            case BOOLEAN -> value.isBoolean();
            case ARRAY -> value.isArray();
            case OBJECT -> value.isObject();
          };
    }
  }

  static RequiredMember text(String name) {
    return new RequiredMember(name, Kind.TEXT);
  }

  static RequiredMember bool(String name) {
    return new RequiredMember(name, Kind.BOOLEAN);
  }

  static RequiredMember array(String name) {
    return new RequiredMember(name, Kind.ARRAY);
  }

  static RequiredMember object(String name) {
    return new RequiredMember(name, Kind.OBJECT);
  }

  /** The first of {@code required} that {@code statement} lacks or has of another kind. */
  static Optional<String> firstMissing(List<RequiredMember> required, JsonNode statement) {
    for (RequiredMember member : required) {
      if (statement == null || !member.kind().matches(statement.get(member.name()))) {
        return Optional.of(member.name());
      }
    }
    return Optional.empty();
  }
}
