package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.verifier.internal.EcmaNumberFormat;
import org.walletstate.verifier.internal.JsJson;
import org.walletstate.verifier.internal.StrictJson;

/**
 * The JSON forms that signed bytes are made of, byte for byte as JavaScript produces them. The
 * signer and the verifier both use this class; there is no second serializer for signed bytes.
 *
 * <p>Values are Jackson trees. Numbers are read as JavaScript reads them (the nearest IEEE-754
 * double) and written as ECMAScript {@code Number::toString} writes them. Every walk refuses a
 * value nested deeper than {@link #MAX_DEPTH} below its root with {@link NestingTooDeepException}.
 */
public final class CanonicalJson {

  /** Deepest nesting any walk accepts, counting its root as depth 0. */
  public static final int MAX_DEPTH = 128;

  private CanonicalJson() {}

  /**
   * Parses JSON text the way the verifier does: member order kept, numbers exact, no duplicates.
   */
  public static JsonNode parse(String json) {
    try {
      return StrictJson.parse(json);
    } catch (StrictJson.MalformedJson e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Keys sorted by UTF-16 code units at every level, arrays in order, no whitespace. */
  public static String canonical(JsonNode value) {
    try {
      return JsJson.canonical(value, MAX_DEPTH);
    } catch (JsJson.NestingTooDeep e) {
      throw new NestingTooDeepException(MAX_DEPTH);
    }
  }

  /** JavaScript {@code JSON.stringify(value)}: members in JavaScript property order. */
  public static String stringify(JsonNode value) {
    try {
      return JsJson.stringify(value, MAX_DEPTH);
    } catch (JsJson.NestingTooDeep e) {
      throw new NestingTooDeepException(MAX_DEPTH);
    }
  }

  /**
   * JavaScript {@code JSON.stringify(object, Object.keys(object).sort())}: the sorted top-level
   * names used as an allow-list at every level. The v1 condition-hash form.
   */
  public static String stringifySortedTopLevel(JsonNode object) {
    if (!object.isObject()) {
      throw new IllegalArgumentException("the allow-list form needs a JSON object");
    }
    List<String> names = new ArrayList<>(object.size());
    object.fieldNames().forEachRemaining(names::add);
    names.sort(String::compareTo);
    try {
      JsJson.requireDepthAtMost(object, MAX_DEPTH);
      return JsJson.stringifyWithAllowList(object, names, MAX_DEPTH);
    } catch (JsJson.NestingTooDeep e) {
      throw new NestingTooDeepException(MAX_DEPTH);
    }
  }

  /** ECMAScript {@code Number::toString} of a finite double ({@code -0} gives {@code 0}). */
  public static String numberToString(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("JSON has no form for " + value);
    }
    return EcmaNumberFormat.toString(value);
  }

  /**
   * The JSON number of {@code value}, when JavaScript reads its written form back as exactly that
   * decimal: the signer turns the domain's decimals into numbers only through this. A value that
   * would silently round (beyond 2^53, or with more digits than a double holds) is refused; issue
   * it as a decimal string.
   *
   * @throws IllegalArgumentException naming the value when it has no exact JavaScript form
   */
  public static JsonNode number(BigDecimal value) {
    double d = value.doubleValue();
    if (!Double.isFinite(d) || new BigDecimal(numberToString(d)).compareTo(value) != 0) {
      throw new IllegalArgumentException(
          "the number "
              + value.toPlainString()
              + " has no exact JavaScript form; issue it as a decimal string");
    }
    return JsonNodeFactory.instance.numberNode(d);
  }

  /** Thrown when a value nests deeper than {@link #MAX_DEPTH}: a refusal, never a pass. */
  public static final class NestingTooDeepException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    NestingTooDeepException(int limit) {
      super("artifact nests deeper than " + limit + " levels; refusing to serialize it");
    }
  }
}
