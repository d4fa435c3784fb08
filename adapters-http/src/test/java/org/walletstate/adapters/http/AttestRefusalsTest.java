package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.walletstate.adapters.http.testbed.AttestCalls.account;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.condition;
import static org.walletstate.adapters.http.testbed.Conditions.farcasterId;
import static org.walletstate.adapters.http.testbed.Conditions.nftOwnership;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToAmount;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToSupply;
import static org.walletstate.adapters.http.testbed.Conditions.rawEas;
import static org.walletstate.adapters.http.testbed.Conditions.template;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.viewCall;
import static org.walletstate.adapters.http.testbed.Conditions.with;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;
import static org.walletstate.adapters.http.testbed.Conditions.without;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.adapters.http.testbed.AttestCalls;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Every 400 rule of an attest request, through HTTP: status 400, the error envelope, a message that
 * names the member and the condition index, no credit taken, and exactly one request counted
 * against the daily limit (every authenticated call counts once, whatever its outcome). Rules the
 * request alone decides are refused before any chain is read; the two that need the token's own
 * decimals are refused after reading and are still not charged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestRefusalsTest {

  private static final long CREDITS = 10;
  private static final int DAILY_LIMIT = 1000;
  private static final DevnetManifest M = Devnet.shared().manifest();
  private static final String HOLDER = M.wallet("holder").address();
  private static final String D_USD = M.chain(8453).address("token6");
  private static final String D_USD_ON_10 = M.chain(10).address("token6");
  private static final String D_ETH_ON_10 = M.chain(10).address("token18");
  private static final String CELO_MIRROR = "0x471EcE3750Da237f93B8E339c536989b8978a438";
  private static final String ARC_USDC = "0x3600000000000000000000000000000000000000";

  /** Whether the refusal comes before or after chain 10 (behind the proxy) is read. */
  enum Chain10 {
    NOT_READ,
    READ,
    NOT_IN_REQUEST
  }

  /** One rule: the body that breaks it and the exact message (a prefix when it ends in "..."). */
  record Refusal(String rule, KeyVersion key, Object body, String message, Chain10 chain10) {
    @Override
    public String toString() {
      return rule;
    }
  }

  private static Refusal refusal(String rule, Object body, String message) {
    return new Refusal(rule, KeyVersion.V2, body, message, Chain10.NOT_IN_REQUEST);
  }

  private static Refusal refusal(String rule, Object body, String message, Chain10 chain10) {
    return new Refusal(rule, KeyVersion.V2, body, message, chain10);
  }

  private static Map<String, Object> holderBody(Map<String, Object> condition) {
    return body(HOLDER, condition);
  }

  private static Map<String, Object> usdOnBase() {
    return tokenBalance(8453, D_USD, "1");
  }

  private static Map<String, Object> usdOn10() {
    return tokenBalance(10, D_USD_ON_10, "1");
  }

  /** The address with the case of its first letter flipped: same bytes, wrong checksum. */
  private static String badChecksum(String address) {
    for (int i = 2; i < address.length(); i++) {
      char c = address.charAt(i);
      if (Character.isLetter(c)) {
        char flipped =
            Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
        return address.substring(0, i) + flipped + address.substring(i + 1);
      }
    }
    throw new IllegalArgumentException(address);
  }

  private static Map<String, Object> object(Object... members) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < members.length; i += 2) {
      map.put((String) members[i], members[i + 1]);
    }
    return map;
  }

  static Stream<Refusal> refusals() {
    List<Refusal> all = new ArrayList<>();
    // ---- the request as a whole
    all.add(
        refusal(
            "wallet missing",
            object("conditions", List.of(usdOnBase())),
            "wallet is required unless another wallet field (solanaWallet, xrplWallet,"
                + " bitcoinWallet, tronWallet, stellarWallet, suiWallet) is given"));
    all.add(
        refusal(
            "wallet malformed",
            body("0x1234", usdOnBase()),
            "wallet must be an EVM address (0x followed by 40 hex digits), got \"0x1234\""));
    all.add(
        refusal(
            "wallet with a bad checksum",
            body(badChecksum(HOLDER), usdOnBase()),
            "wallet "
                + badChecksum(HOLDER)
                + " has an invalid EIP-55 checksum (expected "
                + HOLDER
                + ")"));
    all.add(
        refusal(
            "EVM condition without an EVM wallet",
            object(
                "solanaWallet",
                "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd",
                "conditions",
                List.of(usdOnBase())),
            "wallet is required: conditions[0] is evaluated on EVM chain 8453"));
    all.add(
        refusal(
            "assurance other than single or quorum",
            withMember(holderBody(usdOnBase()), "assurance", "fast"),
            "assurance \"fast\" is not supported; send \"single\" or \"quorum\", or leave it out"));
    all.add(
        refusal(
            "proof other than merkle",
            withMember(holderBody(usdOnBase()), "proof", "zk"),
            "proof \"zk\" is not supported; send \"merkle\" or leave it out"));
    all.add(
        refusal(
            "format other than jwt",
            withMember(holderBody(usdOnBase()), "format", "cbor"),
            "format \"cbor\" is not supported; send \"jwt\" or leave it out"));
    all.add(
        refusal(
            "declaredLimits other than include or omit",
            withMember(holderBody(usdOnBase()), "declaredLimits", "all"),
            "declaredLimits \"all\" is not supported; send \"include\" or \"omit\""));
    all.add(refusal("conditions missing", object("wallet", HOLDER), "conditions is required"));
    all.add(
        refusal(
            "conditions not an array",
            object("wallet", HOLDER, "conditions", object()),
            "conditions must be an array, not an object"));
    all.add(
        refusal(
            "no condition",
            object("wallet", HOLDER, "conditions", List.of()),
            "conditions must hold at least 1 condition"));
    all.add(
        refusal(
            "eleven conditions",
            object("wallet", HOLDER, "conditions", Collections.nCopies(11, usdOnBase())),
            "conditions must hold at most 10 conditions (got 11)"));
    all.add(
        refusal(
            "a condition that is not an object",
            object("wallet", HOLDER, "conditions", List.of("token_balance")),
            "conditions[0] must be an object, not a string"));
    // ---- type and chain
    all.add(
        refusal(
            "type missing",
            holderBody(without(usdOnBase(), "type")),
            "conditions[0].type is required"));
    all.add(
        refusal(
            "unknown type",
            holderBody(with(usdOnBase(), "type", "balance")),
            "conditions[0].type \"balance\" is not a condition type; use one of ..."));
    all.add(
        refusal(
            "unsupported chain",
            holderBody(tokenBalance(999, D_USD, "1")),
            "conditions[0].chainId 999 is not a supported chain"));
    all.add(
        refusal(
            "retired chain 1284",
            holderBody(tokenBalance(1284, D_USD, "1")),
            "conditions[0].chainId 1284 (Moonbeam) is retired and no longer supported"));
    all.add(
        refusal(
            "retired chain 1285",
            holderBody(tokenBalance(1285, D_USD, "1")),
            "conditions[0].chainId 1285 (Moonriver) is retired and no longer supported"));
    all.add(
        refusal(
            "unknown chain name",
            holderBody(with(usdOnBase(), "chainId", "cosmos")),
            "conditions[0].chainId \"cosmos\" is not a supported chain; use an EVM chain id or one"
                + " of solana, xrpl, bitcoin, tron, stellar, sui"));
    // ---- addresses
    all.add(
        refusal(
            "malformed contract address",
            holderBody(tokenBalance(8453, "0x1234", "1")),
            "conditions[0].contractAddress must be an EVM address (0x followed by 40 hex digits),"
                + " got \"0x1234\""));
    all.add(
        refusal(
            "contract address with a bad checksum",
            holderBody(tokenBalance(8453, badChecksum(D_USD), "1")),
            "conditions[0].contractAddress "
                + badChecksum(D_USD)
                + " has an invalid EIP-55 checksum (expected "
                + D_USD
                + ")"));
    for (Map<String, Object> nativeOn :
        List.of(
            nftOwnership(8453, "native"),
            ratioToSupply(8453, "native", "0.5"),
            viewCall(8453, "native", "isAllowed(address)"))) {
      all.add(
          refusal(
              "native on " + nativeOn.get("type"),
              holderBody(nativeOn),
              "conditions[0].contractAddress native is not allowed on "
                  + nativeOn.get("type")
                  + " (native is valid only for token_balance and ratio_to_amount)"));
    }
    // ---- EVM-only types and not-yet-supported chains and types
    all.add(
        refusal(
            "non-EVM chain on account_code",
            holderBody(with(accountCode(8453, "none"), "chainId", "solana")),
            "conditions[0].chainId solana is not an EVM chain; account_code is EVM only"));
    all.add(
        refusal(
            "non-EVM chain on ratio_to_supply",
            holderBody(with(ratioToSupply(8453, D_USD, "0.5"), "chainId", "sui")),
            "conditions[0].chainId sui is not an EVM chain; ratio_to_supply is EVM only"));
    all.add(
        refusal(
            "non-EVM chain on a raw eas_attestation",
            holderBody(
                with(
                    rawEas(8453, M.chain(8453).schemaUid("verifiedAccount"), D_USD),
                    "chainId",
                    "solana")),
            "conditions[0].chainId solana is not an EVM chain; eas_attestation is EVM only"));
    all.add(
        refusal(
            "erc8004_agent on another chain",
            holderBody(condition("erc8004_agent", "chainId", 1, "agentId", "0")),
            "conditions[0].chainId 1 is not supported for erc8004_agent; it is read on chain 8453"
                + " only"));
    all.add(
        refusal(
            "erc7710_delegation without its delegation",
            holderBody(
                condition(
                    "erc7710_delegation",
                    "chainId",
                    8453,
                    "delegationManager",
                    "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3",
                    "expectedDelegator",
                    "0x5906E2764D2E58B02ff2c897230E8A627aB6D3C9")),
            "conditions[0].delegation is required"));
    all.add(
        refusal(
            "token_balance on solana without a solanaWallet",
            holderBody(with(tokenBalance(8453, "native", "1"), "chainId", "solana")),
            "solanaWallet is required: conditions[0] is evaluated on solana chain solana"));
    all.add(
        refusal(
            "token_balance on stellar without a stellarWallet",
            holderBody(with(tokenBalance(8453, "native", "1"), "chainId", "stellar")),
            "stellarWallet is required: conditions[0] is evaluated on stellar chain stellar"));
    // ---- the two decisions of docs/api.md ("unknown condition members, and nft_ownership on a
    // fungible token"): refused before any read, and after reading the contract's interface
    all.add(
        refusal(
            "an unknown member inside a condition",
            holderBody(with(usdOn10(), "colour", "red")),
            "conditions[0].colour is not a condition member (an unknown member is refused so that"
                + " a misspelt one never drops the rule it names)",
            Chain10.NOT_READ));
    all.add(
        refusal(
            "nft_ownership naming an ERC-20, known after reading its interface",
            holderBody(nftOwnership(10, D_USD_ON_10)),
            "conditions[0].contractAddress "
                + D_USD_ON_10
                + " is not an ERC-721 collection: it does not declare the ERC-721 interface"
                + " (ERC-165 supportsInterface(0x80ac58cd)); nft_ownership on EVM chains reads"
                + " ERC-721 collections",
            Chain10.READ));
    all.add(
        refusal(
            "nft_ownership on bitcoin",
            holderBody(with(nftOwnership(8453, D_USD), "chainId", "bitcoin")),
            "conditions[0].chainId bitcoin supports only token_balance with contractAddress"
                + " native"));
    all.add(
        refusal(
            "ratio_to_amount on tron",
            holderBody(with(ratioToAmount(8453, "native", "1", "1"), "chainId", "tron")),
            "conditions[0].chainId tron supports only token_balance"));
    // ---- amounts
    all.add(
        refusal(
            "a number on a v2 key, named by its index",
            body(HOLDER, usdOn10(), tokenBalance(8453, D_USD, 100)),
            "conditions[1].threshold must be a decimal string on this key (numbers are accepted"
                + " only on v1 keys)",
            Chain10.NOT_READ));
    all.add(
        refusal(
            "a number as multiple on a v2 key",
            holderBody(ratioToAmount(8453, D_USD, 2, "1")),
            "conditions[0].multiple must be a decimal string on this key (numbers are accepted"
                + " only on v1 keys)"));
    all.add(
        refusal(
            "a number as amount on a v2 key",
            holderBody(ratioToAmount(8453, D_USD, "2", 1)),
            "conditions[0].amount must be a decimal string on this key (numbers are accepted only"
                + " on v1 keys)"));
    all.add(
        refusal(
            "a number as minFraction on a v2 key",
            holderBody(ratioToSupply(8453, D_USD, new BigDecimal("0.5"))),
            "conditions[0].minFraction must be a decimal string on this key (numbers are accepted"
                + " only on v1 keys)"));
    all.add(
        refusal(
            "decimal string over 400 characters",
            holderBody(tokenBalance(8453, D_USD, "1" + "0".repeat(400))),
            "conditions[0].threshold must be at most 400 characters long (got 401)"));
    all.add(
        refusal(
            "decimal string with an exponent",
            holderBody(ratioToAmount(8453, D_USD, "1e3", "1")),
            "conditions[0].multiple must be a plain decimal string such as \"1.5\" (digits with an"
                + " optional fractional part; no sign, exponent or spaces), got \"1e3\""));
    all.add(
        refusal(
            "zero amount",
            holderBody(ratioToAmount(8453, D_USD, "2", "0")),
            "conditions[0].amount must be greater than 0, got \"0\""));
    all.add(
        refusal(
            "negative threshold",
            holderBody(tokenBalance(8453, D_USD, "-5")),
            "conditions[0].threshold must be greater than 0, got \"-5\""));
    all.add(
        refusal(
            "threshold missing",
            holderBody(without(usdOnBase(), "threshold")),
            "conditions[0].threshold is required"));
    all.add(
        refusal(
            "minFraction above 1",
            holderBody(ratioToSupply(8453, D_USD, "1.0000001")),
            "conditions[0].minFraction must be a fraction greater than 0 and at most 1, got"
                + " 1.0000001"));
    // ---- decimals
    all.add(
        refusal(
            "decimals out of range",
            holderBody(with(usdOnBase(), "decimals", 101)),
            "conditions[0].decimals must be an integer from 0 to 100 (a number or a digit"
                + " string), got 101"));
    all.add(
        refusal(
            "native decimals mismatch, known without reading",
            body(HOLDER, usdOn10(), with(tokenBalance(8453, "native", "1"), "decimals", 6)),
            "conditions[1].decimals 6 does not match the token's own decimals (18)",
            Chain10.NOT_READ));
    all.add(
        refusal(
            "ERC-20 decimals mismatch, known after reading the token",
            holderBody(with(usdOn10(), "decimals", 18)),
            "conditions[0].decimals 18 does not match the token's own decimals (6)",
            Chain10.READ));
    all.add(
        refusal(
            "ERC-20 decimals mismatch on ratio_to_supply",
            holderBody(with(ratioToSupply(10, D_ETH_ON_10, "0.5"), "decimals", "6")),
            "conditions[0].decimals 6 does not match the token's own decimals (18)",
            Chain10.READ));
    all.add(
        refusal(
            "native amount finer than 18 decimals",
            holderBody(ratioToAmount(8453, "native", "1", "0.0000000000000000001")),
            "conditions[0].amount 0.0000000000000000001 has more decimal places than the token's"
                + " own decimals (18)"));
    all.add(
        refusal(
            "ERC-20 amount finer than the token, known after reading it",
            holderBody(ratioToAmount(10, D_USD_ON_10, "1", "1.0000001")),
            "conditions[0].amount 1.0000001 has more decimal places than the token's own decimals"
                + " (6)",
            Chain10.READ));
    // ---- eas_attestation
    all.add(
        refusal(
            "raw eas_attestation without indexer",
            holderBody(
                without(
                    rawEas(8453, M.chain(8453).schemaUid("verifiedAccount"), D_USD), "indexer")),
            "conditions[0].indexer is required for an eas_attestation without template"));
    all.add(
        refusal(
            "raw eas_attestation on a chain without EAS",
            holderBody(rawEas(56, M.chain(8453).schemaUid("verifiedAccount"), D_USD)),
            "conditions[0].chainId 56: EAS is not deployed on this chain; eas_attestation is read"
                + " where it is: chains 1, 10, 130, 137, 324, 1868, 8453, 42161, 42220, 57073, 59144,"
                + " 81457, 534352 (docs/chains.md lists each deployment)"));
    all.add(
        refusal(
            "malformed schemaId",
            holderBody(rawEas(8453, "0x12", D_USD)),
            "conditions[0].schemaId must be 32 bytes as 0x followed by 64 hex digits, got"
                + " \"0x12\""));
    all.add(
        refusal(
            "template with schemaId",
            holderBody(
                with(
                    template("exchange_one"),
                    "schemaId",
                    M.chain(8453).schemaUid("verifiedAccount"))),
            "conditions[0].schemaId cannot be combined with template (the template fixes schema,"
                + " attester and indexer)"));
    all.add(
        refusal(
            "template on another chain",
            holderBody(with(template("exchange_one"), "chainId", 10)),
            "conditions[0].chainId 10 does not match template exchange_one, which is read on chain"
                + " 8453"));
    all.add(
        refusal(
            "unknown template",
            holderBody(template("kyc")),
            "conditions[0].template \"kyc\" is not a compliance template; use one of"
                + " exchange_verified_account, exchange_verified_country, exchange_one,"
                + " humanity_passport_score, humanity_passport_active"));
    // ---- the other types
    all.add(
        refusal(
            "delegate with expect other than eip7702",
            holderBody(with(accountCode(8453, "contract"), "delegate", HOLDER)),
            "conditions[0].delegate is allowed only with expect eip7702 (expect is contract)"));
    all.add(
        refusal(
            "unknown expect",
            holderBody(accountCode(8453, "proxy")),
            "conditions[0].expect must be one of none, eip7702, contract, got \"proxy\""));
    all.add(
        refusal(
            "selector that is not a canonical signature",
            holderBody(viewCall(8453, D_USD, "isAllowed(address account)")),
            "conditions[0].selector must be the canonical signature of a view function taking one"
                + " address, such as \"isMember(address)\" (no spaces or parameter names), got"
                + " \"isAllowed(address account)\""));
    all.add(
        refusal(
            "selector missing",
            holderBody(without(viewCall(8453, D_USD, "isAllowed(address)"), "selector")),
            "conditions[0].selector is required"));
    all.add(
        refusal(
            "farcaster_id on another chain",
            holderBody(with(farcasterId(), "chainId", 8453)),
            "conditions[0].chainId 8453 is not where farcaster_id is read; leave chainId out or"
                + " send 10"));
    // ---- labels
    all.add(
        refusal(
            "label over 100 characters",
            holderBody(with(usdOnBase(), "label", "x".repeat(101))),
            "conditions[0].label must be at most 100 characters long (got 101)"));
    all.add(
        refusal(
            "label that is not a string",
            holderBody(with(usdOnBase(), "label", 5)),
            "conditions[0].label must be a string, not a number"));
    // ---- one holding read two ways
    all.add(
        refusal(
            "native CELO and its ERC-20 mirror on 42220",
            body(
                HOLDER,
                tokenBalance(42220, "native", "1"),
                usdOn10(),
                tokenBalance(42220, CELO_MIRROR, "1")),
            "conditions[0] and conditions[2] read the same CELO holding on chain 42220 twice"
                + " (native and its ERC-20 "
                + CELO_MIRROR
                + "); keep one of them",
            Chain10.NOT_READ));
    all.add(
        refusal(
            "Arc's USDC predeploy and native USDC on 5042",
            body(
                HOLDER,
                usdOn10(),
                tokenBalance(5042, ARC_USDC, "1"),
                tokenBalance(5042, "native", "1")),
            "conditions[1] and conditions[2] read the same USDC holding on chain 5042 twice"
                + " (native and its ERC-20 "
                + ARC_USDC
                + "); keep one of them",
            Chain10.NOT_READ));
    // ---- v1 keys
    all.add(
        new Refusal(
            "a v1 number a signed JSON number cannot carry",
            KeyVersion.V1,
            holderBody(tokenBalance(8453, D_USD, new BigDecimal("0.1234567890123456"))),
            "conditions[0].threshold 0.1234567890123456 cannot be signed exactly as a JSON number"
                + " (at most 15 significant digits, from 1e-307 to 1e308); send it as a decimal"
                + " string",
            Chain10.NOT_IN_REQUEST));
    return all.stream();
  }

  @Inject Pool pool;

  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @BeforeEach
  @AfterEach
  void resetProxy() {
    chain10.reset();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void attest_refusesWith400_namingTheMember_withoutChargingOrCountingTwice(Refusal refusal) {
    TestKeys.TestKey key = TestKeys.create(pool, CREDITS, DAILY_LIMIT, refusal.key());

    Response response = attest(key.secret(), refusal.body());

    response
        .then()
        .statusCode(400)
        .contentType(ContentType.JSON)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(400))
        .body("meta.version", equalTo("1.0"))
        .body("meta.timestamp", notNullValue());
    String message = response.jsonPath().getString("error.message");
    if (refusal.message().endsWith("...")) {
      assertThat(message)
          .startsWith(refusal.message().substring(0, refusal.message().length() - 3));
    } else {
      assertThat(message).isEqualTo(refusal.message());
    }
    assertThat(response.jsonPath().getMap("meta")).doesNotContainKeys("creditsCharged");
    // counted once against the daily limit, like every authenticated call
    assertThat(response.header("X-RateLimit-Remaining")).isEqualTo(String.valueOf(DAILY_LIMIT - 1));
    // nothing charged: the ledger holds only the grant, and the caller sees the same balance
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    AttestCalls.Account after = account(key.secret());
    assertThat(after.credits()).isEqualTo(CREDITS);
    assertThat(after.requestsToday()).isEqualTo(2); // this refusal and the credits read itself
    switch (refusal.chain10()) {
      case NOT_READ:
        assertThat(chain10.counts().requests()).as(chain10.counts().toString()).isZero();
        break;
      case READ:
        // the chain was anchored before the refusal (the token's answers may come from the cache)
        assertThat(chain10.counts().calls("eth_getBlockByNumber"))
            .as(chain10.counts().toString())
            .isPositive();
        break;
      default:
        break;
    }
  }
}
