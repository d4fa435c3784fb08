package org.walletstate.domain.request;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON value of a request body as the caller sent it, before any rule is applied. Keeping the
 * original shape (a number is not a string, a missing member is not {@code null}) lets the parsers
 * answer with the precise message the interface promises.
 */
public sealed interface RequestValue
    permits RequestValue.Text,
        RequestValue.Number,
        RequestValue.Bool,
        RequestValue.Null,
        RequestValue.Obj,
        RequestValue.Arr,
        RequestValue.Absent {

  /** The word used for this kind of value in messages ("a string", "a number", ...). */
  String kind();

  /**
   * The value as a plain decimal: a JSON number, or text of up to 30 digits with up to 30 decimals
   * (no sign, no exponent); empty for anything else. Callers word their own refusal.
   */
  default java.util.Optional<BigDecimal> plainDecimal() {
    if (this instanceof Number n) {
      return java.util.Optional.of(n.value());
    }
    if (this instanceof Text t && PLAIN_DECIMAL.matcher(t.value()).matches()) {
      return java.util.Optional.of(new BigDecimal(t.value()));
    }
    return java.util.Optional.empty();
  }

  /** The text {@link #plainDecimal} accepts. */
  java.util.regex.Pattern PLAIN_DECIMAL =
      java.util.regex.Pattern.compile("[0-9]{1,30}(\\.[0-9]{1,30})?");

  record Text(String value) implements RequestValue {
    public Text {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String kind() {
      return "a string";
    }
  }

  /**
   * A JSON number.
   *
   * @param value its exact value
   * @param literal the digits as written (so that {@code 1.0} and {@code 1} can be told apart)
   */
  // Alike by design: each variant is its own record and checks its own components.
  record Number(BigDecimal value, String literal) implements RequestValue {
    public Number {
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(literal, "literal");
    }

    @Override
    public String kind() {
      return "a number";
    }
  }

  // Alike by design: each variant is its own record and checks its own components.
  record Bool(boolean value) implements RequestValue {
    @Override
    public String kind() {
      return "a boolean";
    }
  }

  record Null() implements RequestValue {
    @Override
    public String kind() {
      return "null";
    }
  }

  /** An object; member order is the order sent. */
  record Obj(Map<String, RequestValue> members) implements RequestValue {
    public Obj {
      members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
    }

    public RequestValue get(String name) {
      RequestValue v = members.get(name);
      return v == null ? ABSENT : v;
    }

    @Override
    public String kind() {
      return "an object";
    }
  }

  record Arr(List<RequestValue> items) implements RequestValue {
    public Arr {
      items = List.copyOf(items);
    }

    @Override
    public String kind() {
      return "an array";
    }
  }

  /** A member that was not sent at all. */
  record Absent() implements RequestValue {
    @Override
    public String kind() {
      return "missing";
    }
  }

  RequestValue ABSENT = new Absent();
  RequestValue NULL = new Null();

  /** True when the member was not sent or was sent as {@code null}. */
  default boolean isMissing() {
    return this instanceof Absent || this instanceof Null;
  }
}
