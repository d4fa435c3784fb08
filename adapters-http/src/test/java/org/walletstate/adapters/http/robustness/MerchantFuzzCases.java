package org.walletstate.adapters.http.robustness;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.walletstate.adapters.http.robustness.HostileCase.Header;
import org.walletstate.adapters.http.robustness.HostileCase.Http;

/**
 * Generated requests to the merchant endpoints: each breaks one rule of one body (with the member
 * the message must name), breaks the JSON itself, or the credential and ownership rules; a few are
 * valid. Rule breaks go to the "target" merchant, whose configuration must come out unchanged;
 * valid writes go to the "scratch" merchant.
 */
final class MerchantFuzzCases {

  /**
   * @param port the service
   * @param owner the key owning both merchants
   * @param stranger a key owning neither
   * @param target the merchant rule breaks are sent to
   * @param scratch the merchant valid writes are sent to
   */
  record Fixture(int port, String owner, String stranger, String target, String scratch) {}

  /** One case: the request, and the status and message fragment the answer must carry. */
  record Case(
      int index, String kind, String description, Http request, int status, String mentions) {}

  static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  static final String SOL_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  static final String XRPL_ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";

  private final Fixture f;

  MerchantFuzzCases(Fixture fixture) {
    this.f = fixture;
  }

  /** A member whose value is replaced, with the bad values it can take. */
  private record Slot(String endpoint, String template, String member, List<String> bad) {}

  private static String q(String s) {
    return s.replace('\'', '"');
  }

  private static String token(String chain, String contract, String discount, String extra) {
    return q(
        "{'symbol':'USDC','chainId':"
            + chain
            + ",'contractAddress':"
            + contract
            + ",'decimals':6,'tiers':[{'name':'a','threshold':'10','discount':"
            + discount
            + "},{'name':'b','threshold':'20','discount':20}]"
            + extra
            + "}");
  }

  /** The rule-break table: a template with {@code @} where the bad value goes. */
  private List<Slot> slots(Random r) {
    String badEvm = "\"" + json(AttestFuzzCases.badAddress(r, USDC_BASE)) + "\"";
    List<String> badDiscounts =
        List.of(
            "10.5",
            "0",
            "51",
            "-1",
            "\"ten\"",
            "\"10.25\"",
            "true",
            "[]",
            "{}",
            "1e400",
            "50.000001");
    List<String> notBool = List.of("\"true\"", "1", "0", "[]", "{}", "\"no\"");
    List<String> badChains =
        List.of(
            "\"bitcoin\"",
            "\"tron\"",
            "\"stellar\"",
            "\"sui\"",
            "1284",
            "1285",
            "999999",
            "-1",
            "1.5",
            "\"\"",
            "true",
            "\"ethereum\"");
    return List.of(
        // point of sale: scanners, scanner login, passes and their check
        new Slot(
            "POST scanners",
            "{\"pin\":@,\"label\":\"t\"}",
            "pin",
            List.of("\"123\"", "\"123456789\"", "\"12a4\"", "1234", "[]", "\"\"", "\" 1234\"")),
        new Slot(
            "POST scanners",
            "{\"pin\":\"4821\",\"label\":@}",
            "label",
            List.of("\"" + "l".repeat(61) + "\"", "7", "\"  \"", "\"a\\u0000b\"", "[]")),
        new Slot(
            "POST scanners",
            "{\"action\":@,\"scannerId\":\"scn_0000000000000000\"}",
            "action",
            List.of("\"rename\"", "7", "\"\"", "\"REMOVE\"", "[]")),
        new Slot(
            "POST scanners",
            "{\"action\":\"remove\",\"scannerId\":@}",
            "scannerId",
            List.of("\"scn_x\"", "7", "\"\"", "\"scn_" + "0".repeat(17) + "\"", "{}")),
        new Slot(
            "POST session",
            "{\"merchantId\":\"" + f.target() + "\",\"pin\":@}",
            "pin",
            List.of("\"123\"", "\"abcd\"", "1234", "[]", "\"123456789\"")),
        new Slot(
            "POST pass",
            "{\"message\":@,\"signature\":\"0x" + "ab".repeat(65) + "\"}",
            "message",
            List.of("7", "[]", "{}", "true")),
        new Slot(
            "POST pass",
            "{\"message\":\"m\",\"signature\":@}",
            "signature",
            List.of("\"0x12\"", "7", "\"\"", "\"0x" + "zz".repeat(65) + "\"")),
        new Slot(
            "POST verify",
            "{\"code\":@,\"merchantId\":\"" + f.target() + "\"}",
            "code",
            List.of("7", "[]", "\"\"", "\"x\"", "\"P1.a\"", "\"" + "P".repeat(1100) + "\"")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("@", "\"" + USDC_BASE + "\"", "5", "") + "}",
            "ownToken.chainId",
            badChains),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("8453", "@", "5", "") + "}",
            "ownToken.contractAddress",
            List.of(badEvm, "\"\"", "\"0x\"", "\"" + SOL_MINT + "\"")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("\"solana\"", "@", "5", "") + "}",
            "ownToken.contractAddress",
            List.of(
                "\"" + USDC_BASE + "\"",
                "\"" + SOL_MINT + "0\"",
                "\"0OIl" + SOL_MINT.substring(4) + "\"")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("\"xrpl\"", "@", "5", ",'currency':'USD'") + "}",
            "ownToken.contractAddress",
            List.of(
                "\"" + XRPL_ISSUER.substring(0, 30) + "x\"",
                "\"X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ\"",
                "\"" + USDC_BASE + "\"")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":"
                + token("\"xrpl\"", "\"" + XRPL_ISSUER + "\"", "5", ",'currency':@")
                + "}",
            "ownToken.currency",
            List.of(
                "\"XRP\"",
                "\"\"",
                "\"0000000000000000000000000000000000000000\"",
                "\"" + "x".repeat(21) + "\"",
                "7")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("8453", "\"" + USDC_BASE + "\"", "@", "") + "}",
            "ownToken.tiers[0].discount",
            badDiscounts),
        new Slot(
            "PUT tokens",
            "{\"partnerTokens\":[" + token("8453", "\"" + USDC_BASE + "\"", "@", "") + "]}",
            "partnerTokens[0].tiers[0].discount",
            badDiscounts),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":" + token("8453", "\"" + USDC_BASE + "\"", "5", ",'enabled':@") + "}",
            "ownToken.enabled",
            notBool),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":"
                + token("8453", "\"" + USDC_BASE + "\"", "5", ",'decimals2':0")
                    .replace("\"decimals\":6", "\"decimals\":@")
                + "}",
            "ownToken.decimals",
            List.of("19", "-1", "6.5", "\"six\"", "null", "[]")),
        new Slot(
            "PUT tokens",
            "{\"ownToken\":"
                + token(
                    "8453",
                    "\"" + USDC_BASE + "\"",
                    "5",
                    ",'alsoOn':[{'chainId':@,'contractAddress':'native'}]")
                + "}",
            "ownToken.alsoOn[0].chainId",
            List.of("8453", "\"xrpl\"", "\"bitcoin\"", "1284")),
        new Slot(
            "PUT tokens", "{\"ownToken\":@}", "ownToken", List.of("7", "\"USDC\"", "[]", "true")),
        new Slot(
            "PUT nfts",
            q(
                "{'nftCollections':[{'name':'n','contractAddress':'"
                    + USDC_ETH
                    + "','chainId':1,'discount':@}]}"),
            "nftCollections[0].discount",
            badDiscounts),
        new Slot(
            "PUT nfts",
            q("{'nftCollections':[{'name':'n','contractAddress':@,'chainId':1,'discount':5}]}"),
            "nftCollections[0].contractAddress",
            List.of(badEvm, "\"native\"", "\"\"")),
        new Slot(
            "PUT nfts",
            q(
                "{'nftCollections':[{'name':'n','contractAddress':'"
                    + XRPL_ISSUER
                    + "','chainId':'xrpl','discount':5,'taxon':@}]}"),
            "nftCollections[0].taxon",
            List.of("-1", "4294967296", "1.5", "\"x\"", "true", "\"99999999999\"")),
        new Slot(
            "PUT nfts",
            q(
                "{'nftCollections':[{'name':@,'contractAddress':'"
                    + USDC_ETH
                    + "','chainId':1,'discount':5}]}"),
            "nftCollections[0].name",
            List.of("\"" + "n".repeat(51) + "\"", "\"  \"", "7", "null")),
        new Slot(
            "PUT nfts",
            q(
                "{'nftCollections':[{'name':'n','contractAddress':'"
                    + USDC_ETH
                    + "','chainId':1,'discount':5,'benefitType':@}]}"),
            "nftCollections[0].benefitType",
            List.of("\"cash\"", "\"\"", "\"DISCOUNT\"", "5")),
        new Slot(
            "PUT settings",
            "{\"discountMode\":@}",
            "discountMode",
            List.of("\"lowest\"", "\"\"", "\"HIGHEST\"", "5", "null", "[]")),
        new Slot(
            "PUT settings",
            "{\"discountCap\":@}",
            "discountCap",
            List.of("0", "101", "12.5", "\"abc\"", "-5", "null", "1e3")),
        new Slot(
            "PUT settings",
            "{\"maxDiscountsPerWalletPerDay\":@}",
            "maxDiscountsPerWalletPerDay",
            List.of("0", "101", "2.5", "\"3\"", "[]")),
        new Slot(
            "PUT settings",
            "{\"maxUnprovenDiscount\":@}",
            "maxUnprovenDiscount",
            List.of("-1", "101", "2.5", "\"3\"", "{}")),
        new Slot(
            "PUT settings",
            "{\"maxPaidCodesFromOtherKeysPerDay\":@}",
            "maxPaidCodesFromOtherKeysPerDay",
            List.of("-1", "100001", "2.5", "\"x\"", "{}")),
        new Slot("PUT settings", "{\"paused\":@}", "paused", notBool),
        new Slot(
            "PUT settings",
            "{\"usdcPayment\":{\"evmAddress\":@}}",
            "usdcPayment.evmAddress",
            List.of(badEvm, "7", "\"\"")),
        new Slot(
            "PUT settings",
            "{\"usdcPayment\":{\"evmAddress\":\"" + USDC_ETH + "\",\"preferredChainId\":@}}",
            "usdcPayment.preferredChainId",
            List.of("100", "\"solana\"", "\"bitcoin\"", "1284", "\"x\"")),
        new Slot(
            "POST domain-verification",
            "{\"domain\":@}",
            "domain",
            List.of(
                "\"https://shop.example.com\"",
                "\"localhost\"",
                "\"10.0.0.1\"",
                "\"shop.example.com:443\"",
                "\"a..b\"",
                "\"\"",
                "7",
                "null",
                "\"" + "a".repeat(64) + ".com\"")),
        new Slot("POST directory", "{\"listed\":@}", "listed", notBool),
        new Slot(
            "POST credits",
            "{\"txHash\":@,\"chainId\":8453,\"amount\":5}",
            "txHash",
            List.of("\"0x12\"", "\"\"", "7", "null", "\"0x" + "g".repeat(64) + "\"", "[]")),
        new Slot(
            "POST credits",
            "{\"txHash\":\"0x" + "ab".repeat(32) + "\",\"chainId\":@,\"amount\":5}",
            "chainId",
            List.of("100", "1284", "\"x\"", "null", "[]", "-1")),
        new Slot(
            "POST credits",
            "{\"txHash\":\"0x" + "ab".repeat(32) + "\",\"chainId\":8453,\"amount\":@}",
            "amount",
            List.of("4", "0", "-5", "\"abc\"", "[]", "true")),
        new Slot(
            "POST credits",
            "{\"txHash\":\"0x"
                + "ab".repeat(32)
                + "\",\"chainId\":8453,\"amount\":5,\"updateWallet\":@}",
            "updateWallet",
            notBool),
        new Slot(
            "POST registry",
            q(
                "{'chainId':@,'contractAddress':'"
                    + USDC_BASE
                    + "','type':'token','symbol':'X','decimals':6}"),
            "chainId",
            badChains),
        new Slot(
            "POST registry",
            q("{'chainId':8453,'contractAddress':@,'type':'token','symbol':'X','decimals':6}"),
            "contractAddress",
            List.of(badEvm, "\"native\"", "\"\"")),
        new Slot(
            "POST registry",
            q(
                "{'chainId':8453,'contractAddress':'"
                    + USDC_BASE
                    + "','type':@,'symbol':'X','decimals':6}"),
            "type",
            List.of("\"coin\"", "\"\"", "5", "\"TOKEN\"")),
        new Slot(
            "POST registry",
            q(
                "{'chainId':8453,'contractAddress':'"
                    + USDC_BASE
                    + "','type':'token','symbol':'X','decimals':6,'source':@}"),
            "source",
            List.of("\"Bad Tag\"", "\"\"", "\"" + "a".repeat(65) + "\"", "\"-x\"")),
        new Slot(
            "POST merchants",
            q("{'companyName':'n','companyId':@}"),
            "companyId",
            List.of(
                "\"a\"",
                "\"" + "a".repeat(51) + "\"",
                "\"a b\"",
                "\"a/b\"",
                "\"\u00e9t\u00e9\"",
                "7")),
        new Slot(
            "POST merchants",
            q("{'companyName':@,'companyId':'fuzz-never'}"),
            "companyName",
            List.of("\"" + "n".repeat(101) + "\"", "\" \"", "7", "null", "\"a\\u0000b\"")),
        new Slot(
            "POST merchants",
            q("{'companyName':'n','companyId':'fuzz-never','allowDuplicateName':@}"),
            "allowDuplicateName",
            notBool));
  }

  private static String json(String text) {
    StringBuilder sb = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private String path(String endpoint, String merchant) {
    return switch (endpoint) {
      case "PUT tokens" -> "/v1/merchants/" + merchant + "/tokens";
      case "PUT nfts" -> "/v1/merchants/" + merchant + "/nfts";
      case "PUT settings" -> "/v1/merchants/" + merchant + "/settings";
      case "POST domain-verification" -> "/v1/merchants/" + merchant + "/domain-verification";
      case "POST directory" -> "/v1/merchants/" + merchant + "/directory";
      case "POST credits" -> "/v1/merchants/" + merchant + "/credits";
      case "POST registry" -> "/v1/registry/submit";
      case "POST scanners" -> "/v1/merchants/" + merchant + "/scanners";
      case "POST session" -> "/v1/scanner/session";
      case "POST pass" -> "/v1/pass";
      case "POST verify" -> "/v1/pass/verify";
      default -> "/v1/merchants";
    };
  }

  private static boolean keyed(String endpoint) {
    return !endpoint.equals("POST registry")
        && !endpoint.equals("POST session")
        && !endpoint.equals("POST pass");
  }

  /** Whether the endpoint's path names the merchant. */
  private static boolean merchantScoped(String endpoint) {
    return !endpoint.equals("POST registry")
        && !endpoint.equals("POST session")
        && !endpoint.equals("POST pass")
        && !endpoint.equals("POST verify");
  }

  Case generate(long seed, int index) {
    Random r = new Random(AttestFuzzCases.caseSeed(seed, index));
    int roll = r.nextInt(100);
    List<Slot> slots = slots(r);
    Slot slot = slots.get(r.nextInt(slots.size()));
    String method = slot.endpoint().substring(0, slot.endpoint().indexOf(' '));
    String target = path(slot.endpoint(), f.target());
    if (roll < 60 || (roll >= 91 && roll < 96 && !merchantScoped(slot.endpoint()))) {
      String bad = slot.bad().get(r.nextInt(slot.bad().size()));
      return new Case(
          index,
          "rule/" + slot.endpoint(),
          slot.member() + " = " + bad,
          http(
              method,
              target,
              slot.template().replace("@", bad),
              keyed(slot.endpoint()) ? f.owner() : null),
          400,
          slot.member());
    }
    String valid =
        slot.endpoint().equals("POST verify")
            ? "{\"code\":\"P1.a.b\",\"merchantId\":\"" + f.target() + "\"}"
            : validBody(slot.endpoint());
    if (roll < 75) {
      String broken = broken(r, slot.template().replace("@", "1"));
      return new Case(
          index,
          "syntax/" + slot.endpoint(),
          "broken JSON",
          http(method, target, broken, keyed(slot.endpoint()) ? f.owner() : null),
          400,
          null);
    }
    if (roll < 80) {
      String body = List.of("[]", "\"x\"", "7", "null", "true").get(r.nextInt(5));
      return new Case(
          index,
          "shape/" + slot.endpoint(),
          "body " + body,
          http(method, target, body, keyed(slot.endpoint()) ? f.owner() : null),
          400,
          "JSON object");
    }
    if (!keyed(slot.endpoint()) || slot.endpoint().equals("POST merchants")) {
      String body = slot.template().replace("@", "\"" + "z".repeat(1 + r.nextInt(3)) + "\"");
      return new Case(
          index,
          "auth/none",
          "no key",
          http(method, "/v1/merchants", body, null),
          401,
          "Invalid or missing API key.");
    }
    if (roll < 86) {
      String[] keys = {null, "svc_live_" + "0".repeat(40), "svc_live_x", "", f.owner() + "0"};
      String key = keys[r.nextInt(keys.length)];
      return new Case(
          index,
          "auth/bad-key",
          "key " + key,
          http(method, target, valid, key == null ? null : key),
          401,
          "Invalid or missing API key.");
    }
    if (roll < 91) {
      return new Case(
          index,
          "auth/stranger",
          "another key",
          http(method, target, valid, f.stranger()),
          403,
          "does not own");
    }
    if (roll < 96) {
      String unknown =
          "/v1/merchants/"
              + List.of("nope-" + index, "x", "a%00b", "UNKNOWN-" + index).get(r.nextInt(4))
              + target.substring(target.indexOf('/', "/v1/merchants/".length()));
      return new Case(
          index,
          "auth/unknown",
          "unknown merchant",
          http(method, unknown, valid, f.owner()),
          404,
          null);
    }
    String body =
        switch (slot.endpoint()) {
          case "PUT settings" ->
              "{\"discountCap\":"
                  + (1 + r.nextInt(100))
                  + ",\"maxUnprovenDiscount\":"
                  + r.nextInt(101)
                  + "}";
          case "PUT nfts" ->
              q(
                  "{'nftCollections':[{'name':'n"
                      + r.nextInt(1000)
                      + "','contractAddress':'"
                      + USDC_ETH
                      + "','chainId':1,'discount':"
                      + (1 + r.nextInt(50))
                      + "}]}");
          default ->
              "{\"partnerTokens\":["
                  + token("8453", "\"" + USDC_BASE + "\"", Integer.toString(1 + r.nextInt(50)), "")
                  + "]}";
        };
    String endpoint =
        slot.endpoint().equals("PUT settings") || slot.endpoint().equals("PUT nfts")
            ? slot.endpoint()
            : "PUT tokens";
    return new Case(
        index,
        "valid/" + endpoint,
        "valid write",
        http("PUT", path(endpoint, f.scratch()), body, f.owner()),
        200,
        null);
  }

  /** A body the endpoint accepts (and that would change nothing the target keeps checking). */
  private static String validBody(String endpoint) {
    return switch (endpoint) {
      case "PUT tokens" -> "{\"ownToken\":null}";
      case "PUT nfts" -> "{\"nftCollections\":[]}";
      case "PUT settings" -> "{\"paused\":false}";
      case "POST domain-verification" -> "{\"domain\":\"shop.example.com\"}";
      case "POST directory" -> "{\"listed\":false}";
        // a well-formed claim: the owner checks answer before anything is read on chain
      case "POST credits" ->
          "{\"txHash\":\"0x" + "ab".repeat(32) + "\",\"chainId\":8453,\"amount\":5}";
      case "POST scanners" -> "{\"pin\":\"4821\"}";
      default -> "{}";
    };
  }

  private static String broken(Random r, String good) {
    return switch (r.nextInt(5)) {
      case 0 -> good.substring(0, 1 + r.nextInt(good.length() - 1));
      case 1 -> good + "}";
      case 2 -> good.replaceFirst("\\{", "{\"x\":1,\"x\":2,");
      case 3 -> good.replace(":", "=");
      default -> "{" + good;
    };
  }

  private static Http http(String method, String target, String body, String key) {
    List<Header> headers = new ArrayList<>();
    headers.add(new Header("Content-Type", "application/json"));
    if (key != null) {
      headers.add(new Header("X-API-Key", key));
    }
    return new Http(method, target, headers, body.getBytes(StandardCharsets.UTF_8));
  }
}
