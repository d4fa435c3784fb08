package org.walletstate.domain.payload;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A value inside a signed statement (an attestation result, an evaluated condition, a trust check),
 * kept in the member order it is issued in. The signing module turns it into bytes; the domain only
 * decides what it says.
 *
 * <p>Numbers are exact; the bytes they become follow JavaScript number formatting, so values that
 * must stay exact beyond 2^53 (raw supplies, base-unit balances) are issued as {@link Text}.
 */
public sealed interface PayloadValue
    permits PayloadValue.Text,
        PayloadValue.Number,
        PayloadValue.Bool,
        PayloadValue.Null,
        PayloadValue.Obj,
        PayloadValue.Arr {

  // Alike by design: each variant is its own record and checks its own components.
  record Text(String value) implements PayloadValue {
    public Text {
      Objects.requireNonNull(value, "value");
    }
  }

  record Number(BigDecimal value) implements PayloadValue {
    public Number {
      Objects.requireNonNull(value, "value");
    }
  }

  record Bool(boolean value) implements PayloadValue {}

  record Null() implements PayloadValue {}

  /** An object with members in issue order. */
  record Obj(Map<String, PayloadValue> members) implements PayloadValue {
    public Obj {
      members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
    }

    public PayloadValue get(String name) {
      return members.get(name);
    }

    /** A copy with {@code name} set (appended when new, replaced in place when present). */
    public Obj with(String name, PayloadValue value) {
      Map<String, PayloadValue> copy = new LinkedHashMap<>(members);
      copy.put(name, value);
      return new Obj(copy);
    }
  }

  record Arr(List<PayloadValue> items) implements PayloadValue {
    public Arr {
      items = List.copyOf(items);
    }
  }

  static Text text(String value) {
    return new Text(value);
  }

  static Number number(long value) {
    return new Number(BigDecimal.valueOf(value));
  }

  static Number number(BigInteger value) {
    return new Number(new BigDecimal(value));
  }

  static Number number(BigDecimal value) {
    return new Number(value);
  }

  static Bool bool(boolean value) {
    return new Bool(value);
  }

  static Obj object() {
    return new Obj(Map.of());
  }

  static ObjBuilder objectBuilder() {
    return new ObjBuilder();
  }

  /** Builds an {@link Obj} member by member, in order. */
  final class ObjBuilder {
    private final Map<String, PayloadValue> members = new LinkedHashMap<>();

    private ObjBuilder() {}

    public ObjBuilder put(String name, PayloadValue value) {
      if (members.put(name, Objects.requireNonNull(value, name)) != null) {
        throw new IllegalArgumentException("duplicate member " + name);
      }
      return this;
    }

    public ObjBuilder put(String name, String value) {
      return put(name, text(value));
    }

    public ObjBuilder put(String name, long value) {
      return put(name, number(value));
    }

    public ObjBuilder put(String name, boolean value) {
      return put(name, bool(value));
    }

    public ObjBuilder putAll(Obj other) {
      other.members().forEach(this::put);
      return this;
    }

    public Obj build() {
      return new Obj(members);
    }
  }

  static Arr array(List<? extends PayloadValue> items) {
    return new Arr(new ArrayList<>(items));
  }
}
