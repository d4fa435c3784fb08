package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.farcasterId;
import static org.walletstate.adapters.http.testbed.Conditions.nftOwnership;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToAmount;
import static org.walletstate.adapters.http.testbed.Conditions.ratioToSupply;
import static org.walletstate.adapters.http.testbed.Conditions.rawEas;
import static org.walletstate.adapters.http.testbed.Conditions.template;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.viewCall;
import static org.walletstate.adapters.http.testbed.Conditions.with;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;
import org.walletstate.verifier.VerifiedResult;

/**
 * Every condition type the service evaluates, met and not met, through {@code POST /v1/attest}
 * against the devnet. Every answer is checked by the verifier SDK against the served key set, and
 * what is asserted is read from the verified (signed) content.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestConditionsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  // native balances are checked on chain 1: on 8453 the holder paid gas to register an agent
  private static final long MAINNET = 1;
  private static final long BASE = 8453;
  private static final long OPTIMISM = 10;
  private static final String FID_REGISTRY = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b";
  private static final String DELEGATOR_CODE = "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B";

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();
  private String key;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2).secret();
  }

  private String wallet(String name) {
    return m.wallet(name).address();
  }

  private String contract(long chainId, String name) {
    return m.chain(chainId).address(name);
  }

  @SafeVarargs
  private VerifiedAttestation attestFor(String walletName, Map<String, Object>... conditions) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Map<String, Object> condition : conditions) {
      list.add(condition);
    }
    return verified(attest(key, body(wallet(walletName), list)));
  }

  private static List<Boolean> met(VerifiedAttestation attestation) {
    return attestation.results().stream().map(VerifiedResult::met).toList();
  }

  private static JsonNode signed(VerifiedAttestation attestation, int index) {
    return attestation.results().get(index).asJson();
  }

  /** A JSON object with {@code members} as name/value pairs, as the service would write it. */
  private static JsonNode object(Object... members) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < members.length; i += 2) {
      map.put((String) members[i], members[i + 1]);
    }
    try {
      return JSON.readTree(JSON.writeValueAsString(map));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  // ---- token_balance

  @Test
  void tokenBalance_comparesDisplayUnitsExactly_forSixEighteenAndZeroDecimalsAndNative() {
    String dUsd = contract(BASE, "token6");
    String dEth = contract(BASE, "token18");
    String dPts = contract(BASE, "token0");
    String usdc = contract(BASE, "usdc");

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            tokenBalance(BASE, dUsd, "1500.25"),
            tokenBalance(BASE, dUsd, "1500.250001"),
            tokenBalance(BASE, dEth, "2.5"),
            tokenBalance(BASE, dEth, "2.500000000000000001"),
            tokenBalance(BASE, dPts, "7"),
            tokenBalance(BASE, dPts, "7.5"),
            tokenBalance(MAINNET, "native", "1.5"),
            tokenBalance(MAINNET, "native", "1.500000000000000001"),
            tokenBalance(BASE, usdc, "250"),
            tokenBalance(BASE, usdc, "1500250000"));

    assertThat(met(attestation))
        .containsExactly(true, false, true, false, true, false, true, false, true, false);
    assertThat(attestation.pass()).isFalse();
    assertThat(signed(attestation, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "token_balance",
                "chainId",
                BASE,
                "contractAddress",
                dUsd,
                "operator",
                "gte",
                "threshold",
                "1500.25"));
    assertThat(signed(attestation, 6).get("evaluatedCondition").get("contractAddress").asText())
        .isEqualTo("native");
  }

  @Test
  void tokenBalance_signsTheCanonicalThresholdAndTheChecksummedAddress() {
    String dUsd = contract(BASE, "token6");

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            tokenBalance(BASE, dUsd.toLowerCase(Locale.ROOT), "0001000.5000"),
            with(tokenBalance(BASE, dUsd, "1"), "decimals", 6));

    assertThat(met(attestation)).containsExactly(true, true);
    assertThat(attestation.pass()).isTrue();
    JsonNode first = signed(attestation, 0).get("evaluatedCondition");
    assertThat(first.get("threshold").asText()).isEqualTo("1000.5");
    assertThat(first.get("contractAddress").asText()).isEqualTo(dUsd);
    assertThat(signed(attestation, 1).get("evaluatedCondition").has("decimals")).isFalse();
  }

  @Test
  void tokenBalance_ofAnEmptyWallet_isNotMet_andTheResultCarriesTheAnchor() {
    VerifiedAttestation attestation =
        attestFor("empty", tokenBalance(BASE, contract(BASE, "token6"), "0.000001"));

    assertThat(met(attestation)).containsExactly(false);
    JsonNode result = signed(attestation, 0);
    assertThat(result.get("condition").asInt()).isZero();
    assertThat(result.get("label").asText()).isEmpty();
    assertThat(result.get("type").asText()).isEqualTo("token_balance");
    assertThat(result.get("chainId").asLong()).isEqualTo(BASE);
    assertThat(result.get("blockNumber").asText()).matches("0x[0-9a-f]+");
    assertThat(result.get("blockTimestamp").asText())
        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
  }

  // ---- nft_ownership

  @Test
  void nftOwnership_isMetForAHolderOfTheCollection_andNotForAnEmptyWallet() {
    String nft = contract(BASE, "nft");

    VerifiedAttestation holder = attestFor("holder", nftOwnership(BASE, nft));
    VerifiedAttestation contractAccount = attestFor("contractAccount", nftOwnership(BASE, nft));
    VerifiedAttestation empty = attestFor("empty", nftOwnership(BASE, nft));

    assertThat(met(holder)).containsExactly(true);
    assertThat(met(contractAccount)).containsExactly(true);
    assertThat(met(empty)).containsExactly(false);
    assertThat(signed(holder, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "nft_ownership",
                "chainId",
                BASE,
                "contractAddress",
                nft,
                "operator",
                "gt",
                "threshold",
                0));
  }

  // ---- evm_view_call

  @Test
  void evmViewCall_isMetWhenTheFunctionReturnsTrue_andNotWhenItReturnsFalseOrReverts() {
    String allowList = contract(BASE, "allowList");

    VerifiedAttestation holder =
        attestFor(
            "holder",
            viewCall(BASE, allowList, "isAllowed(address)"),
            viewCall(BASE, allowList, "alwaysReverts(address)"));
    VerifiedAttestation empty = attestFor("empty", viewCall(BASE, allowList, "isAllowed(address)"));

    assertThat(met(holder)).containsExactly(true, false);
    assertThat(met(empty)).containsExactly(false);
    assertThat(signed(holder, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "evm_view_call",
                "chainId",
                BASE,
                "contractAddress",
                allowList,
                "operator",
                "returns_true",
                "selector",
                "isAllowed(address)"));
  }

  // ---- ratio_to_amount

  @Test
  void ratioToAmount_isMetWhenTheBalanceCoversMultipleTimesAmount() {
    String dUsd = contract(BASE, "token6");

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            ratioToAmount(BASE, dUsd, "2", "750.125"),
            ratioToAmount(BASE, dUsd, "3", "500.1"),
            ratioToAmount(MAINNET, "native", "1.5", "1"),
            ratioToAmount(MAINNET, "native", "1.5", "1.01"));

    assertThat(met(attestation)).containsExactly(true, false, true, false);
    assertThat(signed(attestation, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "ratio_to_amount",
                "chainId",
                BASE,
                "contractAddress",
                dUsd,
                "operator",
                "gte",
                "threshold",
                "1500.25",
                "multiple",
                "2",
                "amount",
                "750.125"));
    assertThat(signed(attestation, 1).get("evaluatedCondition").get("threshold").asText())
        .isEqualTo("1500.3");
  }

  // ---- ratio_to_supply

  @Test
  void ratioToSupply_comparesTheShareOfSupply_andSignsTotalSupplyAndFractionOutsideTheHash() {
    String dUsd = contract(BASE, "token6");
    String usdc = contract(BASE, "usdc");
    // USDC is minted at run time by the purchase tests: the holder's share is read from the chain,
    // the threshold is that share at the head (rounded down), the signed figures are checked at the
    // anchor, so the case holds in any test order.
    BigDecimal headShare =
        share(usdcHeld(usdc, "latest"), usdcSupply(usdc, "latest"))
            .setScale(6, RoundingMode.DOWN)
            .stripTrailingZeros();

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            ratioToSupply(BASE, dUsd, "0.99"),
            ratioToSupply(BASE, dUsd, "0.995"),
            ratioToSupply(BASE, usdc, headShare.toPlainString()));

    assertThat(met(attestation)).containsExactly(true, false, true);
    JsonNode first = signed(attestation, 0);
    assertThat(first.get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "ratio_to_supply",
                "chainId",
                BASE,
                "contractAddress",
                dUsd,
                "operator",
                "gte_fraction",
                "threshold",
                "0.99"));
    // holder 1500.25 of 1510.25 dUSD (delegated7702 holds the other 10)
    assertThat(first.get("totalSupply").asText()).isEqualTo("1510250000");
    assertThat(first.get("fraction").asText())
        .isEqualTo(
            new BigDecimal("1500250000")
                .divide(new BigDecimal("1510250000"), 18, RoundingMode.DOWN)
                .stripTrailingZeros()
                .toPlainString());
    String anchor = signed(attestation, 2).get("blockNumber").asText();
    BigInteger supply = usdcSupply(usdc, anchor);
    assertThat(signed(attestation, 2).get("totalSupply").asText()).isEqualTo(supply.toString());
    assertThat(new BigDecimal(signed(attestation, 2).get("fraction").asText()))
        .isEqualByComparingTo(share(usdcHeld(usdc, anchor), supply));
  }

  private static BigDecimal share(BigInteger held, BigInteger supply) {
    return new BigDecimal(held).divide(new BigDecimal(supply), 18, RoundingMode.DOWN);
  }

  private static BigInteger usdcSupply(String usdc, String block) {
    return JsonRpc.quantity(Devnet.shared().rpc(BASE).ethCall(usdc, "0x18160ddd", block));
  }

  private BigInteger usdcHeld(String usdc, String block) {
    String owner = wallet("holder").substring(2).toLowerCase(java.util.Locale.ROOT);
    return JsonRpc.quantity(
        Devnet.shared().rpc(BASE).ethCall(usdc, "0x70a08231" + "0".repeat(24) + owner, block));
  }

  // ---- account_code

  @Test
  void accountCode_tellsNoCodeAnEip7702DesignatorAndContractCodeApart() {
    VerifiedAttestation holder =
        attestFor(
            "holder",
            accountCode(BASE, "none"),
            accountCode(BASE, "eip7702"),
            accountCode(BASE, "contract"));
    VerifiedAttestation delegated =
        attestFor(
            "delegated7702",
            accountCode(BASE, "none"),
            accountCode(BASE, "eip7702"),
            with(accountCode(BASE, "eip7702"), "delegate", DELEGATOR_CODE),
            with(accountCode(BASE, "eip7702"), "delegate", wallet("holder")),
            accountCode(BASE, "contract"));
    VerifiedAttestation contractAccount =
        attestFor(
            "contractAccount",
            accountCode(BASE, "none"),
            accountCode(BASE, "eip7702"),
            accountCode(BASE, "contract"));

    assertThat(met(holder)).containsExactly(true, false, false);
    assertThat(met(delegated)).containsExactly(false, true, true, false, false);
    assertThat(met(contractAccount)).containsExactly(false, false, true);
    assertThat(signed(holder, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "account_code",
                "chainId",
                BASE,
                "expect",
                "none",
                "operator",
                "code_state"));
    assertThat(signed(delegated, 2).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "account_code",
                "chainId",
                BASE,
                "expect",
                "eip7702",
                "operator",
                "code_state",
                "delegate",
                DELEGATOR_CODE.toLowerCase(Locale.ROOT)));
    String signedText = delegated.results().get(2).asJson().toString();
    assertThat(signedText).doesNotContain("ef0100");
  }

  // ---- eas_attestation

  @Test
  void easTemplates_onBaseAndOptimism_areMetForTheHolder() {
    VerifiedAttestation attestation =
        attestFor(
            "holder",
            template("exchange_verified_account"),
            template("exchange_verified_country"),
            template("exchange_one"),
            template("humanity_passport_score"),
            template("humanity_passport_active"));

    assertThat(met(attestation)).containsExactly(true, true, true, true, true);
    assertThat(attestation.pass()).isTrue();
    assertThat(signed(attestation, 0).get("chainId").asLong()).isEqualTo(BASE);
    assertThat(signed(attestation, 3).get("chainId").asLong()).isEqualTo(OPTIMISM);
    assertThat(signed(attestation, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "eas_attestation",
                "chainId",
                BASE,
                "template",
                "exchange_verified_account",
                "schemaId",
                m.chain(BASE).schemaUid("verifiedAccount"),
                "attester",
                "0x357458739F90461b99789350868CD7CF330Dd7EE",
                "operator",
                "valid_attestation"));
    assertThat(signed(attestation, 3).get("evaluatedCondition").get("schemaId").asText())
        .isEqualTo(m.chain(OPTIMISM).schemaUid("score"));
  }

  @Test
  void passportScore_belowTwenty_isNotMet_butTheActiveTemplateIs() {
    // lowScore holds a valid score attestation of 12.3; the score template needs 20
    VerifiedAttestation attestation =
        attestFor(
            "lowScore", template("humanity_passport_score"), template("humanity_passport_active"));

    assertThat(met(attestation)).containsExactly(false, true);
  }

  @Test
  void easTemplates_withNothingAttested_areNotMet() {
    VerifiedAttestation attestation =
        attestFor(
            "empty", template("exchange_verified_account"), template("humanity_passport_active"));

    assertThat(met(attestation)).containsExactly(false, false);
  }

  @Test
  void easRawForm_readsTheCallersIndexer_andChecksAnAttesterWhenGiven() {
    String schema = m.chain(BASE).schemaUid("verifiedAccount");
    String indexer = contract(BASE, "exchangeIndexer");
    Map<String, Object> raw = rawEas(BASE, schema, indexer);

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            raw,
            with(raw, "attester", "0x357458739F90461b99789350868CD7CF330Dd7EE"),
            with(raw, "attester", wallet("rogueAttester")),
            rawEas(BASE, m.chain(BASE).schemaUid("verifiedCoinbaseOne"), indexer));

    assertThat(met(attestation)).containsExactly(true, true, false, true);
    assertThat(signed(attestation, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "eas_attestation",
                "chainId",
                BASE,
                "schemaId",
                schema,
                "indexer",
                indexer,
                "operator",
                "valid_attestation"));
    assertThat(signed(attestation, 1).get("evaluatedCondition").get("attester").asText())
        .isEqualTo("0x357458739F90461b99789350868CD7CF330Dd7EE");
  }

  @Test
  void easRawForm_onEthereum_readsEasAtItsEthereumAddress_notThePredeploy() {
    // the devnet places EAS where Ethereum has it, not at the OP Stack predeploy
    assertThat(m.chain(1).contracts().get("eas").address())
        .isEqualTo("0xA1207F3BBa224E2c9c3c6D5aF63D0eb1582Ce587");
    assertThat(m.chain(1).contracts().get("eas").atProductionAddress()).isTrue();
    String indexer = contract(1, "rawIndexer");
    String valid = m.chain(1).schemaUid("verifiedAccount");
    Map<String, Object> raw = rawEas(1, valid, indexer);

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            raw,
            with(raw, "attester", wallet("rogueAttester")),
            with(raw, "attester", "0x357458739F90461b99789350868CD7CF330Dd7EE"),
            rawEas(1, m.chain(1).schemaUid("member"), indexer));
    VerifiedAttestation nobody = attestFor("empty", raw);

    assertThat(met(attestation)).containsExactly(true, true, false, false);
    assertThat(signed(attestation, 0).get("chainId").asLong()).isEqualTo(1);
    assertThat(signed(attestation, 0).has("blockNumber")).isTrue();
    assertThat(met(nobody)).containsExactly(false);
  }

  // ---- farcaster_id

  @Test
  void farcasterId_isMetForWalletsWithAnId_andNotOtherwise() {
    VerifiedAttestation holder = attestFor("holder", farcasterId());
    VerifiedAttestation delegated =
        attestFor("delegated7702", with(farcasterId(), "chainId", OPTIMISM));
    VerifiedAttestation empty = attestFor("empty", farcasterId());

    assertThat(met(holder)).containsExactly(true);
    assertThat(met(delegated)).containsExactly(true);
    assertThat(met(empty)).containsExactly(false);
    assertThat(signed(holder, 0).get("evaluatedCondition"))
        .isEqualTo(
            object(
                "type",
                "farcaster_id",
                "chainId",
                OPTIMISM,
                "contractAddress",
                FID_REGISTRY,
                "operator",
                "gt",
                "threshold",
                0));
  }

  // ---- the attestation around the results

  @Test
  void theAttestation_carriesItsIdCountsAndA30MinuteLifetime_inTheDocumentedOrder() {
    Response response =
        attest(
            key,
            body(
                wallet("holder"),
                tokenBalance(BASE, "native", "1"),
                with(tokenBalance(BASE, "native", "100"), "chainId", "8453")));

    VerifiedAttestation attestation = verified(response);
    JsonPath json = response.jsonPath();
    assertThat(json.getMap("data").keySet())
        .containsExactly("attestation", "sig", "kid", "pqSig", "pqKid");
    assertThat(json.getMap("data.attestation").keySet())
        .containsExactly(
            "id", "pass", "results", "passCount", "failCount", "attestedAt", "expiresAt");
    assertThat(attestation.id()).matches("ATST-[0-9A-F]{16}");
    assertThat(json.getInt("data.attestation.passCount")).isEqualTo(1);
    assertThat(json.getInt("data.attestation.failCount")).isEqualTo(1);
    assertThat(Duration.between(attestation.attestedAt(), attestation.expiresAt()))
        .isEqualTo(Duration.ofMinutes(30));
    assertThat(json.getMap("data.attestation.results[0]").keySet())
        .containsExactly(
            "condition",
            "label",
            "type",
            "chainId",
            "met",
            "evaluatedCondition",
            "conditionHash",
            "blockNumber",
            "blockTimestamp");
    // a chain id sent as a string is signed as the number it names
    assertThat(signed(attestation, 1).get("chainId").isNumber()).isTrue();
    assertThat(signed(attestation, 1).get("evaluatedCondition").get("chainId").asLong())
        .isEqualTo(BASE);
    assertThat(json.getMap("meta").keySet())
        .containsExactly("version", "timestamp", "creditsRemaining", "creditsCharged");
  }

  // ---- labels, counts, several chains

  @Test
  void labels_andCounts_followTheRequest() {
    VerifiedAttestation attestation =
        attestFor(
            "holder",
            with(tokenBalance(BASE, "native", "1"), "label", "has gas"),
            with(tokenBalance(BASE, "native", "100"), "label", "is rich"));

    assertThat(signed(attestation, 0).get("label").asText()).isEqualTo("has gas");
    assertThat(signed(attestation, 1).get("label").asText()).isEqualTo("is rich");
    assertThat(signed(attestation, 1).get("condition").asInt()).isEqualTo(1);
    assertThat(met(attestation)).containsExactly(true, false);
  }

  @Test
  void severalChains_inOneCall_areEachReadAtTheirOwnAnchor() {
    Map<Long, Long> before = heads();

    VerifiedAttestation attestation =
        attestFor(
            "holder",
            tokenBalance(MAINNET, contract(MAINNET, "token6"), "1500"),
            tokenBalance(BASE, contract(BASE, "token6"), "1500"),
            tokenBalance(OPTIMISM, contract(OPTIMISM, "token6"), "1500"),
            template("exchange_verified_account"),
            farcasterId(),
            nftOwnership(MAINNET, contract(MAINNET, "nft")));

    Map<Long, Long> after = heads();
    assertThat(met(attestation)).containsOnly(true);
    Map<Long, String> anchorOf = new LinkedHashMap<>();
    for (VerifiedResult result : attestation.results()) {
      JsonNode json = result.asJson();
      long chain = json.get("chainId").asLong();
      long block = Long.decode(json.get("blockNumber").asText());
      assertThat(block).as("chain %d", chain).isBetween(before.get(chain), after.get(chain));
      String anchor = json.get("blockNumber").asText() + " " + json.get("blockTimestamp").asText();
      assertThat(anchorOf.computeIfAbsent(chain, c -> anchor))
          .as("one anchor per chain")
          .isEqualTo(anchor);
      JsonNode header = Devnet.shared().rpc(chain).block(JsonRpc.tag(block));
      assertThat(java.time.Instant.parse(json.get("blockTimestamp").asText()).getEpochSecond())
          .isEqualTo(Long.decode(header.get("timestamp").asText()));
    }
    assertThat(anchorOf.keySet()).containsExactly(MAINNET, BASE, OPTIMISM);
  }

  private static Map<Long, Long> heads() {
    Map<Long, Long> heads = new LinkedHashMap<>();
    for (long chain : List.of(MAINNET, BASE, OPTIMISM)) {
      heads.put(chain, Devnet.shared().rpc(chain).blockNumber());
    }
    return heads;
  }
}
