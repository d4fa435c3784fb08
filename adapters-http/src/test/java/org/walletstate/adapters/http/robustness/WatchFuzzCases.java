package org.walletstate.adapters.http.robustness;

import java.util.List;
import java.util.Random;
import java.util.Set;
import org.walletstate.adapters.http.robustness.HostileCase.Expect;

/**
 * The cases of {@link WatchFuzzTest}, each drawn from its own seed (the campaign's seed and its
 * index), so a failing case is re-made alone. Every body is refused before anything is read: the
 * base body's webhook is on a private address, so even a body whose every other member reads is a
 * 400.
 */
final class WatchFuzzCases {

  /** How many kinds of case there are. */
  static final int KINDS = 9;

  private static final String PATH = "/v1/watches";
  private static final String WALLET = "0x1111111111111111111111111111111111111111";
  private static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  private static final String CONDITION =
      "{\"type\":\"token_balance\",\"chainId\":8453,\"contractAddress\":\""
          + USDC_BASE
          + "\",\"threshold\":\"1\"}";
  private static final String PRIVATE_HOOK = "https://10.1.2.3/hook";
  private static final String LIFETIME =
      "lifetime must be a whole number of seconds from 3600 to 2592000";

  /** One case: what it is, the request, and the answer it must get. */
  record Case(String kind, String description, HostileCase.Http request, Expect expect) {}

  private final String key;

  WatchFuzzCases(String key) {
    this.key = key;
  }

  Case generate(long campaignSeed, int index) {
    Random r = new Random(campaignSeed * 1_000_003L + index);
    return switch (index % KINDS) {
      case 0 -> brokenJson(r);
      case 1 -> attestMember(r);
      case 2 -> webhookForm(r);
      case 3 -> webhookTarget(r);
      case 4 -> lifetime(r);
      case 5 -> deliver(r);
      case 6 -> assurance(r);
      case 7 -> unknownId(r);
      default -> auth(r);
    };
  }

  /** A watch body of {@code members} (JSON member texts) after the wallet and conditions. */
  private static String body(String wallet, String conditions, String... members) {
    StringBuilder b = new StringBuilder("{");
    if (wallet != null) {
      b.append("\"wallet\":").append(wallet).append(',');
    }
    b.append("\"conditions\":").append(conditions);
    for (String member : members) {
      b.append(',').append(member);
    }
    return b.append('}').toString();
  }

  private static String base(String... more) {
    String[] members = new String[more.length + 1];
    members[0] = "\"webhookUrl\":\"" + PRIVATE_HOOK + "\"";
    System.arraycopy(more, 0, members, 1, more.length);
    return body(quoted(WALLET), "[" + CONDITION + "]", members);
  }

  private Case post(String kind, String description, String body, Expect expect) {
    return new Case(kind, description, JdkExchange.json("POST", PATH, body, key), expect);
  }

  private Case brokenJson(Random r) {
    String whole = base();
    List<String> others =
        List.of("[]", "\"watch\"", "42", "null", "true", "{\"a\":", "{]", "\u0000");
    if (r.nextBoolean()) {
      int cut = 1 + r.nextInt(whole.length() - 1);
      return post("broken-json", "cut at " + cut, whole.substring(0, cut), refused(400));
    }
    String text = pick(r, others);
    return post("broken-json", "not an object: " + text, text, refused(400));
  }

  private Case attestMember(Random r) {
    List<String> wallets = List.of("\"0x123\"", "5", "null", "\"\"", "\"not-an-address\"", "[]");
    List<String> conditions =
        List.of(
            "[]",
            "{}",
            "\"x\"",
            "[" + String.join(",", java.util.Collections.nCopies(11, CONDITION)) + "]",
            "[" + CONDITION.replace("token_balance", "nope") + "]",
            "[" + CONDITION.replace("8453", "\"abc\"") + "]",
            "[" + CONDITION.replace("\"1\"", "\"-1\"") + "]",
            "[" + CONDITION.replace("\"contractAddress\":\"" + USDC_BASE + "\",", "") + "]");
    String hook = "\"webhookUrl\":\"" + PRIVATE_HOOK + "\"";
    if (r.nextInt(3) == 0) {
      String wallet = pick(r, wallets);
      return post(
          "attest-member",
          "wallet " + wallet,
          body(wallet, "[" + CONDITION + "]", hook),
          refused(400));
    }
    if (r.nextInt(4) == 0) {
      return post(
          "attest-member", "no wallet", body(null, "[" + CONDITION + "]", hook), refused(400));
    }
    String list = pick(r, conditions);
    return post(
        "attest-member",
        "conditions " + abbreviate(list),
        body(quoted(WALLET), list, hook),
        refused(400));
  }

  private Case webhookForm(Random r) {
    String absolute = "webhookUrl must be an absolute https URL";
    List<String[]> forms =
        List.of(
            new String[] {"not a url", absolute},
            new String[] {"ftp://example.com/hook", absolute},
            new String[] {"/relative/hook", absolute},
            new String[] {"https://", absolute},
            new String[] {"https://example.com/hook#part", absolute},
            new String[] {"mailto:ops@example.com", absolute},
            new String[] {"https://user:secret@example.com/hook", "user name or password"},
            new String[] {"https://example.com/" + "a".repeat(2_100), "at most 2048"});
    int choice = r.nextInt(forms.size() + 2);
    String wallet = quoted(WALLET);
    String conditions = "[" + CONDITION + "]";
    if (choice == forms.size()) {
      return post(
          "webhook-form",
          "missing",
          body(wallet, conditions),
          refused(400, "webhookUrl is required"));
    }
    if (choice == forms.size() + 1) {
      String value = pick(r, List.of("5", "true", "[]", "{}"));
      return post(
          "webhook-form",
          "not a string: " + value,
          body(wallet, conditions, "\"webhookUrl\":" + value),
          refused(400, "webhookUrl"));
    }
    String[] form = forms.get(choice);
    return post(
        "webhook-form",
        abbreviate(form[0]),
        body(wallet, conditions, "\"webhookUrl\":" + quoted(form[0])),
        refused(400, form[1]));
  }

  private Case webhookTarget(Random r) {
    List<String[]> targets =
        List.of(
            new String[] {"https://10.20.30.40/hook", "a private address"},
            new String[] {"https://172.16.0.9/hook", "a private address"},
            new String[] {"https://192.168.1.1:8443/hook", "a private address"},
            new String[] {"https://127.0.0.1/hook", "a loopback address"},
            new String[] {"https://127.9.9.9:9/hook", "a loopback address"},
            new String[] {"https://[::1]/hook", "a loopback address"},
            new String[] {"https://169.254.169.254/latest", "a link-local address"},
            new String[] {"https://[fc00::1]/hook", "a private address"},
            new String[] {"https://100.64.0.1/hook", "a reserved address"},
            new String[] {"https://[::ffff:10.0.0.1]/hook", "a private address"},
            // refused as loopback, or as a host without an address where the resolver has none
            new String[] {"https://localhost/hook", "webhookUrl's host localhost"},
            new String[] {"http://10.0.0.1/hook", "webhookUrl must be an https URL"});
    String[] target = pick(r, targets);
    return post(
        "webhook-target",
        target[0],
        body(quoted(WALLET), "[" + CONDITION + "]", "\"webhookUrl\":" + quoted(target[0])),
        refused(400, target[1]));
  }

  private Case lifetime(Random r) {
    String value =
        pick(
            r,
            List.of("0", "3599", "2592001", "-3600", "3600.5", "\"3600\"", "true", "1e10", "[]"));
    return post("lifetime", value, base("\"lifetime\":" + value), refused(400, LIFETIME));
  }

  private Case deliver(Random r) {
    String value = pick(r, List.of("\"always\"", "\"\"", "\"PASS\"", "\"met \"", "1", "[]", "{}"));
    String mention = value.startsWith("\"") ? "deliver must be \"pass\" or \"met\"" : "deliver";
    return post("deliver", value, base("\"deliver\":" + value), refused(400, mention));
  }

  private Case assurance(Random r) {
    String value = pick(r, List.of("\"quorum\"", "\"single\"", "1", "{}"));
    // a value attest does not read is refused with attest's message; one it reads, by the watch
    String mention =
        value.startsWith("\"")
            ? "assurance is not available on watches: a watch reads each chain from one provider"
            : "assurance";
    return post("assurance", value, base("\"assurance\":" + value), refused(400, mention));
  }

  private Case unknownId(Random r) {
    String id =
        switch (r.nextInt(4)) {
          case 0 -> "wch_" + hex(r, 24);
          case 1 -> hex(r, 8);
          case 2 -> "wch_" + "z".repeat(200 + r.nextInt(200));
          default -> "wch_%2e%2e%2fkeys";
        };
    String method = pick(r, List.of("GET", "DELETE", "GET-deliveries"));
    String path = PATH + "/" + id + (method.equals("GET-deliveries") ? "/deliveries" : "");
    String verb = method.startsWith("GET") ? "GET" : "DELETE";
    // an encoded traversal is either refused as a path or looked up as an id: never found
    Expect expect =
        id.contains("%") ? Expect.refusedAnyOf(Set.of(400, 404)) : refused(404, "Watch not found");
    return new Case(
        "unknown-id", method + " " + abbreviate(id), JdkExchange.json(verb, path, "", key), expect);
  }

  private Case auth(Random r) {
    String wrong = "ws_" + hex(r, 32);
    return switch (r.nextInt(4)) {
      case 0 ->
          new Case(
              "auth",
              "POST without a key",
              JdkExchange.json("POST", PATH, base(), null),
              refused(401));
      case 1 ->
          new Case(
              "auth",
              "POST with a wrong key",
              JdkExchange.json("POST", PATH, base(), wrong),
              refused(401));
      case 2 ->
          new Case(
              "auth", "list without a key", JdkExchange.json("GET", PATH, "", null), refused(401));
      default ->
          new Case(
              "auth",
              "one with a wrong key",
              JdkExchange.json("GET", PATH + "/wch_" + hex(r, 24), "", wrong),
              refused(401));
    };
  }

  private static Expect refused(int status) {
    return Expect.refusedAnyOf(Set.of(status));
  }

  private static Expect refused(int status, String mentions) {
    return Expect.refused(status, mentions);
  }

  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static String hex(Random r, int length) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < length; i++) {
      b.append(Character.forDigit(r.nextInt(16), 16));
    }
    return b.toString();
  }

  private static <T> T pick(Random r, List<T> from) {
    return from.get(r.nextInt(from.size()));
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "…(" + s.length() + ")" : s;
  }
}
