package org.walletstate.adapters.http.corpus;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces, in the raw text of a JSON answer, the values that differ from run to run by a
 * placeholder naming the member ({@code "~blockNumber~"}), and keeps every other byte as the
 * service wrote it (member order, spacing, number forms). A member's value is replaced wherever the
 * member appears, also inside a JSON document carried as a string (an MCP tool's text content),
 * where it is escaped. The list is the corpus's documented list (docs/testing.md).
 */
final class AnswerNormaliser {

  /** A member whose value varies, and the shape its value must have to be replaced. */
  record Varying(String member, Pattern value, String why) {
    boolean replaces(String member, String rawValue) {
      return this.member.equals(member) && value.matcher(rawValue).matches();
    }
  }

  private static final Pattern ANY = Pattern.compile("(?s).*");

  private static final Pattern INSTANT = Pattern.compile("\"\\d{4}-\\d\\d-\\d\\dT[^\"]*\"");

  static final List<Varying> VARYING =
      List.of(
          new Varying("sig", ANY, "signature: randomised ECDSA, checked by the SDK instead"),
          new Varying("pqSig", ANY, "ML-DSA-65 signature: randomised, checked by the SDK"),
          new Varying("jwt", ANY, "JWT form of the attestation: carries the signature"),
          new Varying("pqJwt", ANY, "ML-DSA JWT companion: carries the signature"),
          new Varying("issuedAt", ANY, "the wall clock when the answer was signed"),
          new Varying("expiresAt", ANY, "issuedAt plus the statement's lifetime"),
          new Varying("attestedAt", INSTANT, "the wall clock when the attestation was made"),
          new Varying("profiledAt", INSTANT, "the wall clock when the profile was made"),
          new Varying("createdAt", INSTANT, "the wall clock when a discount was issued"),
          new Varying("timestamp", INSTANT, "meta.timestamp: the wall clock of the answer"),
          new Varying("start", INSTANT, "an ACP discount's validity: the wall clock"),
          new Varying("end", INSTANT, "an ACP discount's validity: the wall clock"),
          new Varying("resetsAt", INSTANT, "the next midnight UTC: a daily allowance's reset"),
          new Varying("blockNumber", ANY, "devnet head: moves with every block other tests mine"),
          new Varying("blockHash", ANY, "devnet head hash"),
          new Varying("blockTimestamp", ANY, "devnet head time: the wall clock after deploy"),
          new Varying("accountProof", ANY, "proof nodes up to the block's state root"),
          new Varying(
              "id",
              Pattern.compile("\"(ATST|TRST)-[0-9A-Fa-f]+\"|\"di_[0-9a-z]+\""),
              "random statement ids (attestation, trust profile, ACP discount)"),
          new Varying("code", Pattern.compile("\"SVC-[0-9A-Z]{5}\""), "random discount code"));

  /** A random statement id inside a message (an MCP tool's summary line). */
  private static final Pattern STATEMENT_ID =
      Pattern.compile("\\b(?:ATST|TRST)-[0-9A-Fa-f]{16}\\b");

  /** Wall-clock text inside messages: the daily limit's reset and the seconds until it. */
  private static final Pattern DAILY_RESET =
      Pattern.compile("resets at \\d{4}-[0-9T:.\\-]+Z \\(in \\d+ seconds\\)");

  /**
   * A statement's leaf index in the transparency log ({@code "log":{"index":n}}, also escaped
   * inside a string): the log is shared by every test, so the index depends on their order.
   */
  private static final Pattern LOG_INDEX =
      Pattern.compile("(\\\\?\"log\\\\?\":\\{\\\\?\"index\\\\?\":)\\d+");

  private AnswerNormaliser() {}

  /** {@code text} with every varying value replaced; text that is not JSON is kept as it is. */
  static String normalise(String answer) {
    String text =
        LOG_INDEX
            .matcher(answer)
            .replaceAll(
                m -> {
                  String quote = m.group(1).startsWith("\\") ? "\\\"" : "\"";
                  return Matcher.quoteReplacement(m.group(1) + quote + "~index~" + quote);
                });
    text =
        STATEMENT_ID
            .matcher(
                DAILY_RESET
                    .matcher(text)
                    .replaceAll("resets at ~next midnight UTC~ (in ~n~ seconds)"))
            .replaceAll("~id~");
    String trimmed = text.strip();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
      return escapedMembers(text);
    }
    return escapedMembers(new Scanner(text).document());
  }

  /** Scalar members of JSON carried inside a string ({@code \"sig\":\"...\"}). */
  private static String escapedMembers(String text) {
    String out = text;
    for (Varying v : VARYING) {
      Pattern escaped =
          Pattern.compile(
              "\\\\\"" + Pattern.quote(v.member()) + "\\\\\":(\\\\\"[^\\\\\"]*\\\\\"|[-0-9.eE+]+)");
      Matcher m = escaped.matcher(out);
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        String value = m.group(1).replace("\\\"", "\"");
        String kept = v.replaces(v.member(), value) ? placeholderEscaped(v.member()) : m.group(1);
        m.appendReplacement(sb, Matcher.quoteReplacement("\\\"" + v.member() + "\\\":" + kept));
      }
      m.appendTail(sb);
      out = sb.toString();
    }
    return out;
  }

  private static String placeholderEscaped(String member) {
    return "\\\"~" + member + "~\\\"";
  }

  /** A scanner over one JSON text that copies it, replacing the varying members' values. */
  private static final class Scanner {
    private final String text;
    private final StringBuilder out = new StringBuilder();
    private int at;

    Scanner(String text) {
      this.text = text;
    }

    String document() {
      while (at < text.length()) {
        char c = text.charAt(at);
        if (c == '"') {
          int end = stringEnd(at);
          String name = text.substring(at + 1, end - 1);
          out.append(text, at, end);
          at = end;
          int colon = skipSpace(at);
          if (colon < text.length() && text.charAt(colon) == ':') {
            out.append(text, at, colon + 1);
            at = colon + 1;
            member(name);
          }
        } else {
          out.append(c);
          at++;
        }
      }
      return out.toString();
    }

    private void member(String name) {
      int start = skipSpace(at);
      int end = valueEnd(start);
      String raw = text.substring(start, end);
      for (Varying v : VARYING) {
        if (v.replaces(name, raw)) {
          out.append(text, at, start).append("\"~").append(name).append("~\"");
          at = end;
          return;
        }
      }
    }

    private int skipSpace(int from) {
      int i = from;
      while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      return i;
    }

    private int stringEnd(int quote) {
      int i = quote + 1;
      while (text.charAt(i) != '"') {
        i += text.charAt(i) == '\\' ? 2 : 1;
      }
      return i + 1;
    }

    private int valueEnd(int start) {
      char c = text.charAt(start);
      if (c == '"') {
        return stringEnd(start);
      }
      if (c != '{' && c != '[') {
        int i = start;
        while (i < text.length() && ",}] \n\r\t".indexOf(text.charAt(i)) < 0) {
          i++;
        }
        return i;
      }
      int depth = 0;
      int i = start;
      do {
        char d = text.charAt(i);
        if (d == '"') {
          i = stringEnd(i);
          continue;
        }
        depth += (d == '{' || d == '[') ? 1 : (d == '}' || d == ']') ? -1 : 0;
        i++;
      } while (depth > 0);
      return i;
    }
  }
}
