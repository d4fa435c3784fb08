package org.walletstate.application.attest.port.in.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.FarcasterId;
import org.walletstate.domain.attest.condition.NftOwnership;
import org.walletstate.domain.attest.condition.RatioToAmount;
import org.walletstate.domain.attest.condition.TokenBalance;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.payload.KeyVersion;

/** Every 400 rule a single condition can break, with the message the caller reads. */
public class ConditionRulesTest {

  public static final String WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
  public static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

  public static AttestRequest parse(KeyVersion key, String condition) {
    return AttestCommands.parse(
            Json.object("{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + condition + "]}"), key)
        .request();
  }

  public static Condition<?> accepted(String condition) {
    return parse(KeyVersion.V2, condition).conditions().get(0).condition();
  }

  public static void refused(String condition, String message) {
    refused(KeyVersion.V2, condition, message);
  }

  public static void refused(KeyVersion key, String condition, String message) {
    assertThatThrownBy(() -> parse(key, condition))
        .isInstanceOf(ValidationException.class)
        .hasMessage(message);
  }

  @Nested
  class Types {
    @Test
    void typeIsRequired() {
      refused("{\"chainId\":1}", "conditions[0].type is required");
    }

    @Test
    void typeIsAString() {
      refused("{\"type\":7}", "conditions[0].type must be a string, not a number");
    }

    @Test
    void unknownTypesAreNamedWithTheKnownOnes() {
      refused(
          "{\"type\":\"token_ownership\"}",
          "conditions[0].type \"token_ownership\" is not a condition type; use one of"
              + " token_balance, nft_ownership, eas_attestation, farcaster_id, evm_view_call,"
              + " ratio_to_amount, ratio_to_supply, erc8004_agent, erc7710_delegation,"
              + " account_code");
    }

    @Test
    void aConditionIsAnObject() {
      refused("\"token_balance\"", "conditions[0] must be an object, not a string");
    }
  }

  @Nested
  class Chains {
    @Test
    void unsupportedChainIdsAreRefused() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":999,\"contractAddress\":\"native\","
              + "\"threshold\":\"1\"}",
          "conditions[0].chainId 999 is not a supported chain");
    }

    @Test
    void retiredChainIdsAreRefusedByName() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1284,\"contractAddress\":\"native\","
              + "\"threshold\":\"1\"}",
          "conditions[0].chainId 1284 (Moonbeam) is retired and no longer supported");
      refused(
          "{\"type\":\"nft_ownership\",\"chainId\":\"1285\",\"contractAddress\":\"" + USDC + "\"}",
          "conditions[0].chainId 1285 (Moonriver) is retired and no longer supported");
    }

    @Test
    void chainIdIsRequired() {
      refused(
          "{\"type\":\"account_code\",\"expect\":\"none\"}", "conditions[0].chainId is required");
    }

    @Test
    void chainIdIsANumberOrAString() {
      refused(
          "{\"type\":\"account_code\",\"chainId\":true,\"expect\":\"none\"}",
          "conditions[0].chainId must be an integer chain id or a chain name, not a boolean");
    }

    @Test
    void digitStringChainIdsAreAccepted() {
      assertThat(
              accepted("{\"type\":\"account_code\",\"chainId\":\"8453\",\"expect\":\"none\"}")
                  .chain()
                  .name())
          .isEqualTo("Base");
    }

    @ParameterizedTest
    @ValueSource(strings = {"account_code", "evm_view_call", "ratio_to_supply", "eas_attestation"})
    void nonEvmChainsAreRefusedOnEvmOnlyTypes(String type) {
      refused(
          "{\"type\":\""
              + type
              + "\",\"chainId\":\"solana\",\"expect\":\"none\",\"contractAddress\":\""
              + USDC
              + "\",\"selector\":\"isMember(address)\",\"minFraction\":\"0.1\"}",
          "conditions[0].chainId solana is not an EVM chain; " + type + " is EVM only");
    }

    @Test
    void xrplRatioToAmount_followsTokenBalancesExactnessRules() {
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":\"native\","
              + "\"multiple\":\"2\",\"amount\":\"0.0000001\"}",
          "conditions[0].amount 0.0000001 has more decimal places than the token's own decimals"
              + " (6)");
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":"
              + "\"rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q\",\"currency\":\"USD\",\"multiple\":\"2\","
              + "\"amount\":\"1\",\"decimals\":6}",
          "conditions[0].decimals does not apply: XRPL trust-line tokens have no decimals on the"
              + " ledger (amounts are in the token's own units); leave it out");
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":\"native\","
              + "\"multiple\":\"2\",\"amount\":\"1\",\"decimals\":18}",
          "conditions[0].decimals 18 does not match the token's own decimals (6)");
    }

    @Test
    void bitcoinSupportsOnlyNativeTokenBalance() {
      refused(
          "{\"type\":\"nft_ownership\",\"chainId\":\"bitcoin\",\"contractAddress\":\"native\"}",
          "conditions[0].chainId bitcoin supports only token_balance with contractAddress native");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tron", "stellar", "sui"})
    void tronStellarAndSuiSupportOnlyTokenBalance(String chain) {
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":\""
              + chain
              + "\",\"contractAddress\":\"native\",\"multiple\":\"2\",\"amount\":\"1\"}",
          "conditions[0].chainId " + chain + " supports only token_balance");
    }
  }

  @Nested
  class ContractAddresses {
    @Test
    void contractAddressIsRequired() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1,\"threshold\":\"1\"}",
          "conditions[0].contractAddress is required");
    }

    @Test
    void malformedAddressesAreRefused() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\"0x1234\","
              + "\"threshold\":\"1\"}",
          "conditions[0].contractAddress must be an EVM address (0x followed by 40 hex digits),"
              + " got \"0x1234\"");
    }

    @Test
    void mixedCaseAddressesMustCarryTheirChecksum() {
      refused(
          "{\"type\":\"nft_ownership\",\"chainId\":1,"
              + "\"contractAddress\":\"0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48\"}",
          "conditions[0].contractAddress 0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48 has an invalid"
              + " EIP-55 checksum (expected 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)");
    }

    @Test
    void contractAddressIsAString() {
      refused(
          "{\"type\":\"nft_ownership\",\"chainId\":1,\"contractAddress\":42}",
          "conditions[0].contractAddress must be a string, not a number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nft_ownership", "ratio_to_supply", "evm_view_call"})
    void nativeIsRefusedWhereOnlyAContractMakesSense(String type) {
      refused(
          "{\"type\":\""
              + type
              + "\",\"chainId\":1,\"contractAddress\":\"native\",\"minFraction\":\"0.1\","
              + "\"selector\":\"isMember(address)\"}",
          "conditions[0].contractAddress native is not allowed on "
              + type
              + " (native is valid only for token_balance and ratio_to_amount)");
    }

    @Test
    void nativeIsAcceptedOnTokenBalanceAndRatioToAmount() {
      assertThat(
              ((TokenBalance)
                      accepted(
                          "{\"type\":\"token_balance\",\"chainId\":1,"
                              + "\"contractAddress\":\"native\",\"threshold\":\"1\"}"))
                  .asset())
          .isEqualTo(new Asset.Native());
      assertThat(
              ((RatioToAmount)
                      accepted(
                          "{\"type\":\"ratio_to_amount\",\"chainId\":1,"
                              + "\"contractAddress\":\"native\",\"multiple\":\"3\","
                              + "\"amount\":\"0.5\"}"))
                  .asset())
          .isEqualTo(new Asset.Native());
    }
  }

  @Nested
  class Amounts {
    @ParameterizedTest
    @ValueSource(strings = {"threshold", "multiple", "amount", "minFraction"})
    void numbersAreRefusedOnV2Keys(String field) {
      refused(
          KeyVersion.V2,
          amountCondition(field, "1"),
          "conditions[0]."
              + field
              + " must be a decimal string on this key (numbers are accepted only on v1 keys)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"threshold", "multiple", "amount", "minFraction"})
    void numbersAndStringsAreAcceptedOnV1Keys(String field) {
      assertThat(parse(KeyVersion.V1, amountCondition(field, "1")).conditions()).hasSize(1);
      assertThat(parse(KeyVersion.V1, amountCondition(field, "\"1\"")).conditions()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"threshold", "multiple", "amount", "minFraction"})
    void zeroIsRefused(String field) {
      refused(
          amountCondition(field, "\"0\""),
          "conditions[0]." + field + " must be greater than 0, got \"0\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"threshold", "multiple", "amount", "minFraction"})
    void negativeV1NumbersAreRefused(String field) {
      refused(
          KeyVersion.V1,
          amountCondition(field, "-1"),
          "conditions[0]." + field + " must be greater than 0, got -1");
    }

    @Test
    void decimalStringsOverFourHundredCharactersAreRefused() {
      refused(
          amountCondition("threshold", "\"" + "9".repeat(401) + "\""),
          "conditions[0].threshold must be at most 400 characters long (got 401)");
    }

    @Test
    void malformedDecimalStringsAreRefused() {
      refused(
          amountCondition("multiple", "\"1e3\""),
          "conditions[0].multiple must be a plain decimal string such as \"1.5\" (digits with an"
              + " optional fractional part; no sign, exponent or spaces), got \"1e3\"");
    }

    @Test
    void amountsAreRequired() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\"native\"}",
          "conditions[0].threshold is required");
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":1,\"contractAddress\":\"native\","
              + "\"amount\":\"1\"}",
          "conditions[0].multiple is required");
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":1,\"contractAddress\":\"native\","
              + "\"multiple\":\"1\"}",
          "conditions[0].amount is required");
      refused(
          "{\"type\":\"ratio_to_supply\",\"chainId\":1,\"contractAddress\":\"" + USDC + "\"}",
          "conditions[0].minFraction is required");
    }

    @Test
    void minFractionIsAtMostOne() {
      refused(
          amountCondition("minFraction", "\"1.0000001\""),
          "conditions[0].minFraction must be a fraction greater than 0 and at most 1, got"
              + " 1.0000001");
      assertThat(parse(KeyVersion.V2, amountCondition("minFraction", "\"1.000\"")).conditions())
          .hasSize(1);
    }

    @Test
    void nativeAmountsFinerThanTheNativeDecimalsAreRefusedAtOnce() {
      refused(
          "{\"type\":\"ratio_to_amount\",\"chainId\":1,\"contractAddress\":\"native\","
              + "\"multiple\":\"2\",\"amount\":\"0.0000000000000000001\"}",
          "conditions[0].amount 0.0000000000000000001 has more decimal places than the token's"
              + " own decimals (18)");
    }

    @Test
    void aThresholdFinerThanTheTokenIsNotRefused() {
      assertThat(
              accepted(
                  "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\"native\","
                      + "\"threshold\":\"0.0000000000000000000001\"}"))
          .isInstanceOf(TokenBalance.class);
    }

    private String amountCondition(String field, String value) {
      return switch (field) {
        case "threshold" ->
            "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
                + USDC
                + "\",\"threshold\":"
                + value
                + "}";
        case "minFraction" ->
            "{\"type\":\"ratio_to_supply\",\"chainId\":1,\"contractAddress\":\""
                + USDC
                + "\",\"minFraction\":"
                + value
                + "}";
        default ->
            "{\"type\":\"ratio_to_amount\",\"chainId\":1,\"contractAddress\":\""
                + USDC
                + "\",\"multiple\":"
                + (field.equals("multiple") ? value : "\"2\"")
                + ",\"amount\":"
                + (field.equals("amount") ? value : "\"2\"")
                + "}";
      };
    }
  }

  @Nested
  class Decimals {
    @Test
    void decimalsAreAnIntegerFromZeroToOneHundred() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
              + USDC
              + "\",\"threshold\":\"1\",\"decimals\":101}",
          "conditions[0].decimals must be an integer from 0 to 100 (a number or a digit string),"
              + " got 101");
      refused(
          "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
              + USDC
              + "\",\"threshold\":\"1\",\"decimals\":[6]}",
          "conditions[0].decimals must be an integer from 0 to 100 (a number or a digit string),"
              + " not an array");
    }

    @Test
    void decimalsAreAcceptedAsNumbersOrDigitStringsOnEveryKey() {
      TokenBalance balance =
          (TokenBalance)
              accepted(
                  "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
                      + USDC
                      + "\",\"threshold\":\"1\",\"decimals\":\"6\"}");
      assertThat(balance.declaredDecimals())
          .hasValueSatisfying(d -> assertThat(d.value()).isEqualTo(6));
      assertThat(
              accepted(
                  "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\""
                      + USDC
                      + "\",\"threshold\":\"1\",\"decimals\":6}"))
          .isInstanceOf(TokenBalance.class);
    }

    @Test
    void aStatedNativeDecimalsThatIsNotTheChainsIsRefusedNamingTheRealOne() {
      refused(
          "{\"type\":\"token_balance\",\"chainId\":8453,\"contractAddress\":\"native\","
              + "\"threshold\":\"1\",\"decimals\":6}",
          "conditions[0].decimals 6 does not match the token's own decimals (18)");
    }
  }

  @Nested
  class ViewCalls {
    @Test
    void selectorIsRequired() {
      refused(
          "{\"type\":\"evm_view_call\",\"chainId\":1,\"contractAddress\":\"" + USDC + "\"}",
          "conditions[0].selector is required");
    }

    @Test
    void selectorIsTheCanonicalSignature() {
      refused(
          "{\"type\":\"evm_view_call\",\"chainId\":1,\"contractAddress\":\""
              + USDC
              + "\",\"selector\":\"0x33c0a427\"}",
          "conditions[0].selector must be the canonical signature of a view function taking one"
              + " address, such as \"isMember(address)\" (no spaces or parameter names), got"
              + " \"0x33c0a427\"");
    }
  }

  @Nested
  class AccountCodes {
    @Test
    void expectIsRequiredAndOneOfThree() {
      refused("{\"type\":\"account_code\",\"chainId\":1}", "conditions[0].expect is required");
      refused(
          "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\"eoa\"}",
          "conditions[0].expect must be one of none, eip7702, contract, got \"eoa\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "contract"})
    void delegateGoesOnlyWithEip7702(String expect) {
      refused(
          "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\""
              + expect
              + "\",\"delegate\":\""
              + USDC
              + "\"}",
          "conditions[0].delegate is allowed only with expect eip7702 (expect is " + expect + ")");
    }

    @Test
    void delegateIsAnEvmAddress() {
      refused(
          "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\"eip7702\",\"delegate\":\"0x1\"}",
          "conditions[0].delegate must be an EVM address (0x followed by 40 hex digits), got"
              + " \"0x1\"");
    }
  }

  @Nested
  class EasAttestations {
    private static final String SCHEMA =
        "0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9";
    private static final String INDEXER = "0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C";

    @Test
    void theRawFormNeedsAnIndexer() {
      refused(
          "{\"type\":\"eas_attestation\",\"chainId\":8453,\"schemaId\":\"" + SCHEMA + "\"}",
          "conditions[0].indexer is required for an eas_attestation without template");
    }

    @Test
    void theRawFormNeedsASchema() {
      refused(
          "{\"type\":\"eas_attestation\",\"chainId\":8453,\"indexer\":\"" + INDEXER + "\"}",
          "conditions[0].schemaId is required");
      refused(
          "{\"type\":\"eas_attestation\",\"chainId\":8453,\"schemaId\":\"0x1234\","
              + "\"indexer\":\""
              + INDEXER
              + "\"}",
          "conditions[0].schemaId must be 32 bytes as 0x followed by 64 hex digits, got"
              + " \"0x1234\"");
    }

    @Test
    void theRawFormNeedsAChainWhereEasIsRead() {
      refused(
          "{\"type\":\"eas_attestation\",\"schemaId\":\""
              + SCHEMA
              + "\",\"indexer\":\""
              + INDEXER
              + "\"}",
          "conditions[0].chainId is required");
      refused(
          "{\"type\":\"eas_attestation\",\"chainId\":56,\"schemaId\":\""
              + SCHEMA
              + "\",\"indexer\":\""
              + INDEXER
              + "\"}",
          "conditions[0].chainId 56: EAS is not deployed on this chain; eas_attestation is read"
              + " where it is: chains 1, 10, 130, 137, 324, 1868, 8453, 42161, 42220, 57073, 59144,"
              + " 81457, 534352 (docs/chains.md lists each deployment)");
    }

    @Test
    void theAttesterIsAnAddress() {
      refused(
          "{\"type\":\"eas_attestation\",\"chainId\":10,\"schemaId\":\""
              + SCHEMA
              + "\",\"indexer\":\""
              + INDEXER
              + "\",\"attester\":\"someone\"}",
          "conditions[0].attester must be an EVM address (0x followed by 40 hex digits), got"
              + " \"someone\"");
    }

    @Test
    void unknownTemplatesAreNamedWithTheKnownOnes() {
      refused(
          "{\"type\":\"eas_attestation\",\"template\":\"kyc\"}",
          "conditions[0].template \"kyc\" is not a compliance template; use one of"
              + " exchange_verified_account, exchange_verified_country, exchange_one,"
              + " humanity_passport_score, humanity_passport_active");
    }

    @ParameterizedTest
    @ValueSource(strings = {"schemaId", "attester", "indexer"})
    void aTemplateFixesSchemaAttesterAndIndexer(String member) {
      refused(
          "{\"type\":\"eas_attestation\",\"template\":\"exchange_one\",\""
              + member
              + "\":\""
              + SCHEMA
              + "\"}",
          "conditions[0]."
              + member
              + " cannot be combined with template (the template fixes schema, attester and"
              + " indexer)");
    }

    @Test
    void aTemplatesChainMayBeRepeatedButNotContradicted() {
      assertThat(
              accepted(
                      "{\"type\":\"eas_attestation\",\"template\":\"humanity_passport_score\","
                          + "\"chainId\":10}")
                  .chain()
                  .name())
          .isEqualTo("OP Mainnet");
      refused(
          "{\"type\":\"eas_attestation\",\"template\":\"exchange_one\",\"chainId\":10}",
          "conditions[0].chainId 10 does not match template exchange_one, which is read on chain"
              + " 8453");
    }
  }

  @Nested
  class FarcasterIds {
    @Test
    void needsNoChainIdAndIsReadOnOpMainnet() {
      assertThat(accepted("{\"type\":\"farcaster_id\"}").chain().name()).isEqualTo("OP Mainnet");
      assertThat(accepted("{\"type\":\"farcaster_id\",\"chainId\":10}"))
          .isInstanceOf(FarcasterId.class);
    }

    @Test
    void refusesAnotherChain() {
      refused(
          "{\"type\":\"farcaster_id\",\"chainId\":8453}",
          "conditions[0].chainId 8453 is not where farcaster_id is read; leave chainId out or"
              + " send 10");
    }
  }

  @Nested
  class Labels {
    @Test
    void anAbsentLabelIsEmpty() {
      assertThat(parse(KeyVersion.V2, "{\"type\":\"farcaster_id\"}").conditions().get(0).label())
          .isEmpty();
      assertThat(
              parse(KeyVersion.V2, "{\"type\":\"farcaster_id\",\"label\":null}")
                  .conditions()
                  .get(0)
                  .label())
          .isEmpty();
    }

    @Test
    void aLabelIsAString() {
      refused(
          "{\"type\":\"farcaster_id\",\"label\":3}",
          "conditions[0].label must be a string, not a number");
    }

    @Test
    void aLabelHasAtMostOneHundredCharacters() {
      String hundred = "é".repeat(100);
      assertThat(
              parse(KeyVersion.V2, "{\"type\":\"farcaster_id\",\"label\":\"" + hundred + "\"}")
                  .conditions()
                  .get(0)
                  .label())
          .isEqualTo(hundred);
      refused(
          "{\"type\":\"farcaster_id\",\"label\":\"" + "x".repeat(101) + "\"}",
          "conditions[0].label must be at most 100 characters long (got 101)");
    }

    @Test
    void aLabelIsWellFormedUnicode() {
      refused(
          "{\"type\":\"farcaster_id\",\"label\":\"\\ud800\"}",
          "conditions[0].label must be valid Unicode text");
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"type\":\"evm_view_call\",\"chainId\":1,\"contractAddress\":\"%s\",\"selector\":1}|selector",
        "{\"type\":\"account_code\",\"chainId\":1,\"expect\":3}|expect",
        "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\"eip7702\",\"delegate\":1}|delegate",
        "{\"type\":\"eas_attestation\",\"template\":1}|template",
        "{\"type\":\"eas_attestation\",\"chainId\":10,\"schemaId\":1}|schemaId",
        "{\"type\":\"eas_attestation\",\"chainId\":10,\"schemaId\":\"0x%s\",\"indexer\":1}|indexer",
        "{\"type\":\"eas_attestation\",\"chainId\":10,\"schemaId\":\"0x%s\",\"indexer\":\"%s\",\"attester\":1}|attester"
      })
  void everyTextMemberMustBeAString(String caseText) {
    String[] parts = caseText.split("\\|");
    String condition = parts[0].replaceFirst("0x%s", "0x" + "ab".repeat(32)).replace("%s", USDC);

    refused(condition, "conditions[0]." + parts[1] + " must be a string, not a number");
  }

  @Test
  void membersATypeDoesNotUseAreIgnored() {
    NftOwnership nft =
        (NftOwnership)
            accepted(
                "{\"type\":\"nft_ownership\",\"chainId\":1,\"contractAddress\":\""
                    + USDC
                    + "\",\"threshold\":\"5\"}");

    assertThat(Json.write(nft.evaluatedCondition()))
        .contains("\"operator\":\"gt\",\"threshold\":0");
  }

  @Test
  void aMemberOutsideTheInterfacesConditionMembersIsRefused() {
    refused(
        "{\"type\":\"nft_ownership\",\"chainId\":1,\"contractAddress\":\""
            + USDC
            + "\",\"threshold\":\"5\",\"colour\":\"blue\"}",
        "conditions[0].colour is not a condition member (an unknown member is refused so that a"
            + " misspelt one never drops the rule it names)");
    refused(
        "{\"type\":\"eas_attestation\",\"chainId\":8453,\"template\":\"kyc\","
            + "\"atester\":\"0x0000000000000000000000000000000000000001\"}",
        "conditions[0].atester is not a condition member (an unknown member is refused so that a"
            + " misspelt one never drops the rule it names)");
  }

  @Test
  void messagesNameTheIndexOfTheConditionThatBreaksTheRule() {
    assertThatThrownBy(
            () ->
                AttestCommands.parse(
                    Json.object(
                        "{\"wallet\":\""
                            + WALLET
                            + "\",\"conditions\":[{\"type\":\"farcaster_id\"},"
                            + "{\"type\":\"farcaster_id\"},{\"type\":\"account_code\","
                            + "\"chainId\":1,\"expect\":\"none\",\"delegate\":\""
                            + USDC
                            + "\"}]}"),
                    KeyVersion.V2))
        .hasMessageStartingWith("conditions[2].delegate");
  }
}
