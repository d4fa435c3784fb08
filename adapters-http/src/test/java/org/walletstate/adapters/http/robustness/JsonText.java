package org.walletstate.adapters.http.robustness;

import java.util.ArrayList;
import java.util.List;

/**
 * JSON text written by hand, so that a test body can hold what no JSON library writes: the same
 * member twice, lone surrogates, number literals of any length. Values are raw JSON fragments.
 */
final class JsonText {

  private JsonText() {}

  /** A JSON string literal; control characters and lone surrogates are written as escapes. */
  static String string(String value) {
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20 || (Character.isSurrogate(c) && !paired(value, i))) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  private static boolean paired(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  static String array(List<String> items) {
    return "[" + String.join(",", items) + "]";
  }

  /** An object whose members keep their order and may repeat a name. */
  static final class Obj {
    private record Member(String name, String raw) {}

    private final List<Member> members = new ArrayList<>();

    Obj copy() {
      Obj copy = new Obj();
      copy.members.addAll(members);
      return copy;
    }

    /** Sets a member to a raw JSON value, in place of any member of that name. */
    Obj put(String name, String raw) {
      for (int i = 0; i < members.size(); i++) {
        if (members.get(i).name().equals(name)) {
          members.set(i, new Member(name, raw));
          return this;
        }
      }
      members.add(new Member(name, raw));
      return this;
    }

    Obj putText(String name, String value) {
      return put(name, string(value));
    }

    /** Adds a member even when one of that name is already there. */
    Obj append(String name, String raw) {
      members.add(new Member(name, raw));
      return this;
    }

    Obj remove(String name) {
      members.removeIf(m -> m.name().equals(name));
      return this;
    }

    boolean has(String name) {
      return members.stream().anyMatch(m -> m.name().equals(name));
    }

    List<String> names() {
      return members.stream().map(Member::name).distinct().toList();
    }

    String render() {
      StringBuilder out = new StringBuilder("{");
      for (int i = 0; i < members.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        out.append(string(members.get(i).name())).append(':').append(members.get(i).raw());
      }
      return out.append('}').toString();
    }

    @Override
    public String toString() {
      return render();
    }
  }
}
