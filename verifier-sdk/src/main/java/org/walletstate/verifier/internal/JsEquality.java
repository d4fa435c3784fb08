package org.walletstate.verifier.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Optional;

/**
 * Deep equality of two parsed JSON values as a JavaScript reader sees them: objects by the same
 * member names regardless of order, arrays in order, numbers as doubles, every other primitive by
 * strict equality (a boolean never equals a number, {@code null} only equals {@code null}).
 */
public final class JsEquality {

  private JsEquality() {}

  /**
   * The path of the first difference, or empty when the values are deeply equal. Refuses (throws
   * {@link JsJson.NestingTooDeep}) past {@code maxDepth}: what cannot be compared is not equal.
   */
  public static Optional<String> firstDifference(
      JsonNode a, JsonNode b, String path, int maxDepth) {
    return Optional.ofNullable(difference(a, b, path, 0, maxDepth));
  }

  private static String difference(JsonNode a, JsonNode b, String path, int depth, int maxDepth) {
    if (depth > maxDepth) {
      throw new JsJson.NestingTooDeep(maxDepth);
    }
    if (a == null || b == null) {
      return a == b ? null : path;
    }
    if (a.isObject() && b.isObject()) {
      Iterator<String> names = a.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!b.has(name)) {
          return join(path, name);
        }
      }
      names = b.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!a.has(name)) {
          return join(path, name);
        }
      }
      names = a.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        String inner = difference(a.get(name), b.get(name), join(path, name), depth + 1, maxDepth);
        if (inner != null) {
          return inner;
        }
      }
      return null;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return path;
      }
      for (int i = 0; i < a.size(); i++) {
        String inner = difference(a.get(i), b.get(i), path + "[" + i + "]", depth + 1, maxDepth);
        if (inner != null) {
          return inner;
        }
      }
      return null;
    }
    return primitiveEquals(a, b) ? null : path;
  }

  private static boolean primitiveEquals(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      double x = JsJson.toDouble(a);
      double y = JsJson.toDouble(b);
      return x == y; // NaN never equals, +0 equals -0, as ===
    }
    if (a.isTextual() && b.isTextual()) {
      return a.textValue().equals(b.textValue());
    }
    if (a.isBoolean() && b.isBoolean()) {
      return a.booleanValue() == b.booleanValue();
    }
    return a.isNull() && b.isNull();
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }
}
