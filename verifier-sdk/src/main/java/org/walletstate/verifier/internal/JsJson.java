package org.walletstate.verifier.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * JSON text exactly as JavaScript writes it, over Jackson trees parsed by {@link StrictJson}.
 *
 * <ul>
 *   <li>{@link #stringify}: {@code JSON.stringify(value)}, members in JavaScript property order
 *       (array-index keys ascending, then the rest in insertion order).
 *   <li>{@link #canonical}: members sorted by UTF-16 code units at every level, leaves as stringify
 *       writes them.
 *   <li>{@link #stringifyWithAllowList}: {@code JSON.stringify(value, keys)} with an array
 *       replacer: at every object level only the listed names, in list order.
 * </ul>
 *
 * Every walk refuses a value nested deeper than the bound it is given, counting the root as depth
 * 0, so hostile input cannot exhaust the stack.
 */
public final class JsJson {

  private JsJson() {}

  public static String stringify(JsonNode value, int maxDepth) {
    StringBuilder out = new StringBuilder(256);
    write(value, JsJson::inPropertyOrder, out, 0, maxDepth);
    return out.toString();
  }

  public static String canonical(JsonNode value, int maxDepth) {
    StringBuilder out = new StringBuilder(256);
    write(value, JsJson::sorted, out, 0, maxDepth);
    return out.toString();
  }

  public static String stringifyWithAllowList(JsonNode value, List<String> names, int maxDepth) {
    StringBuilder out = new StringBuilder(256);
    write(value, allowListed(names), out, 0, maxDepth);
    return out.toString();
  }

  /** Throws when any value inside {@code value} sits deeper than {@code maxDepth}. */
  public static void requireDepthAtMost(JsonNode value, int maxDepth) {
    requireDepth(value, 0, maxDepth);
  }

  private static void requireDepth(JsonNode value, int depth, int maxDepth) {
    guard(depth, maxDepth);
    if (value.isContainerNode()) {
      for (JsonNode child : value) {
        requireDepth(child, depth + 1, maxDepth);
      }
    }
  }

  private static void guard(int depth, int maxDepth) {
    if (depth > maxDepth) {
      throw new NestingTooDeep(maxDepth);
    }
  }

  /** The names of an object's members to write, in the order to write them. */
  private static List<String> inPropertyOrder(JsonNode object) {
    return propertyOrder(object).stream().map(Map.Entry::getKey).toList();
  }

  private static List<String> sorted(JsonNode object) {
    List<String> names = new ArrayList<>(object.size());
    object.fieldNames().forEachRemaining(names::add);
    names.sort(String::compareTo); // UTF-16 code-unit order, as JavaScript's default sort
    return names;
  }

  private static Function<JsonNode, List<String>> allowListed(List<String> names) {
    return object -> names.stream().filter(object::has).toList();
  }

  /** The one walk of every writer: they differ only in which members they write, in what order. */
  private static void write(
      JsonNode value,
      Function<JsonNode, List<String>> members,
      StringBuilder out,
      int depth,
      int maxDepth) {
    guard(depth, maxDepth);
    if (value.isObject()) {
      out.append('{');
      List<String> names = members.apply(value);
      for (int i = 0; i < names.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        writeString(names.get(i), out);
        out.append(':');
        write(value.get(names.get(i)), members, out, depth + 1, maxDepth);
      }
      out.append('}');
    } else if (value.isArray()) {
      out.append('[');
      for (int i = 0; i < value.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(value.get(i), members, out, depth + 1, maxDepth);
      }
      out.append(']');
    } else {
      writeLeaf(value, out);
    }
  }

  private static void writeLeaf(JsonNode value, StringBuilder out) {
    if (value.isTextual()) {
      writeString(value.textValue(), out);
    } else if (value.isNumber()) {
      out.append(number(value));
    } else if (value.isBoolean()) {
      out.append(value.booleanValue() ? "true" : "false");
    } else if (value.isNull()) {
      out.append("null");
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getNodeType());
    }
  }

  /** The number as JavaScript holds it (an IEEE-754 double) and writes it into JSON. */
  public static String number(JsonNode number) {
    double value = toDouble(number);
    return Double.isFinite(value) ? EcmaNumberFormat.toString(value) : "null";
  }

  /**
   * The double JavaScript's {@code JSON.parse} makes of this number: the correctly rounded nearest,
   * from the exact decimal the tree holds.
   */
  public static double toDouble(JsonNode number) {
    if (number.isInt() || number.isLong()) {
      return (double) number.longValue(); // long to double rounds to nearest, ties to even
    }
    if (number.isDouble() || number.isFloat()) {
      return number.doubleValue();
    }
    BigDecimal exact = number.decimalValue();
    return Double.parseDouble(exact.toString());
  }

  /** JSON.stringify of a string: well-formed (lone surrogates escaped), everything else raw. */
  public static void writeString(String s, StringBuilder out) {
    out.append('"');
    int length = s.length();
    int plain = 0; // the start of the run of characters written as they are
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\' && !Character.isSurrogate(c)) {
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++; // a well-formed pair stays in the run
        continue;
      }
      out.append(s, plain, i);
      plain = i + 1;
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> appendUnicodeEscape(c, out); // a control character or a lone surrogate
      }
    }
    if (plain == 0) {
      out.append(s); // nothing escaped: the whole string at once
    } else {
      out.append(s, plain, length);
    }
    out.append('"');
  }

  private static void appendUnicodeEscape(char c, StringBuilder out) {
    String hex = Integer.toHexString(c);
    out.append("\\u").append("0".repeat(4 - hex.length())).append(hex);
  }

  /**
   * Members in JavaScript's {@code OrdinaryOwnPropertyKeys} order: canonical array indexes
   * (integers below 2^32 - 1 written without leading zeros) ascending, then the other names in
   * insertion order.
   */
  static List<Map.Entry<String, JsonNode>> propertyOrder(JsonNode object) {
    List<Map.Entry<String, JsonNode>> indexes = new ArrayList<>();
    List<Map.Entry<String, JsonNode>> others = new ArrayList<>(object.size());
    for (Map.Entry<String, JsonNode> member : object.properties()) {
      if (isArrayIndex(member.getKey())) {
        indexes.add(member);
      } else {
        others.add(member);
      }
    }
    if (indexes.isEmpty()) {
      return others;
    }
    indexes.sort((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())));
    indexes.addAll(others);
    return indexes;
  }

  static boolean isArrayIndex(String key) {
    int length = key.length();
    if (length == 0 || length > 10) {
      return false;
    }
    if (length > 1 && key.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < length; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return Long.parseLong(key) < 4294967295L;
  }

  /** A value nested past the bound; callers turn it into a failed check, never a pass. */
  public static final class NestingTooDeep extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NestingTooDeep(int limit) {
      super("nested deeper than " + limit + " levels; refusing to serialize");
    }
  }
}
