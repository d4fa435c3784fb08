package org.walletstate.adapters.http.robustness;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.walletstate.adapters.http.robustness.HostileCase.Expect;
import org.walletstate.adapters.http.robustness.HostileCase.Header;
import org.walletstate.adapters.http.robustness.HostileCase.Http;
import org.walletstate.adapters.http.robustness.HostileCase.Raw;
import org.walletstate.domain.attest.condition.Erc7710Delegation;

/**
 * Generates hostile {@code POST /v1/attest} requests from a seed. Case {@code i} of seed {@code s}
 * is always the same request, so a failure is reproduced from the two numbers alone.
 *
 * <p>Most cases are well-formed JSON that breaks exactly one rule of the interface, starting from a
 * request that would succeed on the devnet: those reach the domain's validation and must be refused
 * with a 400 naming the member at fault. The rest attack the layers around it (JSON syntax,
 * encodings, sizes, headers, HTTP framing), and a share are valid but unusual requests: quoted to
 * credential-less callers, attested and charged for a key.
 */
final class AttestFuzzCases {

  /** What the cases may use from the service under test and its devnet. */
  record Fixture(
      String apiKey,
      int port,
      String holder,
      String usdc,
      String nft,
      String allowList,
      String indexer,
      String schema,
      String delegator,
      String delegation) {}

  /** The EVM chain ids of the interface; every other integer is refused. */
  static final Set<Long> EVM_CHAINS =
      Set.of(
          1L, 56L, 8453L, 43114L, 137L, 42161L, 10L, 88888L, 1868L, 98866L, 146L, 100L, 5000L,
          534352L, 59144L, 324L, 81457L, 167000L, 2020L, 42220L, 88L, 204L, 480L, 130L, 57073L,
          1329L, 80094L, 33139L, 50L, 4663L, 5042L);

  static final String PATH = "/v1/attest";
  static final String PLAIN_PRICE = "50000";
  static final String PROOF_PRICE = "100000";

  /** Over this many bytes a body is refused with 413 ({@code walletstate.http.max-body-size}). */
  static final int BODY_LIMIT = 128 * 1024;

  private static final String CELO = "0x471EcE3750Da237f93B8E339c536989b8978a438";

  /** Chain names the catalogue does not know (every chain of the interface is read). */
  private static final String[] NON_EVM = {
    "bitcoin-testnet", "tron-nile", "stellar-testnet", "sui-devnet"
  };

  private static final String SOLANA_WALLET = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  private static final String SOLANA_MINT = "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR";
  private static final String XRPL_WALLET = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  private static final String XRPL_ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";
  private static final String BITCOIN_WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  private static final String TRON_WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
  private static final String STELLAR_WALLET =
      "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  private static final String STELLAR_ISSUER =
      "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S";

  /** A well-formed value of each other wallet member: validated families need a real one. */
  private static String otherWallet(String member, String fallback) {
    switch (member) {
      case "solanaWallet":
        return SOLANA_WALLET;
      case "xrplWallet":
        return XRPL_WALLET;
      case "bitcoinWallet":
        return BITCOIN_WALLET;
      case "tronWallet":
        return TRON_WALLET;
      case "stellarWallet":
        return STELLAR_WALLET;
      case "suiWallet":
        return "0x" + "a1".repeat(32);
      default:
        return fallback;
    }
  }

  private static final String[] OTHER_WALLETS = {
    "solanaWallet", "xrplWallet", "bitcoinWallet", "tronWallet", "stellarWallet", "suiWallet"
  };

  private final Fixture fixture;

  AttestFuzzCases(Fixture fixture) {
    this.fixture = fixture;
  }

  /** The seed of case {@code index} in a campaign: SplitMix64 over the pair. */
  static long caseSeed(long campaignSeed, int index) {
    long z = campaignSeed + 0x9E3779B97F4A7C15L * (index + 1L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  HostileCase generate(long campaignSeed, int index) {
    Random r = new Random(caseSeed(campaignSeed, index));
    int roll = r.nextInt(1000);
    Built built;
    if (roll < 520) {
      built = ruleBreak(r);
    } else if (roll < 630) {
      built = syntax(r);
    } else if (roll < 670) {
      built = noise(r);
    } else if (roll < 695) {
      built = oversized(r);
    } else if (roll < 825) {
      built = headers(r);
    } else if (roll < 885) {
      built = raw(r);
    } else if (roll < 995) {
      built = validAnonymous(r);
    } else {
      built = validWithKey(r);
    }
    return new HostileCase(index, built.kind, built.description, built.request, built.expect);
  }

  private record Built(
      String kind, String description, HostileCase.Request request, Expect expect) {}

  // --- bodies that would succeed ---------------------------------------------------------------

  private enum Form {
    TOKEN_ERC20,
    TOKEN_NATIVE,
    NFT,
    ACCOUNT_CODE,
    VIEW_CALL,
    RATIO_AMOUNT,
    RATIO_SUPPLY,
    EAS_TEMPLATE,
    EAS_RAW,
    FARCASTER,
    AGENT,
    DELEGATION
  }

  private static final String MANAGER_1_3_0 = "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3";
  private static final String TIMESTAMP_ENFORCER = "0x1046bb45C8d673d4ea75321280DB34899413c069";

  private static final Form[] CHEAP = {
    Form.TOKEN_ERC20, Form.TOKEN_NATIVE, Form.NFT, Form.ACCOUNT_CODE
  };

  private JsonText.Obj condition(Form form) {
    JsonText.Obj c = new JsonText.Obj();
    switch (form) {
      case TOKEN_ERC20:
        return c.putText("type", "token_balance")
            .put("chainId", "8453")
            .putText("contractAddress", fixture.usdc())
            .putText("threshold", "100");
      case TOKEN_NATIVE:
        return c.putText("type", "token_balance")
            .put("chainId", "1")
            .putText("contractAddress", "native")
            .putText("threshold", "0.5");
      case NFT:
        return c.putText("type", "nft_ownership")
            .put("chainId", "8453")
            .putText("contractAddress", fixture.nft());
      case ACCOUNT_CODE:
        return c.putText("type", "account_code").put("chainId", "8453").putText("expect", "none");
      case VIEW_CALL:
        return c.putText("type", "evm_view_call")
            .put("chainId", "8453")
            .putText("contractAddress", fixture.allowList())
            .putText("selector", "isAllowed(address)");
      case RATIO_AMOUNT:
        return c.putText("type", "ratio_to_amount")
            .put("chainId", "8453")
            .putText("contractAddress", fixture.usdc())
            .putText("multiple", "2")
            .putText("amount", "10");
      case RATIO_SUPPLY:
        return c.putText("type", "ratio_to_supply")
            .put("chainId", "8453")
            .putText("contractAddress", fixture.usdc())
            .putText("minFraction", "0.0001");
      case EAS_TEMPLATE:
        return c.putText("type", "eas_attestation")
            .putText("template", "exchange_verified_account");
      case EAS_RAW:
        return c.putText("type", "eas_attestation")
            .put("chainId", "8453")
            .putText("schemaId", fixture.schema())
            .putText("indexer", fixture.indexer());
      case AGENT:
        return c.putText("type", "erc8004_agent").put("chainId", "8453").putText("agentId", "0");
      case DELEGATION:
        return c.putText("type", "erc7710_delegation")
            .put("chainId", "8453")
            .putText("delegationManager", MANAGER_1_3_0)
            .putText("expectedDelegator", fixture.delegator())
            .put("delegation", fixture.delegation());
      default:
        return c.putText("type", "farcaster_id");
    }
  }

  /** A root delegation to the holder with these caveats (its signature is never reached). */
  private JsonText.Obj delegationWith(String authority, int caveats) {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < caveats; i++) {
      all.add(
          new JsonText.Obj()
              .putText("enforcer", TIMESTAMP_ENFORCER)
              .putText("terms", "0x" + "00".repeat(32))
              .render());
    }
    return new JsonText.Obj()
        .putText("delegator", fixture.delegator())
        .putText("delegate", fixture.holder())
        .putText("authority", authority)
        .put("caveats", JsonText.array(all))
        .putText("salt", "0x1")
        .putText("signature", "0x" + "11".repeat(65));
  }

  private static <T> T pick(Random r, T[] from) {
    return from[r.nextInt(from.length)];
  }

  private static <T> T pick(Random r, List<T> from) {
    return from.get(r.nextInt(from.size()));
  }

  private JsonText.Obj body(List<JsonText.Obj> conditions) {
    return new JsonText.Obj()
        .putText("wallet", fixture.holder())
        .put("conditions", JsonText.array(conditions.stream().map(JsonText.Obj::render).toList()));
  }

  /** Valid conditions around one at {@code position}, which the caller has broken. */
  private List<JsonText.Obj> around(Random r, JsonText.Obj broken, int position, int count) {
    List<JsonText.Obj> all = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      all.add(i == position ? broken : condition(pick(r, Form.values())));
    }
    return all;
  }

  // --- one broken rule -------------------------------------------------------------------------

  private Built ruleBreak(Random r) {
    int count = 1 + r.nextInt(3);
    int at = r.nextInt(count);
    String path = "conditions[" + at + "]";
    int family = r.nextInt(27);
    JsonText.Obj body;
    String kind;
    String what;
    String mentions;
    boolean readsFirst = false;
    switch (family) {
      case 0:
        {
          String value = nonString(r);
          body = body(around(r, condition(pick(r, CHEAP)), -1, count)).put("wallet", value);
          kind = "rule/wallet-type";
          what = "wallet is " + value;
          mentions = value.equals("null") ? "wallet is required" : "wallet must be a string";
          break;
        }
      case 1:
        {
          String value = badAddress(r, fixture.holder());
          body = body(around(r, condition(pick(r, CHEAP)), -1, count)).putText("wallet", value);
          kind = "rule/wallet-address";
          what = "wallet " + value;
          mentions = "wallet";
          break;
        }
      case 2:
        {
          body = body(around(r, condition(pick(r, CHEAP)), -1, count)).remove("wallet");
          String other = pick(r, OTHER_WALLETS);
          if (r.nextBoolean()) {
            body.putText(other, pick(r, new String[] {"", " ", "\t\n", "\u2003"}));
            kind = "rule/other-wallet-blank";
            what = other + " blank";
            // every family's wallet is validated: a blank member names itself
            mentions = other;
          } else if (r.nextBoolean()) {
            body.putText(other, otherWallet(other, "anything"));
            kind = "rule/evm-wallet-missing";
            what = "only " + other + " for EVM conditions";
            mentions = "wallet is required";
          } else {
            kind = "rule/wallet-missing";
            what = "no wallet";
            mentions = "wallet is required";
          }
          break;
        }
      case 3:
        {
          String other = pick(r, OTHER_WALLETS);
          String value = nonString(r);
          body = body(around(r, condition(pick(r, CHEAP)), -1, count)).put(other, value);
          kind = "rule/other-wallet-type";
          what = other + " is " + value;
          mentions = value.equals("null") ? null : other + " must be a string";
          if (value.equals("null")) {
            // null is the same as absent: the request stays valid, so break the wallet too
            body.putText("wallet", "0x");
            mentions = "wallet";
          }
          break;
        }
      case 4:
        return conditionsShape(r);
      case 5:
        {
          String member = pick(r, new String[] {"proof", "format", "declaredLimits", "anchor"});
          if (member.equals("anchor") && r.nextInt(3) == 0) {
            // a real tag, refused because one condition's chain does not serve it
            String tag = pick(r, new String[] {"safe", "finalized"});
            List<JsonText.Obj> conditions = around(r, condition(pick(r, CHEAP)), -1, count);
            int polygonAt = r.nextInt(conditions.size() + 1);
            conditions.add(
                polygonAt,
                new JsonText.Obj()
                    .putText("type", "token_balance")
                    .put("chainId", "137")
                    .putText("contractAddress", "native")
                    .putText("threshold", "1"));
            body = body(conditions).putText("anchor", tag);
            kind = "rule/anchor-unserved";
            what = "anchor " + tag + " with Polygon at conditions[" + polygonAt + "]";
            mentions =
                "anchor \""
                    + tag
                    + "\" is not available on Polygon (chain 137, conditions["
                    + polygonAt
                    + "])";
            break;
          }
          String value;
          if (r.nextInt(3) == 0) {
            value = nonNullNonString(r);
          } else {
            String good =
                member.equals("proof")
                    ? "merkle"
                    : member.equals("format")
                        ? "jwt"
                        : member.equals("anchor")
                            ? pick(r, new String[] {"safe", "finalized"})
                            : "omit";
            value = JsonText.string(distort(r, good));
          }
          body = body(around(r, condition(pick(r, CHEAP)), -1, count)).put(member, value);
          kind = "rule/option";
          what = member + " " + value;
          mentions = member;
          break;
        }
      case 6:
        {
          JsonText.Obj c = condition(pick(r, Form.values()));
          int how = r.nextInt(4);
          if (how == 0) {
            c.remove("type");
            what = "no type";
          } else if (how == 1) {
            String v = nonNullNonString(r);
            c.put("type", v);
            what = "type " + v;
          } else if (how == 2) {
            // another type's members under an agent or delegation type: its own members are
            // missing (or its chain is not 8453), which is named under the condition's path
            c.putText("type", pick(r, new String[] {"erc8004_agent", "erc7710_delegation"}));
            c.remove("agentId");
            c.remove("delegation");
            what = "type without its members";
          } else {
            String v = distort(r, pick(r, new String[] {"token_balance", "nft_ownership"}));
            c.putText("type", v);
            what = "type " + v;
          }
          body = body(around(r, c, at, count));
          kind = "rule/type";
          mentions = how == 2 ? path + "." : path + ".type";
          break;
        }
      case 7:
        {
          Form form =
              pick(
                  r,
                  new Form[] {
                    Form.TOKEN_ERC20,
                    Form.TOKEN_NATIVE,
                    Form.NFT,
                    Form.ACCOUNT_CODE,
                    Form.VIEW_CALL,
                    Form.RATIO_AMOUNT,
                    Form.RATIO_SUPPLY,
                    Form.EAS_RAW
                  });
          JsonText.Obj c = condition(form);
          String value = badChainId(r);
          if (value == null) {
            c.remove("chainId");
            what = "no chainId";
          } else {
            c.put("chainId", value);
            what = "chainId " + abbreviate(value);
          }
          body = body(around(r, c, at, count));
          kind = "rule/chain-id";
          mentions = path + ".chainId";
          break;
        }
      case 8:
        {
          JsonText.Obj c = condition(Form.FARCASTER);
          String chain = pick(r, new String[] {"1", "8453", "\"8453\"", "137"});
          c.put("chainId", chain);
          body = body(around(r, c, at, count));
          kind = "rule/farcaster-chain";
          what = "farcaster_id on chain " + chain;
          mentions = path + ".chainId";
          break;
        }
      case 9:
        {
          Form form =
              pick(
                  r,
                  new Form[] {
                    Form.TOKEN_ERC20, Form.NFT, Form.VIEW_CALL, Form.RATIO_AMOUNT, Form.RATIO_SUPPLY
                  });
          JsonText.Obj c = condition(form);
          int how = r.nextInt(4);
          if (how == 0) {
            c.remove("contractAddress");
            what = "no contractAddress";
          } else if (how == 1) {
            String v = nonNullNonString(r);
            c.put("contractAddress", v);
            what = "contractAddress " + v;
          } else if (how == 2) {
            String v = pick(r, new String[] {"NATIVE", "Native", " native", "native ", "nativ"});
            c.putText("contractAddress", v);
            what = "contractAddress " + v;
          } else {
            String v = badAddress(r, fixture.usdc());
            c.putText("contractAddress", v);
            what = "contractAddress " + v;
          }
          body = body(around(r, c, at, count));
          kind = "rule/contract-address";
          mentions = path + ".contractAddress";
          break;
        }
      case 10:
        {
          JsonText.Obj c =
              condition(pick(r, new Form[] {Form.NFT, Form.VIEW_CALL, Form.RATIO_SUPPLY}));
          c.putText("contractAddress", "native");
          body = body(around(r, c, at, count));
          kind = "rule/native-not-allowed";
          what = "native on " + c;
          mentions = path + ".contractAddress native is not allowed";
          break;
        }
      case 11:
        {
          Form form =
              pick(
                  r,
                  new Form[] {
                    Form.TOKEN_ERC20, Form.TOKEN_NATIVE, Form.RATIO_AMOUNT, Form.RATIO_SUPPLY
                  });
          JsonText.Obj c = condition(form);
          String member =
              form == Form.RATIO_AMOUNT
                  ? pick(r, new String[] {"multiple", "amount"})
                  : form == Form.RATIO_SUPPLY ? "minFraction" : "threshold";
          String value = badAmount(r, member.equals("minFraction"));
          if (value == null) {
            c.remove(member);
            what = "no " + member;
          } else {
            c.put(member, value);
            what = member + " " + abbreviate(value);
          }
          body = body(around(r, c, at, count));
          kind = "rule/amount";
          mentions = path + "." + member;
          break;
        }
      case 12:
        {
          JsonText.Obj c = condition(Form.TOKEN_NATIVE);
          String value =
              pick(
                  r,
                  new String[] {
                    "101",
                    "-1",
                    "1000",
                    "6.5",
                    "17",
                    "\"abc\"",
                    "\"\"",
                    "\"6.5\"",
                    "true",
                    "[]",
                    "{}",
                    "\"\uff11\uff18\"",
                    "\"-18\"",
                    "\"0018 \"",
                    "1e400",
                    "\"1000\"",
                    "0"
                  });
          c.put("decimals", value);
          body = body(around(r, c, at, count));
          kind = "rule/decimals";
          what = "native decimals " + value;
          mentions = path + ".decimals";
          break;
        }
      case 13:
        {
          // a declared decimals value that is in range but not the token's own: refused after
          // the token's decimals are read from the devnet, still before any charge
          JsonText.Obj c = condition(Form.TOKEN_ERC20);
          String value = pick(r, new String[] {"18", "\"0\"", "8", "\"100\""});
          c.put("decimals", value);
          body = body(around(r, c, at, count));
          kind = "rule/decimals-read";
          readsFirst = true;
          what = "USDC decimals " + value;
          mentions = path + ".decimals";
          break;
        }
      case 14:
        {
          JsonText.Obj c = condition(Form.VIEW_CALL);
          String value =
              pick(
                  r,
                  new String[] {
                    "isAllowed(uint256)",
                    "isAllowed(address,address)",
                    "isAllowed()",
                    "isAllowed",
                    "",
                    "0x12345678",
                    "isAllowed(address",
                    "is Allowed(address)",
                    "isAllowed(address who)",
                    "isAllowed( address)",
                    "1isAllowed(address)",
                    "isAllowed(address)\u0000",
                    "isAllowed(ADDRESS)",
                    "\u202eisAllowed(address)"
                  });
          if (r.nextInt(5) == 0) {
            String v = nonString(r);
            c.put("selector", v);
            value = v;
          } else {
            c.putText("selector", value);
          }
          if (value.equals("null")) {
            c.remove("selector");
          }
          body = body(around(r, c, at, count));
          kind = "rule/selector";
          what = "selector " + value;
          mentions = path + ".selector";
          break;
        }
      case 15:
        {
          JsonText.Obj c = condition(Form.ACCOUNT_CODE);
          int how = r.nextInt(4);
          if (how == 0) {
            c.putText("expect", pick(r, new String[] {"None", "eip-7702", "", "contracts", "EOA"}));
            mentions = path + ".expect";
          } else if (how == 1) {
            c.remove("expect");
            mentions = path + ".expect";
          } else if (how == 2) {
            c.putText("expect", pick(r, new String[] {"none", "contract"}));
            c.putText("delegate", fixture.holder());
            mentions = path + ".delegate";
          } else {
            c.putText("expect", "eip7702");
            c.putText("delegate", badAddress(r, fixture.holder()));
            mentions = path + ".delegate";
          }
          what = "account_code " + c;
          body = body(around(r, c, at, count));
          kind = "rule/account-code";
          break;
        }
      case 16:
        {
          JsonText.Obj c;
          int how = r.nextInt(6);
          if (how == 0) {
            c = condition(Form.EAS_TEMPLATE);
            c.putText("template", distort(r, "exchange_verified_account"));
            mentions = path + ".template";
          } else if (how == 1) {
            c = condition(Form.EAS_TEMPLATE);
            String fixed = pick(r, new String[] {"schemaId", "attester", "indexer"});
            c.putText(fixed, fixed.equals("schemaId") ? fixture.schema() : fixture.indexer());
            mentions = path + "." + fixed;
          } else if (how == 2) {
            c = condition(Form.EAS_TEMPLATE);
            c.put("chainId", pick(r, new String[] {"10", "1", "\"10\""}));
            mentions = path + ".chainId";
          } else if (how == 3) {
            c = condition(Form.EAS_RAW);
            c.remove("indexer");
            mentions = path + ".indexer";
          } else if (how == 4) {
            c = condition(Form.EAS_RAW);
            String member = pick(r, new String[] {"schemaId", "indexer", "attester"});
            c.putText(
                member,
                member.equals("schemaId")
                    ? distortHex(r, fixture.schema())
                    : badAddress(r, fixture.indexer()));
            mentions = path + "." + member;
          } else {
            c = condition(Form.EAS_RAW);
            c.put("chainId", "56"); // a supported chain where EAS is not deployed
            mentions = path + ".chainId";
          }
          what = "eas " + c;
          body = body(around(r, c, at, count));
          kind = "rule/eas";
          break;
        }
      case 17:
        {
          JsonText.Obj c = condition(pick(r, Form.values()));
          int how = r.nextInt(3);
          if (how == 0) {
            String label = longLabel(r);
            c.putText("label", label);
            what = "label of " + label.codePointCount(0, label.length()) + " code points";
          } else if (how == 1) {
            String label = withLoneSurrogate(r, weirdText(r, 1 + r.nextInt(40)));
            c.putText("label", label);
            what = "label with a lone surrogate";
          } else {
            String v = nonNullNonString(r);
            c.put("label", v);
            what = "label " + v;
          }
          body = body(around(r, c, at, count));
          kind = "rule/label";
          mentions = path + ".label";
          break;
        }
      case 18:
        {
          JsonText.Obj nativeSide =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", "42220")
                  .putText("contractAddress", "native")
                  .putText("threshold", "1");
          JsonText.Obj mirror =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", r.nextBoolean() ? "42220" : "\"42220\"")
                  .putText(
                      "contractAddress", r.nextBoolean() ? CELO : CELO.toLowerCase(Locale.ROOT))
                  .putText("threshold", "2");
          List<JsonText.Obj> all = around(r, null, -1, 1 + r.nextInt(3));
          int first = r.nextInt(all.size() + 1);
          all.add(first, r.nextBoolean() ? nativeSide : mirror);
          all.add(
              first + r.nextInt(all.size() - first) + 1,
              all.get(first) == mirror ? nativeSide : mirror);
          body = body(all);
          kind = "rule/native-mirror";
          what = "native CELO and its ERC-20 in one request";
          mentions = "read the same CELO holding";
          break;
        }
      case 19:
        {
          body = body(around(r, condition(pick(r, Form.values())), -1, count));
          String name;
          int how = r.nextInt(3);
          if (how == 0) {
            name = pick(r, new String[] {"wallet", "conditions"});
            body.append(name, name.equals("wallet") ? JsonText.string(fixture.holder()) : "[]");
          } else if (how == 1) {
            name = "x-extra";
            body.append(name, "1").append(name, "1");
          } else {
            JsonText.Obj c = condition(Form.TOKEN_ERC20);
            name = pick(r, new String[] {"threshold", "type", "chainId", "contractAddress"});
            c.append(
                name,
                name.equals("threshold")
                    ? "\"100\""
                    : name.equals("chainId")
                        ? "8453"
                        : JsonText.string(name.equals("type") ? "token_balance" : fixture.usdc()));
            body = body(around(r, c, at, count));
          }
          kind = "rule/duplicate-member";
          what = "member " + name + " twice";
          mentions = "\"" + name + "\" more than once";
          break;
        }
      case 20:
        {
          // nested arrays where a decimal string belongs: a type error until the depth bound
          int depth = 1 + r.nextInt(60);
          JsonText.Obj c = condition(Form.TOKEN_ERC20);
          c.put("threshold", "[".repeat(depth) + "\"1\"" + "]".repeat(depth));
          body = body(around(r, c, at, count));
          int total = 3 + depth;
          kind = "rule/nesting";
          what = "threshold nested " + depth + " deep";
          mentions = total <= 31 ? path + ".threshold" : total >= 34 ? "nested" : null;
          break;
        }
      case 21:
        {
          JsonText.Obj c = condition(pick(r, new Form[] {Form.AGENT, Form.DELEGATION}));
          int how = r.nextInt(6);
          if (how == 0) {
            String v = pick(r, new String[] {"-1", "0x1", "01", "1e3", "1.5", "", "9".repeat(80)});
            c = condition(Form.AGENT).putText("agentId", v);
            what = "agentId \"" + abbreviate(v) + "\"";
            mentions = path + ".agentId";
          } else if (how == 1) {
            String v = badAddress(r, MANAGER_1_3_0);
            c = condition(Form.DELEGATION).putText("delegationManager", v);
            what = "delegationManager " + abbreviate(v);
            mentions = path + ".delegationManager";
          } else if (how == 2) {
            String v = pick(r, new String[] {"1", "10", "137", "\"42161\""});
            c.put("chainId", v);
            what = "agent or delegation on chain " + v;
            mentions = path + ".chainId";
          } else if (how == 3) {
            String authority = "0x" + (r.nextBoolean() ? "00" : "fe").repeat(32);
            c = condition(Form.DELEGATION).put("delegation", delegationWith(authority, 1).render());
            what = "delegation authority " + authority;
            mentions = path + ".delegation.authority";
          } else if (how == 4) {
            int n = 17 + r.nextInt(20);
            c =
                condition(Form.DELEGATION)
                    .put("delegation", delegationWith("0x" + "f".repeat(64), n).render());
            what = n + " caveats";
            mentions = path + ".delegation.caveats";
          } else {
            List<JsonText.Obj> four = new ArrayList<>();
            for (int i = 0; i < 4 + r.nextInt(3); i++) {
              four.add(condition(Form.DELEGATION));
            }
            body = body(four);
            kind = "rule/delegation-count";
            what = four.size() + " delegation conditions";
            mentions = "at most 3 are allowed per request";
            break;
          }
          body = body(around(r, c, at, count));
          kind = "rule/agent-delegation";
          break;
        }
      case 22:
        {
          // a solana or xrpl condition (or wallet) broken in one way the request alone shows
          int how = r.nextInt(9);
          JsonText.Obj c =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", how < 3 ? "\"solana\"" : "\"xrpl\"")
                  .putText("threshold", "1");
          String field = ".contractAddress";
          switch (how) {
            case 0:
              c.putText(
                  "contractAddress", pick(r, new String[] {"0x12", "abc", SOLANA_MINT + "1", ""}));
              break;
            case 1:
              c.putText("contractAddress", "native")
                  .put("decimals", pick(r, new String[] {"6", "18", "\"0\""}));
              field = ".decimals";
              break;
            case 2:
              c.putText(
                      "type",
                      pick(r, new String[] {"ratio_to_supply", "evm_view_call", "account_code"}))
                  .putText("contractAddress", SOLANA_MINT);
              field = ".chainId";
              break;
            case 3:
              c.putText("contractAddress", XRPL_ISSUER)
                  .putText(
                      "currency",
                      pick(
                          r,
                          new String[] {
                            "XRP",
                            "",
                            "A\u00e9B",
                            "0000000000000000000000000000000000000000",
                            "123456789012345678901"
                          }));
              field = ".currency";
              break;
            case 4:
              c.putText("contractAddress", XRPL_ISSUER);
              field = ".currency";
              break;
            case 5:
              c.putText("type", "nft_ownership")
                  .putText("contractAddress", XRPL_ISSUER)
                  .put(
                      "taxon",
                      pick(
                          r,
                          new String[] {"-1", "4294967296", "1.5", "\"abc\"", "true", "\"1e3\""}));
              field = ".taxon";
              break;
            case 6:
              c.putText("contractAddress", XRPL_ISSUER.substring(0, XRPL_ISSUER.length() - 1) + "Q")
                  .putText("currency", "USD");
              break;
            default:
              c.putText("contractAddress", "native");
              field = null;
              break;
          }
          body = body(around(r, c, at, count));
          body.putText("solanaWallet", SOLANA_WALLET).putText("xrplWallet", XRPL_WALLET);
          if (how == 7) {
            body.putText(
                "solanaWallet",
                pick(r, new String[] {"0x" + "ab".repeat(20), SOLANA_WALLET + "A", "1111"}));
            mentions = "solanaWallet";
          } else if (how == 8) {
            body.putText(
                "xrplWallet",
                pick(
                    r,
                    new String[] {
                      XRPL_WALLET.substring(0, XRPL_WALLET.length() - 1) + "8",
                      "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ",
                      "rr"
                    }));
            mentions = "xrplWallet";
          } else {
            mentions = path + field;
          }
          kind = "rule/solana-xrpl";
          what = "solana/xrpl rule " + how;
          break;
        }
      case 23:
        {
          // a bitcoin condition, or a bitcoin or tron wallet, broken in one way
          int how = r.nextInt(6);
          JsonText.Obj c =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", how == 5 ? "\"tron\"" : "\"bitcoin\"")
                  .putText("contractAddress", "native")
                  .putText("threshold", "0.5");
          String field = null;
          switch (how) {
            case 0:
              c.putText(
                  "contractAddress",
                  pick(r, new String[] {CELO, "BTC", "", "Native", BITCOIN_WALLET}));
              field = ".contractAddress";
              break;
            case 1:
              c.put("decimals", pick(r, new String[] {"6", "18", "\"18\"", "-1", "1.5"}));
              field = ".decimals";
              break;
            case 2:
              c.putText("type", "nft_ownership");
              field = ".chainId";
              break;
            case 5:
              c.putText(
                  "contractAddress",
                  pick(
                      r,
                      new String[] {
                        TRON_WALLET.substring(0, TRON_WALLET.length() - 1) + "u",
                        CELO,
                        "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
                        ""
                      }));
              field = ".contractAddress";
              break;
            default:
              break;
          }
          body = body(around(r, c, at, count));
          body.putText("bitcoinWallet", BITCOIN_WALLET).putText("tronWallet", TRON_WALLET);
          if (how == 3) {
            String bad =
                pick(
                    r,
                    new String[] {
                      BITCOIN_WALLET.substring(0, BITCOIN_WALLET.length() - 1) + "r",
                      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
                      "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3",
                      BITCOIN_WALLET.toUpperCase(Locale.ROOT).substring(0, 10)
                          + BITCOIN_WALLET.substring(10),
                      TRON_WALLET
                    });
            body.putText("bitcoinWallet", bad);
            mentions = "bitcoinWallet";
          } else if (how == 4) {
            String bad =
                pick(
                    r,
                    new String[] {
                      TRON_WALLET.substring(0, TRON_WALLET.length() - 1) + "u",
                      "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
                      TRON_WALLET + "1",
                      BITCOIN_WALLET
                    });
            body.putText("tronWallet", bad);
            mentions = "tronWallet";
          } else {
            mentions = path + field;
          }
          kind = "rule/bitcoin-tron";
          what = "bitcoin/tron rule " + how;
          break;
        }
      case 24:
        {
          // a stellar condition, or the stellar wallet, broken in one way
          int how = r.nextInt(7);
          JsonText.Obj c =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", "\"stellar\"")
                  .putText("contractAddress", STELLAR_ISSUER)
                  .putText("assetCode", "EURT")
                  .putText("threshold", "1");
          String field = null;
          switch (how) {
            case 0:
              c.putText(
                  "contractAddress",
                  pick(
                      r,
                      new String[] {
                        CELO,
                        "XLM",
                        "",
                        STELLAR_ISSUER.substring(0, STELLAR_ISSUER.length() - 1) + "T",
                        STELLAR_ISSUER.toLowerCase(Locale.ROOT)
                      }));
              field = ".contractAddress";
              break;
            case 1:
              c.putText(
                  "assetCode",
                  pick(r, new String[] {"", "ABCDEFGHIJKLM", "EU-T", "EUR T", "\u00c9URT"}));
              field = ".assetCode";
              break;
            case 2:
              c.remove("assetCode");
              field = ".assetCode";
              break;
            case 3:
              c.putText("contractAddress", "native");
              field = ".assetCode";
              break;
            case 4:
              c.put("decimals", pick(r, new String[] {"6", "18", "\"8\"", "-1", "1.5"}));
              field = ".decimals";
              break;
            case 5:
              c.putText("type", "nft_ownership");
              field = ".chainId";
              break;
            default:
              break;
          }
          body = body(around(r, c, at, count));
          body.putText("stellarWallet", STELLAR_WALLET);
          if (how == 6) {
            String bad =
                pick(
                    r,
                    new String[] {
                      STELLAR_WALLET.substring(0, STELLAR_WALLET.length() - 1) + "V",
                      STELLAR_WALLET.substring(1),
                      "M" + STELLAR_WALLET.substring(1),
                      STELLAR_WALLET.toLowerCase(Locale.ROOT),
                      XRPL_WALLET
                    });
            body.putText("stellarWallet", bad);
            mentions = "stellarWallet";
          } else {
            mentions = path + field;
          }
          kind = "rule/stellar";
          what = "stellar rule " + how;
          break;
        }
      case 25:
        {
          // a sui condition, or the sui wallet, broken in one way
          int how = r.nextInt(4);
          String suiWallet = "0x" + "a1".repeat(32);
          JsonText.Obj c =
              new JsonText.Obj()
                  .putText("type", "token_balance")
                  .put("chainId", "\"sui\"")
                  .putText("contractAddress", "0x2::sui::SUI")
                  .putText("threshold", "1");
          String field = null;
          if (how == 0) {
            c.putText(
                "contractAddress",
                pick(
                    r,
                    new String[] {
                      "0x2::sui", "sui", CELO, "0x2::sui::SUI<", "0xZZ::sui::SUI", "::sui::SUI", ""
                    }));
            field = ".contractAddress";
          } else if (how == 1) {
            c.putText("contractAddress", "native")
                .put("decimals", pick(r, new String[] {"6", "18", "\"8\"", "-1", "1.5"}));
            field = ".decimals";
          } else if (how == 2) {
            c.putText("type", "nft_ownership");
            field = ".chainId";
          }
          body = body(around(r, c, at, count));
          body.putText("suiWallet", suiWallet);
          if (how == 3) {
            body.putText(
                "suiWallet",
                pick(
                    r,
                    new String[] {
                      "0x02", suiWallet + "0", suiWallet.substring(2), "0x" + "g1".repeat(32)
                    }));
            mentions = "suiWallet";
          } else {
            mentions = path + field;
          }
          kind = "rule/sui";
          what = "sui rule " + how;
          break;
        }
      default:
        {
          // a number no member can take, anywhere in the body, even in a member that is ignored
          String number = hugeNumber(r);
          body = body(around(r, condition(pick(r, Form.values())), -1, count));
          boolean tooLong = number.replaceAll("[-+.eE]", "").length() > 1000;
          int where = r.nextInt(3);
          if (where == 0) {
            body.put("x-ignored", number);
          } else if (where == 1) {
            // minFraction is a member of the interface token_balance does not use: ignored
            JsonText.Obj c = condition(Form.TOKEN_ERC20).put("minFraction", "[" + number + "]");
            body = body(around(r, c, at, count));
          } else {
            JsonText.Obj c = condition(Form.TOKEN_NATIVE).put("chainId", number);
            body = body(around(r, c, at, count));
          }
          kind = "rule/huge-number";
          what = "number " + abbreviate(number);
          mentions = tooLong ? "oversized value" : "out of range";
          break;
        }
    }
    if (readsFirst) {
      // only a key's request is read (a credential-less one is quoted from its body alone), and
      // a read that does not complete is the documented 503, never a charge
      List<Header> headers = new ArrayList<>();
      headers.add(new Header("Content-Type", "application/json"));
      headers.add(new Header("X-API-Key", fixture.apiKey()));
      return http(
          kind,
          what,
          "POST",
          headers,
          utf8(body.render()),
          new Expect(Set.of(400, 503), HostileCase.Shape.ENVELOPE, mentions, null));
    }
    return keyOrNone(r, kind, what, body.render(), Expect.refused(400, mentions));
  }

  private Built conditionsShape(Random r) {
    JsonText.Obj body = new JsonText.Obj().putText("wallet", fixture.holder());
    int how = r.nextInt(6);
    String what;
    String mentions;
    if (how == 0) {
      what = "no conditions";
      mentions = "conditions is required";
      if (r.nextBoolean()) {
        body.put("conditions", "null");
      }
    } else if (how == 1) {
      String v = pick(r, new String[] {"{}", "\"token_balance\"", "1", "true"});
      body.put("conditions", v);
      what = "conditions " + v;
      mentions = "conditions must be an array";
    } else if (how == 2) {
      body.put("conditions", "[]");
      what = "conditions empty";
      mentions = "at least 1 condition";
    } else if (how == 3) {
      int n = 11 + r.nextInt(40);
      List<String> many = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        many.add(condition(pick(r, CHEAP)).render());
      }
      body.put("conditions", JsonText.array(many));
      what = n + " conditions";
      mentions = "at most 10 conditions";
    } else {
      int n = 1 + r.nextInt(4);
      int at = r.nextInt(n);
      List<String> items = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        items.add(i == at ? nonString(r) : condition(pick(r, CHEAP)).render());
      }
      body.put("conditions", JsonText.array(items));
      what = "conditions[" + at + "] is " + items.get(at);
      mentions = "conditions[" + at + "]";
    }
    return keyOrNone(r, "rule/conditions", what, body.render(), Expect.refused(400, mentions));
  }

  // --- JSON that is not JSON -------------------------------------------------------------------

  private Built syntax(Random r) {
    String valid = body(around(r, null, -1, 1 + r.nextInt(3))).render();
    int how = r.nextInt(16);
    byte[] bytes;
    String what;
    String mentions = null;
    switch (how) {
      case 0:
        {
          int cut = r.nextInt(valid.length());
          bytes = utf8(valid.substring(0, cut));
          what = "truncated at " + cut + " of " + valid.length();
          break;
        }
      case 1:
        {
          String tail = pick(r, new String[] {"x", "{}", "]", "}", ",", "\u0000", "[1]", "null"});
          bytes = utf8(valid + tail);
          what = "trailing " + tail;
          break;
        }
      case 2:
        bytes = utf8(valid.replaceFirst("\"wallet\"", "'wallet'"));
        what = "single-quoted name";
        break;
      case 3:
        bytes =
            utf8(valid.replaceFirst("\\{", pick(r, new String[] {"{/* c */", "{// c\n", "{#c\n"})));
        what = "comment";
        break;
      case 4:
        bytes = utf8(valid.replaceFirst("\\]", ",]"));
        what = "trailing comma";
        break;
      case 5:
        {
          String literal =
              pick(
                  r,
                  new String[] {
                    "NaN",
                    "Infinity",
                    "-Infinity",
                    "+1",
                    "0123",
                    ".5",
                    "1.",
                    "0x10",
                    "1e",
                    "--1",
                    "undefined",
                    "True",
                    "NULL",
                    "1_000"
                  });
          bytes = utf8(valid.replaceFirst("\"chainId\":[0-9]+", "\"chainId\":" + literal));
          if (!new String(bytes, StandardCharsets.UTF_8).contains(literal)) {
            bytes = utf8("{\"wallet\":" + literal + "}");
          }
          what = "literal " + literal;
          break;
        }
      case 6:
        {
          char control = (char) r.nextInt(0x20);
          bytes = utf8(valid.replaceFirst("\"wallet\":\"0x", "\"wallet\":\"0x" + control));
          what = "raw control character " + (int) control + " in a string";
          break;
        }
      case 7:
        {
          String escape =
              pick(r, new String[] {"\\x41", "\\u12G4", "\\u12", "\\a", "\\'", "\\U0041"});
          String marker = "\"wallet\":\"0x";
          bytes = utf8(valid.replace(marker, marker + escape));
          what = "bad escape " + escape;
          break;
        }
      case 8:
        {
          // bytes that are not UTF-8, inside the wallet string
          byte[][] bad = {
            {(byte) 0xff},
            {(byte) 0xfe, (byte) 0xff},
            {(byte) 0x80},
            {(byte) 0xc3},
            {(byte) 0xe2, (byte) 0x82},
            {(byte) 0xc0, (byte) 0x80},
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
            {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}
          };
          byte[] inject = bad[r.nextInt(bad.length)];
          String marker = "\"wallet\":\"0x";
          int at = valid.indexOf(marker) + marker.length();
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          out.writeBytes(utf8(valid.substring(0, at)));
          out.writeBytes(inject);
          out.writeBytes(utf8(valid.substring(at)));
          bytes = out.toByteArray();
          what = "invalid UTF-8 " + hex(inject) + " in the wallet";
          break;
        }
      case 9:
        {
          String top =
              pick(
                  r,
                  new String[] {
                    "[]",
                    "\"x\"",
                    "1",
                    "null",
                    "true",
                    "[" + valid + "]",
                    "\"" + valid.replace("\"", "\\\"") + "\""
                  });
          bytes = utf8(top);
          what = "top-level " + abbreviate(top);
          mentions = "must be a JSON object";
          break;
        }
      case 10:
        bytes = utf8(pick(r, new String[] {"", " ", "\n\t\r ", "\ufeff"}));
        what = "empty body";
        break;
      case 11:
        {
          int depth = 1 + r.nextInt(5000);
          String open = r.nextBoolean() ? "[" : "{\"a\":";
          String close = open.equals("[") ? "]" : "}";
          bytes = utf8(open.repeat(depth) + "1" + close.repeat(r.nextInt(depth + 1)));
          what = "top-level nesting " + depth;
          break;
        }
      case 12:
        {
          // a body breaking a rule, encoded so the parser must detect the encoding
          String broken = valid.replace(fixture.holder(), fixture.holder().substring(0, 20));
          Charset cs =
              pick(
                  r,
                  new Charset[] {
                    StandardCharsets.UTF_16BE,
                    StandardCharsets.UTF_16LE,
                    StandardCharsets.UTF_16,
                    Charset.forName("UTF-32BE"),
                    Charset.forName("UTF-32LE")
                  });
          bytes = broken.getBytes(cs);
          what = "short wallet in " + cs;
          break;
        }
      case 13:
        {
          String broken = valid.replace(fixture.holder(), fixture.holder() + "00");
          bytes = concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, utf8(broken));
          what = "BOM and a long wallet";
          mentions = "wallet";
          break;
        }
      case 14:
        {
          String broken =
              valid.replace(fixture.holder(), "0x\u00e9" + fixture.holder().substring(3));
          bytes = broken.getBytes(StandardCharsets.ISO_8859_1);
          what = "Latin-1 body";
          break;
        }
      default:
        {
          // brackets that do not match
          int at = valid.lastIndexOf(pick(r, new String[] {"}", "]"}));
          char was = valid.charAt(at);
          String instead =
              pick(r, was == '}' ? new String[] {"]", "{", "["} : new String[] {"}", "{", "["});
          bytes = utf8(valid.substring(0, at) + instead + valid.substring(at + 1));
          what = "unbalanced brackets";
          break;
        }
    }
    return keyOrNone(r, "syntax", what, bytes, Expect.refused(400, mentions));
  }

  private Built noise(Random r) {
    byte[] bytes;
    String what;
    int how = r.nextInt(3);
    if (how == 0) {
      bytes = new byte[1 + r.nextInt(4096)];
      r.nextBytes(bytes);
      what = "random bytes";
    } else if (how == 1) {
      StringBuilder s = new StringBuilder();
      int n = 1 + r.nextInt(2000);
      for (int i = 0; i < n; i++) {
        s.append((char) (0x20 + r.nextInt(0x5f)));
      }
      bytes = utf8(s.toString());
      what = "random printable text";
    } else {
      String[] tokens = {
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"wallet\"",
        "\"conditions\"",
        "\"type\"",
        "1",
        "-0",
        "1e5",
        "true",
        "null",
        "\"x\"",
        " ",
        "\"" + fixture.holder() + "\"",
        "\"token_balance\""
      };
      StringBuilder s = new StringBuilder();
      int n = 1 + r.nextInt(300);
      for (int i = 0; i < n; i++) {
        s.append(pick(r, tokens));
      }
      bytes = utf8(s.toString());
      what = "token soup";
    }
    return keyOrNone(r, "noise", what, bytes, Expect.refused(400, null));
  }

  private Built oversized(Random r) {
    String valid = body(around(r, null, -1, 1 + r.nextInt(3))).render();
    int how = r.nextInt(4);
    if (how == 0) {
      // a label long enough to come close to the limit, refused for its length
      int size = BODY_LIMIT - 2000 - r.nextInt(60_000);
      JsonText.Obj c = condition(Form.TOKEN_ERC20).putText("label", "x".repeat(size));
      String body = body(List.of(c)).render();
      return keyOrNone(
          r,
          "size/under-limit",
          "label of " + size,
          utf8(body),
          Expect.refused(400, "conditions[0].label"));
    }
    int size;
    String what;
    if (how == 1) {
      size = BODY_LIMIT + 1 + r.nextInt(3);
      what = "just over the limit";
    } else if (how == 2) {
      size = BODY_LIMIT + r.nextInt(BODY_LIMIT);
      what = "up to twice the limit";
    } else {
      size = BODY_LIMIT * 2 + r.nextInt(6 * BODY_LIMIT);
      what = "up to eight times the limit";
    }
    String padded;
    if (r.nextBoolean()) {
      padded =
          valid.substring(0, valid.length() - 1)
              + " ".repeat(Math.max(0, size - valid.length()))
              + "}";
    } else {
      String filler = ",\"x-pad\":\"" + "a".repeat(Math.max(0, size - valid.length() - 11)) + "\"}";
      padded = valid.substring(0, valid.length() - 1) + filler;
    }
    return keyOrNone(
        r,
        "size/over-limit",
        what + " (" + padded.length() + " bytes)",
        utf8(padded),
        Expect.refused(413, "larger than the limit"));
  }

  // --- headers ---------------------------------------------------------------------------------

  private Built headers(Random r) {
    String validBody = body(around(r, null, -1, 1 + r.nextInt(2))).render();
    String brokenBody = validBody.replace(fixture.holder(), "0x1234");
    int how = r.nextInt(16);
    List<Header> headers = new ArrayList<>();
    switch (how) {
      case 14:
        {
          headers.add(new Header("Content-Type", "application/json"));
          String[] payment = x402Payment(r);
          headers.add(
              new Header(
                  pick(r, new String[] {"PAYMENT-SIGNATURE", "X-PAYMENT"}),
                  java.util.Base64.getEncoder()
                      .encodeToString(
                          payment[1].getBytes(java.nio.charset.StandardCharsets.UTF_8))));
          return http(
              "headers/x402-payment",
              payment[0],
              "POST",
              headers,
              utf8(validBody),
              Expect.refused(Integer.parseInt(payment[2]), payment[3]));
        }
      case 0:
        {
          String type =
              pick(
                  r,
                  new String[] {
                    "text/plain",
                    "application/xml",
                    "application/x-www-form-urlencoded",
                    "multipart/form-data; boundary=x",
                    "application/problem+json",
                    "application/jsonx",
                    "json",
                    "application/",
                    "text/json",
                    "application/json, text/plain",
                    "application/octet-stream",
                    "application/json-patch+json",
                    ";"
                  });
          headers.add(new Header("Content-Type", type));
          maybeKey(r, headers);
          return http(
              "headers/content-type",
              "Content-Type " + type,
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              Expect.refused(415, "Content-Type must be application/json"));
        }
      case 1:
        {
          String type =
              pick(
                  r,
                  new String[] {
                    "APPLICATION/JSON",
                    "application/json; charset=utf-8",
                    "application/json;;;",
                    "application/json; charset=latin1",
                    "*/*",
                    "application/*",
                    "Application/Json"
                  });
          headers.add(new Header("Content-Type", type));
          maybeKey(r, headers);
          return http(
              "headers/json-variant",
              "Content-Type " + type,
              "POST",
              headers,
              utf8(brokenBody),
              Expect.refused(400, "wallet"));
        }
      case 2:
        {
          String accept =
              pick(
                  r,
                  new String[] {
                    "text/html",
                    "application/xml",
                    "text/*",
                    "image/png",
                    "garbage",
                    "application/json;q=0, text/html"
                  });
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(new Header("Accept", accept));
          maybeKey(r, headers);
          if (accept.startsWith("application/json;q=0")) {
            return http(
                "headers/accept",
                "Accept " + accept,
                "POST",
                headers,
                utf8(brokenBody),
                Expect.refusedAnyOf(Set.of(400, 406)));
          }
          return http(
              "headers/accept",
              "Accept " + accept,
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              Expect.refused(406, "only application/json"));
        }
      case 3:
        {
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(new Header("X-API-Key", fixture.apiKey()));
          String second = pick(r, new String[] {"Authorization", "X-PAYMENT", "PAYMENT-SIGNATURE"});
          headers.add(
              new Header(
                  second,
                  second.equals("Authorization") ? "Wallet " + base64Junk(r) : base64Junk(r)));
          return http(
              "headers/two-schemes",
              "X-API-Key and " + second,
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              Expect.refused(400, "one credential scheme"));
        }
      case 4:
        {
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(
              new Header(
                  "Authorization",
                  pick(r, new String[] {"Wallet ", "wallet ", "WALLET "}) + base64Junk(r)));
          return http(
              "headers/wallet-pass",
              "Authorization: Wallet",
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              // in scope on attest: a credential that does not sign in
              Expect.refused(401, "Wallet sign-in refused"));
        }
      case 5:
        {
          headers.add(new Header("Content-Type", "application/json"));
          String name = pick(r, new String[] {"X-PAYMENT", "PAYMENT-SIGNATURE", "x-payment"});
          headers.add(new Header(name, r.nextBoolean() ? base64Junk(r) : ""));
          if (r.nextBoolean()) {
            headers.add(
                new Header(
                    name.equalsIgnoreCase("X-PAYMENT") ? "PAYMENT-SIGNATURE" : "X-PAYMENT",
                    base64Junk(r)));
          }
          return http(
              "headers/payment",
              name,
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              // junk where the payment goes: 400 for the header (or for a broken body)
              Expect.refusedAnyOf(java.util.Set.of(400)));
        }
      case 6:
        {
          headers.add(new Header("Content-Type", "application/json"));
          String key = badKey(r);
          headers.add(new Header(r.nextBoolean() ? "X-API-Key" : "x-api-key", key));
          return http(
              "headers/bad-key",
              "X-API-Key " + abbreviate(key),
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              Expect.refused(401, "Invalid or missing API key."));
        }
      case 7:
        {
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(new Header("X-API-Key", fixture.apiKey()));
          headers.add(new Header("X-API-Key", pick(r, new String[] {fixture.apiKey(), badKey(r)})));
          return http(
              "headers/key-twice",
              "X-API-Key twice",
              "POST",
              headers,
              utf8(pick(r, new String[] {validBody, brokenBody})),
              Expect.refused(401, "Invalid or missing API key."));
        }
      case 8:
        {
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(
              new Header(
                  "Authorization",
                  pick(r, new String[] {"Bearer ", "Basic ", "", "Walletx "}) + fixture.apiKey()));
          if (r.nextBoolean()) {
            return http(
                "headers/other-authorization",
                "Authorization not a wallet pass, valid body",
                "POST",
                headers,
                utf8(validBody),
                Expect.quote(PLAIN_PRICE));
          }
          return http(
              "headers/other-authorization",
              "Authorization not a wallet pass, broken body",
              "POST",
              headers,
              utf8(brokenBody),
              Expect.refused(400, "wallet"));
        }
      case 9:
        {
          headers.add(new Header("Content-Type", "application/json"));
          maybeKey(r, headers);
          int n = 1 + r.nextInt(3);
          for (int i = 0; i < n; i++) {
            headers.add(new Header("X-Fuzz-" + i, printableAscii(r, 500 + r.nextInt(4500))));
          }
          return http(
              "headers/long-values",
              n + " long header values",
              "POST",
              headers,
              utf8(brokenBody),
              Expect.refused(400, "wallet"));
        }
      case 10:
        {
          headers.add(new Header("Content-Type", "application/json"));
          headers.add(
              new Header(
                  "X-API-Key",
                  fixture.apiKey() + printableAscii(r, 1000 + r.nextInt(14000)).replace(" ", "")));
          return http(
              "headers/long-key",
              "X-API-Key over 1,000 characters",
              "POST",
              headers,
              utf8(validBody),
              Expect.refused(401, "Invalid or missing API key."));
        }
      case 11:
        {
          headers.add(new Header("Content-Type", "application/json"));
          maybeKey(r, headers);
          int n = 20 + r.nextInt(180);
          for (int i = 0; i < n; i++) {
            headers.add(new Header("X-Many-" + i, Integer.toString(i)));
          }
          return http(
              "headers/many",
              n + " extra headers",
              "POST",
              headers,
              utf8(brokenBody),
              Expect.refused(400, "wallet"));
        }
      case 12:
        {
          String method = pick(r, new String[] {"PUT", "PATCH", "DELETE", "TRACE", "FOO"});
          headers.add(new Header("Content-Type", "application/json"));
          maybeKey(r, headers);
          return http(
              "headers/method",
              method,
              method,
              headers,
              utf8(validBody),
              Expect.refused(405, "not allowed on /v1/attest"));
        }
      case 13:
        {
          boolean head = r.nextBoolean();
          boolean keyed = r.nextBoolean();
          if (keyed) {
            headers.add(new Header("X-API-Key", fixture.apiKey()));
          }
          String method = head ? "HEAD" : "GET";
          Expect expect =
              head
                  ? Expect.headersOnly(keyed ? 405 : 402)
                  : keyed ? Expect.refused(405, "Use POST") : Expect.quote(PLAIN_PRICE);
          return http(
              "headers/read-method",
              method + (keyed ? " with key" : " without key"),
              method,
              headers,
              new byte[0],
              expect);
        }
      default:
        {
          headers.add(new Header("Content-Type", "application/json"));
          maybeKey(r, headers);
          String query =
              pick(
                  r,
                  new String[] {
                    "?proof=merkle",
                    "?x=%00",
                    "?a=" + "b".repeat(2000),
                    "?&&&",
                    "?wallet=" + fixture.holder()
                  });
          return http(
              "headers/query",
              "query " + abbreviate(query),
              "POST",
              PATH + query,
              headers,
              utf8(brokenBody),
              Expect.refused(400, "wallet"));
        }
    }
  }

  // --- HTTP framing the JDK client will not send -----------------------------------------------

  private Built raw(Random r) {
    String broken = body(around(r, null, -1, 1)).render().replace(fixture.holder(), "0x1234");
    String valid = body(around(r, null, -1, 1 + r.nextInt(2))).render();
    String key = "X-API-Key: " + fixture.apiKey() + "\r\n";
    int how = r.nextInt(13);
    switch (how) {
      case 0:
        {
          // HTTP/1.1 requires Host; the router refuses the request before any resource
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\n"
                  + key
                  + json(valid)
                  + "Connection: close\r\n\r\n"
                  + valid;
          return raw(
              "raw/no-host",
              "HTTP/1.1 without Host, valid body and key",
              request,
              Expect.transport(Set.of(400)));
        }
      case 1:
        {
          String host =
              pick(
                  r,
                  new String[] {
                    "a b", "[::1", "::::", "exa mple.org", "@", "127.0.0.1:99999999", "a/b"
                  });
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: "
                  + host
                  + "\r\n"
                  + key
                  + json(broken)
                  + "Connection: close\r\n\r\n"
                  + broken;
          return raw("raw/bad-host", "Host " + host, request, Expect.transport(Set.of(400)));
        }
      case 2:
        {
          String length =
              pick(r, new String[] {"abc", "-5", "99999999999999999999", "1 2", "0x10", ""});
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + "Content-Type: application/json\r\nContent-Length: "
                  + length
                  + "\r\nConnection: close\r\n\r\n"
                  + broken;
          return raw(
              "raw/content-length",
              "Content-Length " + length,
              request,
              Expect.transport(Set.of(400)));
        }
      case 3:
        {
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + "Content-Type: application/json\r\nContent-Length: "
                  + broken.length()
                  + "\r\nContent-Length: "
                  + (broken.length() + 1)
                  + "\r\nConnection: close\r\n\r\n"
                  + broken
                  + "x";
          return raw(
              "raw/two-lengths",
              "two different Content-Length headers",
              request,
              Expect.transport(Set.of(400)));
        }
      case 4:
        {
          byte[] value =
              pick(
                  r,
                  new byte[][] {
                    {(byte) 0xc3, (byte) 0xa9}, {0}, {(byte) 0xff, (byte) 0xfe}, {0x7f}, {0x01}
                  });
          String name = pick(r, new String[] {"X-API-Key", "X-Fuzz", "Content-Type"});
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          String prefix =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + (name.equals("Content-Type") ? "" : "Content-Type: application/json\r\n")
                  + name
                  + ": "
                  + (name.equals("X-API-Key") ? fixture.apiKey() : "application/json");
          out.writeBytes(latin1(prefix));
          out.writeBytes(value);
          out.writeBytes(
              latin1(
                  "\r\nContent-Length: "
                      + broken.length()
                      + "\r\nConnection: close\r\n\r\n"
                      + broken));
          return new Built(
              "raw/header-bytes",
              name + " with bytes " + hex(value),
              new Raw(out.toByteArray()),
              Expect.transport(Set.of(400, 401, 415)));
        }
      case 5:
        {
          String line =
              pick(
                  r,
                  new String[] {
                    "\u0000\u0001 garbage",
                    "POST",
                    "POST /v1/attest",
                    "POST /v1/attest HTTP/9.9",
                    "POST  /v1/attest  HTTP/1.1",
                    "post /v1/attest HTTP/1.1",
                    "GET /v1/attest HTTP/1.1 extra"
                  });
          String request = line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
          return raw(
              "raw/request-line",
              "request line " + line.replace("\u0000", "\\0").replace("\u0001", "\\1"),
              request,
              Expect.transport(Set.of(0, 400, 405, 505)));
        }
      case 6:
        {
          String target = PATH + "?q=" + "a".repeat(4097 + r.nextInt(8000));
          String request =
              "POST "
                  + target
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + json(broken)
                  + "Connection: close\r\n\r\n"
                  + broken;
          return raw(
              "raw/long-target",
              "request target of " + target.length(),
              request,
              Expect.transport(Set.of(414)));
        }
      case 7:
        {
          String header = "X-Huge: " + "h".repeat(21 * 1024 + r.nextInt(20_000)) + "\r\n";
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + header
                  + json(valid)
                  + "Connection: close\r\n\r\n"
                  + valid;
          return raw(
              "raw/huge-headers",
              "header section over 20 KiB with a valid body and key",
              request,
              Expect.transport(Set.of(431)));
        }
      case 8:
        {
          int declared = r.nextInt(valid.length());
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + "Content-Type: application/json\r\nContent-Length: "
                  + declared
                  + "\r\nConnection: close\r\n\r\n"
                  + valid;
          return raw(
              "raw/short-length",
              "Content-Length " + declared + " of " + valid.length(),
              request,
              Expect.refused(400, null));
        }
      case 9:
        {
          boolean big = r.nextInt(4) == 0;
          String body =
              big
                  ? broken.substring(0, broken.length() - 1)
                      + ",\"x-pad\":\""
                      + "p".repeat(BODY_LIMIT + r.nextInt(2 * BODY_LIMIT))
                      + "\"}"
                  : broken;
          StringBuilder chunks = new StringBuilder();
          int at = 0;
          while (at < body.length()) {
            int size = Math.min(body.length() - at, 1 + r.nextInt(big ? 65536 : 40));
            chunks
                .append(Integer.toHexString(size))
                .append("\r\n")
                .append(body, at, at + size)
                .append("\r\n");
            at += size;
          }
          chunks.append("0\r\n\r\n");
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                  + chunks;
          return raw(
              "raw/chunked",
              (big ? "chunked body over the limit, " : "chunked broken body, ")
                  + body.length()
                  + " bytes",
              request,
              big ? Expect.refused(413, "larger than the limit") : Expect.refused(400, "wallet"));
        }
      case 10:
        {
          String chunk =
              pick(
                  r,
                  new String[] {
                    "zz\r\n{}\r\n0\r\n\r\n",
                    "5\r\n{}\r\n0\r\n\r\n",
                    "-1\r\n{}\r\n",
                    "ffffffffffffffffff\r\n{}\r\n"
                  });
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                  + chunk;
          return raw(
              "raw/bad-chunks",
              "chunk framing " + chunk.replace("\r\n", "|"),
              request,
              Expect.transport(Set.of(0, 400)));
        }
      case 11:
        {
          String target =
              pick(
                  r,
                  new String[] {
                    "http://127.0.0.1:" + fixture.port() + PATH,
                    PATH + "/",
                    "/v1//attest",
                    "/V1/ATTEST",
                    PATH + ";x=1",
                    "/v1/%61ttest",
                    PATH + "%00",
                    "/v1/./attest",
                    "/v1/attest/..",
                    "*",
                    "//v1/attest",
                    PATH + "#f"
                  });
          String request =
              "POST "
                  + target
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + json(broken)
                  + "Connection: close\r\n\r\n"
                  + broken;
          return raw(
              "raw/target",
              "request target " + target,
              request,
              Expect.transport(Set.of(400, 404, 405)));
        }
      default:
        {
          String extra =
              pick(
                  r,
                  new String[] {
                    "Expect: 100-continue\r\n",
                    "Content-Encoding: gzip\r\n",
                    "Content-Encoding: br, identity\r\n",
                    "Forwarded: for=\"[::1]\";host=evil.example\r\nX-Forwarded-For: 10.0.0.1, 127.0.0.1\r\n"
                  });
          String request =
              "POST "
                  + PATH
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + key
                  + extra
                  + json(broken)
                  + "Connection: close\r\n\r\n"
                  + broken;
          return raw(
              "raw/odd-headers",
              extra.trim().replace("\r\n", " | "),
              request,
              Expect.transport(Set.of(400, 501)));
        }
    }
  }

  private static String json(String body) {
    return "Content-Type: application/json\r\nContent-Length: " + utf8(body).length + "\r\n";
  }

  private static Built raw(String kind, String what, String request, Expect expect) {
    return new Built(kind, what, new Raw(utf8(request)), expect);
  }

  // --- valid requests --------------------------------------------------------------------------

  private Built validAnonymous(Random r) {
    boolean proof = r.nextInt(4) == 0;
    JsonText.Obj body = unusualButValid(r, false);
    if (proof) {
      body.putText("proof", "merkle");
    }
    Encoded encoded = encode(r, body.render());
    List<Header> headers = new ArrayList<>();
    if (encoded.contentType != null) {
      headers.add(new Header("Content-Type", encoded.contentType));
    }
    return http(
        "valid/anonymous",
        "unusual valid body without credentials (" + encoded.how + ")",
        "POST",
        headers,
        encoded.bytes,
        Expect.quote(proof ? PROOF_PRICE : PLAIN_PRICE));
  }

  private Built validWithKey(Random r) {
    JsonText.Obj body = unusualButValid(r, true);
    Encoded encoded = encode(r, body.render());
    List<Header> headers = new ArrayList<>();
    headers.add(new Header("X-API-Key", fixture.apiKey()));
    headers.add(
        new Header(
            "Content-Type",
            encoded.contentType == null ? "application/json" : encoded.contentType));
    return http(
        "valid/with-key",
        "unusual valid body with the key (" + encoded.how + ")",
        "POST",
        headers,
        encoded.bytes,
        Expect.attested());
  }

  /** A request every rule accepts, written in the unusual forms the rules allow. */
  private JsonText.Obj unusualButValid(Random r, boolean cheap) {
    int n = cheap ? 1 + r.nextInt(2) : 1 + r.nextInt(10);
    List<String> conditions = new ArrayList<>();
    int delegations = 0;
    for (int i = 0; i < n; i++) {
      Form form = cheap ? pick(r, CHEAP) : pick(r, Form.values());
      // a request carries at most three delegation conditions; a fourth makes the body invalid
      while (form == Form.DELEGATION && delegations == Erc7710Delegation.MAX_PER_REQUEST) {
        form = pick(r, Form.values());
      }
      if (form == Form.DELEGATION) {
        delegations++;
      }
      JsonText.Obj c = condition(form);
      if (c.has("chainId") && r.nextBoolean()) {
        String id = form == Form.TOKEN_NATIVE ? "1" : "8453";
        c.put(
            "chainId",
            pick(
                r,
                new String[] {
                  "\"" + id + "\"", id + ".0", id + "e0", id + "0e-1", "\" " + id + " \""
                }));
      }
      if (form == Form.TOKEN_NATIVE && r.nextBoolean()) {
        c.put("decimals", pick(r, new String[] {"18", "\"18\"", "18.0", "\"018\"", "1.8e1"}));
      }
      if (form == Form.TOKEN_ERC20 && r.nextBoolean()) {
        String threshold =
            pick(r, new String[] {"0100", "100.000", "0.000001", "1" + "0".repeat(60)});
        if (r.nextInt(4) == 0) {
          threshold = "0".repeat(400 - threshold.length()) + threshold;
        }
        c.putText("threshold", threshold);
      }
      if (r.nextBoolean()) {
        c.putText("label", weirdText(r, r.nextInt(101)));
      }
      if (r.nextInt(3) == 0) {
        // a member of the interface the type does not use is ignored, whatever it holds (one
        // outside the interface's members is refused)
        c.put(
            form == Form.RATIO_SUPPLY ? "selector" : "minFraction",
            weirdValue(r, 1 + r.nextInt(20)));
      }
      conditions.add(c.render());
    }
    String wallet =
        pick(
            r,
            new String[] {
              fixture.holder(),
              fixture.holder().toLowerCase(Locale.ROOT),
              "0x" + fixture.holder().substring(2).toUpperCase(Locale.ROOT)
            });
    JsonText.Obj body =
        new JsonText.Obj().putText("wallet", wallet).put("conditions", JsonText.array(conditions));
    if (r.nextBoolean()) {
      String other = pick(r, OTHER_WALLETS);
      body.putText(other, otherWallet(other, weirdText(r, 1 + r.nextInt(60)) + "x"));
    }
    if (r.nextBoolean()) {
      body.putText("declaredLimits", r.nextBoolean() ? "omit" : "include");
    }
    if (r.nextInt(4) == 0) {
      body.putText("format", "jwt");
    }
    if (r.nextInt(5) == 0) {
      body.putText("anchor", "latest");
    }
    if (r.nextInt(3) == 0) {
      body.put("x-extra", weirdValue(r, 1 + r.nextInt(25)));
    }
    return body;
  }

  private record Encoded(byte[] bytes, String contentType, String how) {}

  private static Encoded encode(Random r, String json) {
    int how = r.nextInt(10);
    if (how == 0) {
      return new Encoded(
          concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, utf8(json)),
          "application/json",
          "UTF-8 with BOM");
    }
    if (how == 1) {
      Charset cs = r.nextBoolean() ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
      return new Encoded(json.getBytes(cs), "application/json; charset=utf-16", cs.name());
    }
    if (how == 2) {
      return new Encoded(
          utf8(sprinkleWhitespace(r, json)),
          "application/json; charset=utf-8",
          "whitespace between tokens");
    }
    if (how == 3) {
      return new Encoded(utf8(json), null, "no Content-Type");
    }
    return new Encoded(
        utf8(json), pick(r, new String[] {"application/json", "Application/JSON"}), "UTF-8");
  }

  private static String sprinkleWhitespace(Random r, String json) {
    StringBuilder out = new StringBuilder();
    boolean inString = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      out.append(c);
      if (inString) {
        if (c == '\\') {
          out.append(json.charAt(++i));
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if ("{}[],:".indexOf(c) >= 0 && r.nextBoolean()) {
        for (int k = r.nextInt(4); k >= 0; k--) {
          out.append(pick(r, new String[] {" ", "\t", "\n", "\r\n"}));
        }
      }
    }
    return out.toString();
  }

  // --- values ----------------------------------------------------------------------------------

  private static String nonString(Random r) {
    return pick(
        r,
        new String[] {
          "1",
          "0",
          "-1",
          "1.5",
          "true",
          "false",
          "null",
          "[]",
          "{}",
          "[\"0x\"]",
          "{\"a\":1}",
          "1e300"
        });
  }

  private static String nonNullNonString(Random r) {
    String v;
    do {
      v = nonString(r);
    } while (v.equals("null"));
    return v;
  }

  /** Text that differs from {@code good}: case, whitespace, invisible or look-alike characters. */
  private static String distort(Random r, String good) {
    String distorted = distortOnce(r, good);
    return distorted.equals(good) ? good + "\u200b" : distorted;
  }

  private static String distortOnce(Random r, String good) {
    switch (r.nextInt(9)) {
      case 0:
        return good.toUpperCase(Locale.ROOT);
      case 1:
        return " " + good;
      case 2:
        return good + "\u200b";
      case 3:
        return "\u202e" + good;
      case 4:
        return good + "\u0000";
      case 5:
        return good.substring(0, good.length() - 1);
      case 6:
        return good.replace('e', '\u0435').replace('o', '\u043e'); // Cyrillic look-alikes
      case 7:
        return "";
      default:
        return good + good;
    }
  }

  /** An address that breaks the address rule: shape, length, alphabet or checksum. */
  static String badAddress(Random r, String good) {
    String hex = good.substring(2);
    int how = r.nextInt(12);
    switch (how) {
      case 0:
        return "0x" + hex.substring(0, 1 + r.nextInt(38));
      case 1:
        return "0x" + hex + "0".repeat(1 + r.nextInt(30));
      case 2:
        return hex;
      case 3:
        return "0X" + hex;
      case 4:
        {
          char[] chars = hex.toCharArray();
          chars[r.nextInt(40)] = pick(r, new Character[] {'g', 'z', ' ', 'G', '-', '\u0430'});
          return "0x" + new String(chars);
        }
      case 5:
        return badChecksum(r, good);
      case 6:
        {
          char[] chars = hex.toCharArray();
          int at = r.nextInt(40);
          for (int i = 0; i < 40; i++) {
            if (Character.isDigit(chars[(at + i) % 40])) {
              chars[(at + i) % 40] = (char) ('\uff10' + (chars[(at + i) % 40] - '0'));
              break;
            }
          }
          return "0x" + new String(chars);
        }
      case 7:
        {
          String invisible =
              pick(r, new String[] {"\u200b", "\u200d", "\ufeff", "\u202e", "\u0000", "\n", " "});
          int at = r.nextInt(good.length() + 1);
          return good.substring(0, at) + invisible + good.substring(at);
        }
      case 8:
        return withLoneSurrogate(r, good);
      case 9:
        return "";
      case 10:
        return "0x" + "0".repeat(64);
      default:
        return good + pick(r, new String[] {"\u0301", "\u00a0", "/", ".eth"});
    }
  }

  /** A mixed-case form of {@code good} that is not its EIP-55 checksum. */
  static String badChecksum(Random r, String good) {
    String hex = good.substring(2);
    List<Integer> letters = new ArrayList<>();
    for (int i = 0; i < hex.length(); i++) {
      if (Character.isLetter(hex.charAt(i))) {
        letters.add(i);
      }
    }
    if (letters.size() < 3) {
      return good.substring(0, 41);
    }
    for (int attempt = 0; attempt < 100; attempt++) {
      char[] chars = hex.toCharArray();
      int at = pick(r, letters);
      chars[at] =
          Character.isUpperCase(chars[at])
              ? Character.toLowerCase(chars[at])
              : Character.toUpperCase(chars[at]);
      String flipped = new String(chars);
      boolean mixed =
          !flipped.equals(flipped.toLowerCase(Locale.ROOT))
              && !flipped.equals(flipped.toUpperCase(Locale.ROOT));
      if (mixed) {
        return "0x" + flipped;
      }
    }
    return good.substring(0, 41);
  }

  /** A chain id no condition may name, or null for a missing one. */
  private static String badChainId(Random r) {
    int how = r.nextInt(9);
    switch (how) {
      case 0:
        return null;
      case 1:
        return pick(r, new String[] {"true", "[]", "{}", "[8453]", "null"});
      case 2:
        return pick(r, new String[] {"1284", "1285", "\"1284\"", "\"1285\""});
      case 3:
        {
          long id;
          do {
            id = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(1_000_000) - 1000;
          } while (EVM_CHAINS.contains(id) || id == 1284 || id == 1285);
          return r.nextBoolean() ? Long.toString(id) : "\"" + id + "\"";
        }
      case 4:
        return pick(
            r,
            new String[] {
              "8453.5", "1e-5", "0.1", "9223372036854775808", "1e400", "-8453", "-0", "0"
            });
      case 5:
        return "\"" + pick(r, NON_EVM) + "\"";
      case 6:
        return JsonText.string(
            pick(
                r,
                new String[] {
                  "",
                  " ",
                  "ethereum",
                  "base",
                  "0x2105",
                  "\uff18\uff14\uff15\uff13",
                  "8453\u200b",
                  "+8453",
                  "8453.0",
                  "SOLANA",
                  "8 453",
                  "\u0668\u0664\u0665\u0663"
                }));
      case 7:
        return "\"" + "9".repeat(20 + r.nextInt(2000)) + "\"";
      default:
        return JsonText.string(weirdText(r, 1 + r.nextInt(30)) + "q");
    }
  }

  /** A value a threshold, multiple, amount or fraction may not take; null for a missing one. */
  private static String badAmount(Random r, boolean fraction) {
    int how = r.nextInt(fraction ? 7 : 6);
    switch (how) {
      case 0:
        return null;
      case 1:
        return pick(
            r,
            new String[] {
              "1", "1.5", "100", "1e400", "-0", "1e-400", "0", "true", "[]", "{}", "[\"1\"]"
            });
      case 2:
        return JsonText.string(
            pick(
                r,
                new String[] {
                  "0",
                  "0.0",
                  "000.000",
                  "-5",
                  "+5",
                  "1e5",
                  "1E5",
                  ".5",
                  "5.",
                  " 5",
                  "5 ",
                  "1,000",
                  "1_000",
                  "0x10",
                  "NaN",
                  "Infinity",
                  "",
                  "\u0665",
                  "\uff15",
                  "1.2.3",
                  "--1",
                  "5\u200b",
                  "\u202e5",
                  "1/2",
                  "½",
                  "5\u0000"
                }));
      case 3:
        {
          int length = 401 + r.nextInt(3000);
          return "\"" + "1".repeat(length) + "\"";
        }
      case 4:
        {
          int length = 401 + r.nextInt(500);
          return "\"0." + "0".repeat(length - 3) + "1\"";
        }
      case 5:
        return "\"" + "9".repeat(1 + r.nextInt(20)) + "." + "9".repeat(r.nextInt(10)) + "x\"";
      default:
        return JsonText.string(
            pick(r, new String[] {"1.5", "2", "1.0000000001", "100", "1" + "0".repeat(300)}));
    }
  }

  private static String hugeNumber(Random r) {
    int how = r.nextInt(6);
    switch (how) {
      case 0:
        return "1" + "0".repeat(1000 + r.nextInt(5000));
      case 1:
        return "1e" + (1001 + r.nextInt(1_000_000));
      case 2:
        return "1e-" + (1001 + r.nextInt(1_000_000));
      case 3:
        return "1e" + pick(r, new String[] {"99999999999", "2147483648", "-2147483649", "+1001"});
      case 4:
        return "0." + "0".repeat(1000 + r.nextInt(2000)) + "1";
      default:
        return "-" + "9".repeat(1001 + r.nextInt(3000)) + ".5e-3";
    }
  }

  private static String badKey(Random r) {
    String hex = "0123456789abcdef";
    StringBuilder forty = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      forty.append(hex.charAt(r.nextInt(16)));
    }
    return pick(
        r,
        new String[] {
          "",
          "svc_live_" + forty,
          "svc_live_" + forty.substring(1),
          "svc_live_" + forty + "0",
          "SVC_LIVE_" + forty.toString().toUpperCase(Locale.ROOT),
          "svc_test_" + forty,
          forty.toString(),
          "svc_live_" + forty.toString().replace('a', 'g'),
          printableAscii(r, 1 + r.nextInt(200)),
          "null",
          "undefined"
        });
  }

  /**
   * An x402 payment payload (v2 shape) with one thing wrong: {@code {what, json, status,
   * mentions}}. Malformed fields are 400; a well-formed payment that does not pay the quote is 402.
   */
  private static String[] x402Payment(Random r) {
    String from = "0x" + "11".repeat(20);
    String to = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    String value = "50000";
    String nonce = "0x" + "ab".repeat(32);
    String signature = "0x" + "cd".repeat(65);
    String network = "eip155:8453";
    String scheme = "exact";
    String what;
    int status = 400;
    String mentions = "payload";
    switch (r.nextInt(10)) {
      case 0 -> {
        from = pick(r, new String[] {"0x12", "", "not an address", "0x" + "g".repeat(40)});
        what = "from " + abbreviate(from);
      }
      case 1 -> {
        value = pick(r, new String[] {"-1", "1e6", "0x10", "1".repeat(80), "", "12.5"});
        what = "value " + abbreviate(value);
      }
      case 2 -> {
        nonce = pick(r, new String[] {"0x1234", "", "0x" + "zz".repeat(32)});
        what = "nonce " + abbreviate(nonce);
      }
      case 3 -> {
        signature = pick(r, new String[] {"0x", "0x" + "cd".repeat(64), "signature"});
        what = "signature " + abbreviate(signature);
      }
      case 4 -> {
        network = pick(r, new String[] {"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"});
        what = "network " + network;
        status = 402;
        mentions = "facilitator";
      }
      case 5 -> {
        network = pick(r, new String[] {"eip155:1", "eip155:84532", "base", ""});
        what = "network " + network;
        status = 402;
        mentions = "is not one of the quote's";
      }
      case 6 -> {
        scheme = pick(r, new String[] {"upto", "EXACT", ""});
        what = "scheme " + scheme;
        status = 402;
        mentions = "scheme";
      }
      case 7 -> {
        what = "a signature that recovers no payer";
        status = 402;
        mentions = "does not recover the payer";
      }
      case 8 -> {
        // an exact SVM payload: Solana settles through a facilitator only, and without one it is
        // refused before its transaction is read, whatever the transaction holds
        String transaction =
            pick(
                r,
                new String[] {
                  "", "AQID", "not base64!", base64Junk(r), "AA==", "A".repeat(2000), "\\u0000"
                });
        String json =
            "{\"x402Version\":"
                + pick(r, new String[] {"2", "1"})
                + ",\"accepted\":{\"scheme\":\"exact\",\"network\":"
                + "\"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\"},\"payload\":{\"transaction\":\""
                + transaction
                + "\"}}";
        return new String[] {
          "solana transaction " + abbreviate(transaction), json, "402", "facilitator"
        };
      }
      default -> {
        String json =
            "{\"accepted\":{\"scheme\":\"exact\",\"network\":\"eip155:8453\"}"
                + pick(
                    r, new String[] {"", ",\"payload\":[]", ",\"payload\":{\"authorization\":1}"})
                + "}";
        return new String[] {"payment " + json, json, "400", "authorization"};
      }
    }
    String json =
        "{\"x402Version\":2,\"accepted\":{\"scheme\":\""
            + scheme
            + "\",\"network\":\""
            + network
            + "\"},\"payload\":{\"authorization\":{\"from\":\""
            + from
            + "\",\"to\":\""
            + to
            + "\",\"value\":\""
            + value
            + "\",\"validAfter\":\"0\",\"validBefore\":\"99999999999\",\"nonce\":\""
            + nonce
            + "\"},\"signature\":\""
            + signature
            + "\"}}";
    return new String[] {what, json, Integer.toString(status), mentions};
  }

  private static String base64Junk(Random r) {
    byte[] bytes = new byte[r.nextInt(300)];
    r.nextBytes(bytes);
    return java.util.Base64.getEncoder().encodeToString(bytes);
  }

  private static String printableAscii(Random r, int length) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append((char) (0x21 + r.nextInt(0x5e)));
    }
    return s.toString();
  }

  private static final String[] WEIRD = {
    "\u202e",
    "\u202d",
    "\u200f",
    "\u200e",
    "\u200b",
    "\u200c",
    "\u200d",
    "\ufeff",
    "\u0000",
    "\u0007",
    "\u001b",
    "\n",
    "\t",
    "\u2028",
    "\u2029",
    "\u0301",
    "\u0308",
    "\ud83d\ude00",
    "\ud83c\udff3\ufe0f\u200d\ud83c\udf08",
    "\u05e9\u05dc\u05d5\u05dd",
    "\u0645\u0631\u062d\u0628\u0627",
    "\u4e2d",
    "\ufffd",
    "\uffff",
    "\ue000",
    "\"",
    "\\",
    "/",
    "<script>",
    "'; drop table api_key; --",
    "%s%n",
    "${jndi:ldap://127.0.0.1/x}",
    "a",
    "Z",
    "0",
    " "
  };

  /** Well-formed text of at most {@code maxCodePoints} code points, full of unusual characters. */
  static String weirdText(Random r, int maxCodePoints) {
    StringBuilder s = new StringBuilder();
    int points = 0;
    while (points < maxCodePoints) {
      String piece = pick(r, WEIRD);
      int n = piece.codePointCount(0, piece.length());
      if (points + n > maxCodePoints) {
        break;
      }
      s.append(piece);
      points += n;
    }
    return s.toString();
  }

  private static String longLabel(Random r) {
    int points = 101 + r.nextInt(r.nextBoolean() ? 50 : 5000);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < points; i++) {
      s.appendCodePoint(r.nextInt(4) == 0 ? 0x1F600 + r.nextInt(50) : 'a' + r.nextInt(26));
    }
    return s.toString();
  }

  private static String withLoneSurrogate(Random r, String text) {
    char lone =
        r.nextBoolean() ? (char) (0xD800 + r.nextInt(0x400)) : (char) (0xDC00 + r.nextInt(0x400));
    int at = r.nextInt(text.length() + 1);
    // never next to another surrogate, which could pair with it
    String before = text.substring(0, at);
    String after = text.substring(at);
    return before + "a" + lone + "a" + after;
  }

  private static String distortHex(Random r, String good) {
    return pick(
        r,
        new String[] {
          good.substring(0, 65),
          good + "0",
          good.substring(2),
          good.substring(0, 10) + "x" + good.substring(11),
          "0x",
          good + "g"
        });
  }

  /** A JSON value nested up to {@code depth} levels, of every kind, with at most 20 leaves. */
  private static String weirdValue(Random r, int depth) {
    return weirdValue(r, depth, new int[] {20});
  }

  private static String weirdValue(Random r, int depth, int[] leaves) {
    if (depth <= 1 || leaves[0] <= 1) {
      leaves[0]--;
      return weirdLeaf(r);
    }
    int children = r.nextInt(4) == 0 ? 2 : 1;
    if (r.nextBoolean()) {
      List<String> items = new ArrayList<>();
      for (int i = 0; i < children; i++) {
        items.add(weirdValue(r, depth - 1, leaves));
      }
      return JsonText.array(items);
    }
    JsonText.Obj o = new JsonText.Obj();
    for (int i = 0; i < children; i++) {
      o.put(weirdText(r, 1 + r.nextInt(10)) + i, weirdValue(r, depth - 1, leaves));
    }
    return o.render();
  }

  private static String weirdLeaf(Random r) {
    switch (r.nextInt(11)) {
      case 0:
        return "1e999";
      case 1:
        return "-1e-999";
      case 2:
        return "-0";
      case 3:
        return "123456789012345678901234567890";
      case 4:
        return "true";
      case 5:
        return "null";
      case 6:
        return JsonText.string(weirdText(r, 1 + r.nextInt(200)));
      case 7:
        return JsonText.string("x".repeat(r.nextInt(500)));
      case 8:
        return "0.1";
      case 9:
        return "[]";
      default:
        return "{}";
    }
  }

  // --- trust profiles: POST /v1/trust and /v1/trust/batch ---------------------------------------

  static final String TRUST_PATH = "/v1/trust";
  static final String TRUST_BATCH_PATH = "/v1/trust/batch";

  /** Values no family's parser takes, for any wallet member. */
  private static final String[] NO_WALLET = {
    "", " ", "0x", "not a wallet", "\u2003", "r", "T", "G", "bc1", "0xZZ", "wallet\u0000"
  };

  /** A valid profile body: the holder, sometimes with other families' wallets and proof. */
  private JsonText.Obj trustBody(Random r) {
    JsonText.Obj body = new JsonText.Obj().putText("wallet", fixture.holder());
    for (String member : OTHER_WALLETS) {
      if (r.nextInt(4) == 0) {
        body.putText(member, otherWallet(member, ""));
      }
    }
    return body;
  }

  /**
   * Case {@code index} of a trust campaign: a profile or batch body with one rule broken, or broken
   * JSON; every one is refused with 400 naming what is wrong (the key is sent, so nothing may be
   * charged).
   */
  HostileCase generateTrust(long campaignSeed, int index) {
    Random r = new Random(caseSeed(campaignSeed, index));
    boolean batch = r.nextBoolean();
    int entries = 1 + r.nextInt(3);
    int at = r.nextInt(entries);
    JsonText.Obj broken = trustBody(r);
    String prefix = batch ? "wallets[" + at + "]." : "";
    String kind;
    String what;
    String mentions;
    String rendered = null;
    int how = r.nextInt(10);
    switch (how) {
      case 0:
        {
          String value = nonNullNonString(r);
          broken.put("wallet", value);
          kind = "trust/wallet-type";
          what = "wallet is " + value;
          mentions = prefix + "wallet must be a string";
          break;
        }
      case 1:
        {
          String value = badAddress(r, fixture.holder());
          broken.putText("wallet", value);
          kind = "trust/wallet-address";
          what = "wallet " + value;
          mentions = prefix + "wallet";
          break;
        }
      case 2:
        broken.remove("wallet");
        kind = "trust/wallet-missing";
        what = "no wallet";
        mentions = prefix + "wallet is required";
        break;
      case 3:
        {
          String member = pick(r, OTHER_WALLETS);
          String value = pick(r, NO_WALLET);
          broken.putText(member, value);
          kind = "trust/other-wallet";
          what = member + " " + value;
          mentions = prefix + member;
          break;
        }
      case 4:
        {
          String member = pick(r, OTHER_WALLETS);
          String value = nonNullNonString(r);
          broken.put(member, value);
          kind = "trust/other-wallet-type";
          what = member + " is " + value;
          mentions = prefix + member + " must be a string";
          break;
        }
      case 5:
        {
          String value =
              pick(r, new String[] {"\"MERKLE\"", "\"\"", "true", "1", "\"zk\"", "[]", "{}"});
          kind = "trust/proof";
          what = "proof " + value;
          mentions = "proof must be \"merkle\"";
          if (batch) {
            JsonText.Obj body =
                new JsonText.Obj()
                    .put("wallets", JsonText.array(List.of(trustBody(r).render())))
                    .put("proof", value);
            return trustCase(index, kind, what, TRUST_BATCH_PATH, body.render(), mentions);
          }
          broken = trustBody(r).put("proof", value);
          break;
        }
      case 6:
        {
          if (!batch) {
            JsonText.Obj body = trustBody(r);
            int cut = 1 + r.nextInt(body.render().length() - 1);
            return trustCase(
                index,
                "trust/truncated",
                "truncated at " + cut,
                TRUST_PATH,
                body.render().substring(0, cut),
                null);
          }
          String wallets =
              pick(
                  r,
                  new String[] {
                    "null", "{}", "\"0xabc\"", "1", "[]", JsonText.array(List.of("1")),
                  });
          JsonText.Obj body = new JsonText.Obj();
          if (!wallets.equals("null")) {
            body.put("wallets", wallets);
          }
          return trustCase(
              index,
              "trust/batch-wallets",
              "wallets " + wallets,
              TRUST_BATCH_PATH,
              body.render(),
              "wallets");
        }
      case 7:
        {
          if (!batch) {
            String value = nonNullNonString(r);
            return trustCase(index, "trust/body-type", "body " + value, TRUST_PATH, value, null);
          }
          List<String> many = new ArrayList<>();
          for (int i = 0; i < 11 + r.nextInt(5); i++) {
            many.add(trustBody(r).render());
          }
          return trustCase(
              index,
              "trust/batch-too-many",
              many.size() + " wallets",
              TRUST_BATCH_PATH,
              new JsonText.Obj().put("wallets", JsonText.array(many)).render(),
              "wallets must hold 1 to 10 entries");
        }
      default:
        {
          // a duplicate member: refused by the JSON reader, whatever the endpoint
          String member = pick(r, new String[] {"wallet", "solanaWallet", "proof"});
          rendered = broken.render().replaceFirst("\\{", "{" + JsonText.string(member) + ":\"x\",");
          kind = "trust/duplicate-member";
          what = "duplicate " + member;
          mentions = null;
          break;
        }
    }
    String entry = rendered != null ? rendered : broken.render();
    if (!batch) {
      return trustCase(index, kind, what, TRUST_PATH, entry, mentions);
    }
    List<String> all = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      all.add(i == at ? entry : trustBody(r).render());
    }
    return trustCase(
        index,
        kind + "-batch",
        what + " in wallets[" + at + "]",
        TRUST_BATCH_PATH,
        new JsonText.Obj().put("wallets", JsonText.array(all)).render(),
        mentions);
  }

  private HostileCase trustCase(
      int index, String kind, String what, String path, String body, String mentions) {
    List<Header> headers = new ArrayList<>();
    headers.add(new Header("Content-Type", "application/json"));
    headers.add(new Header("X-API-Key", fixture.apiKey()));
    return new HostileCase(
        index,
        kind,
        what,
        new Http("POST", path, List.copyOf(headers), utf8(body)),
        Expect.refused(400, mentions));
  }

  // --- plumbing --------------------------------------------------------------------------------

  private Built keyOrNone(Random r, String kind, String what, String body, Expect expect) {
    return keyOrNone(r, kind, what, utf8(body), expect);
  }

  private Built keyOrNone(Random r, String kind, String what, byte[] body, Expect expect) {
    List<Header> headers = new ArrayList<>();
    headers.add(new Header("Content-Type", "application/json"));
    boolean keyed = r.nextInt(4) != 0;
    if (keyed) {
      headers.add(new Header("X-API-Key", fixture.apiKey()));
    }
    return http(kind, what + (keyed ? "" : " (no credentials)"), "POST", headers, body, expect);
  }

  private void maybeKey(Random r, List<Header> headers) {
    if (r.nextBoolean()) {
      headers.add(new Header("X-API-Key", fixture.apiKey()));
    }
  }

  private static Built http(
      String kind, String what, String method, List<Header> headers, byte[] body, Expect expect) {
    return http(kind, what, method, PATH, headers, body, expect);
  }

  private static Built http(
      String kind,
      String what,
      String method,
      String target,
      List<Header> headers,
      byte[] body,
      Expect expect) {
    return new Built(kind, what, new Http(method, target, List.copyOf(headers), body), expect);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(String.format("%02x", b & 0xff));
    }
    return s.toString();
  }

  private static String abbreviate(String s) {
    return s.length() > 60 ? s.substring(0, 60) + "…(" + s.length() + ")" : s;
  }
}
