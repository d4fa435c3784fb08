package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.condition.ConditionRulesTest;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.delegation.Delegation;
import org.walletstate.domain.evm.delegation.DelegationManager;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The delegation condition's verdict, failReason order, extras and 400 rules. The EOA path uses the
 * delegation toolkit's own signed vector; the ERC-1271 path a contract delegator whose {@code
 * isValidSignature} answer is set up.
 */
public class Erc7710DelegationTest {

  // the toolkit's vector (see DelegationTest)
  static final String TOOLKIT_DELEGATOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
  static final String TOOLKIT_DELEGATE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  static final String TOOLKIT_SIGNATURE =
      "0x4fbea68dba382c266bd714495536f1c60497e0885db3137873516c3cc30fa2eb"
          + "00deb05f62dd34eb687880b062b1b25262d395be17c1128f770ead453870ca431c";
  static final String USDC_AMOUNT_TERMS =
      "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"
          + "00000000000000000000000000000000000000000000000000000000000f4240";
  static final String VECTOR_CAVEATS =
      "[{\"enforcer\":\"0x92Bf12322527cAA612fd31a0e810472BBB106A8F\",\"terms\":\"0x"
          + "00".repeat(32)
          + "\",\"args\":\"0x00\"},"
          + "{\"enforcer\":\"0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc\",\"terms\":\""
          + USDC_AMOUNT_TERMS
          + "\",\"args\":\"0x00\"}]";

  static final String M130 = "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3";
  static final String M110 = "0x56D56e07e3d6Ee5a24e30203A37a0a460f42D7A3";
  static final String CONTRACT_DELEGATOR = "0x610178dA211FEF7D417bC0e6FeD39F05609AD788";
  static final String TIMESTAMP_130 = "0x1046bb45C8d673d4ea75321280DB34899413c069";
  static final Instant BLOCK_TIME = FakeEvm.DEFAULT_BLOCK.timestamp();

  static String condition(
      String manager,
      String expected,
      String delegator,
      String delegate,
      String caveats,
      String signature) {
    return "{\"type\":\"erc7710_delegation\",\"chainId\":8453,\"delegationManager\":\""
        + manager
        + "\",\"expectedDelegator\":\""
        + expected
        + "\",\"delegation\":{\"delegator\":\""
        + delegator
        + "\",\"delegate\":\""
        + delegate
        + "\",\"authority\":\"0x"
        + "f".repeat(64)
        + "\",\"caveats\":"
        + caveats
        + ",\"salt\":\"0x01\",\"signature\":\""
        + signature
        + "\"}}";
  }

  /** The toolkit's signed vector as a condition object for {@code manager}. */
  public static String vectorCondition(String manager) {
    return condition(
        manager,
        TOOLKIT_DELEGATOR,
        TOOLKIT_DELEGATOR,
        TOOLKIT_DELEGATE,
        VECTOR_CAVEATS,
        TOOLKIT_SIGNATURE);
  }

  static AttestScenario request(String wallet, String extra, String... conditions) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + wallet
            + "\""
            + extra
            + ",\"conditions\":["
            + String.join(",", conditions)
            + "]}");
  }

  static Erc7710Delegation parsed(AttestScenario scenario) {
    return (Erc7710Delegation) scenario.attestRequest().conditions().get(0).condition();
  }

  static FakeEvm notRevoked(Erc7710Delegation condition) {
    return revoked(condition, false);
  }

  static FakeEvm revoked(Erc7710Delegation condition, boolean revoked) {
    return FakeEvm.chain()
        .answer(
            new EvmRead.DelegationDisabled(
                condition.manager().address(), condition.delegationHash()),
            ReadOutcome.data(FakeEvm.word(revoked ? 1 : 0)));
  }

  static ConditionResult evaluated(AttestScenario scenario, FakeEvm chain) {
    return scenario.on(8453, chain).result();
  }

  static String reason(ConditionResult result) {
    PayloadValue reason = result.extras().get("failReason");
    return reason == null ? null : ((PayloadValue.Text) reason).value();
  }

  // ---- the EOA path, on the toolkit's own signed delegation

  @Test
  void theToolkitsDelegation_verifiesByEoaRecovery_andFailsOnlyOnItsValueLteCaveat() {
    AttestScenario scenario = request(TOOLKIT_DELEGATE, "", vectorCondition(M130));
    ConditionResult result = evaluated(scenario, notRevoked(parsed(scenario)));

    assertThat(result.met()).isFalse();
    assertThat(Json.write(result.extras()))
        .isEqualTo(
            "{\"signatureType\":\"eoa\","
                + "\"unrecognizedEnforcers\":[\"0x92Bf12322527cAA612fd31a0e810472BBB106A8F\"],"
                + "\"failReason\":\"unknown_caveat_enforcer\","
                + "\"declaredLimits\":[{\"kind\":\"erc20_transfer_amount\","
                + "\"enforcer\":\"0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc\","
                + "\"terms\":\""
                + USDC_AMOUNT_TERMS
                + "\",\"token\":\"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\","
                + "\"maxAmount\":\"1000000\"}]}");
    assertThat(Json.write(result.evaluatedCondition()))
        .isEqualTo(
            "{\"type\":\"erc7710_delegation\",\"chainId\":8453,"
                + "\"contractAddress\":\"0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3\","
                + "\"operator\":\"root_delegation\","
                + "\"delegationHash\":"
                + "\"0x2f8f7b719685779f43de9baf925ddaa1d78b9932c307684eca3c14a884359b8e\","
                + "\"delegator\":\"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266\","
                + "\"delegate\":\"0x70997970c51812dc3a010c7d01b50e0d17dc79c8\"}");
  }

  @Test
  void aSignatureForAnotherManager_isInvalid() {
    AttestScenario scenario = request(TOOLKIT_DELEGATE, "", vectorCondition(M110));
    ConditionResult result = evaluated(scenario, notRevoked(parsed(scenario)));
    assertThat(result.met()).isFalse();
    assertThat(reason(result)).isEqualTo("invalid_signature");
    assertThat(result.extras().get("signatureType")).isEqualTo(PayloadValue.text("eoa"));
    assertThat(result.extras().get("declaredLimits")).isNull();
  }

  @Test
  void anotherWallet_isADelegateMismatch_beforeAnyRead() {
    AttestScenario scenario = request(ConditionRulesTest.WALLET, "", vectorCondition(M130));
    ConditionResult result = evaluated(scenario, FakeEvm.chain());
    assertThat(reason(result)).isEqualTo("delegate_mismatch");
    assertThat(Json.write(result.extras())).isEqualTo("{\"failReason\":\"delegate_mismatch\"}");
  }

  @Test
  void anotherExpectedDelegator_isAPrincipalMismatch() {
    AttestScenario scenario =
        request(
            TOOLKIT_DELEGATE,
            "",
            condition(
                M130,
                ConditionRulesTest.WALLET,
                TOOLKIT_DELEGATOR,
                TOOLKIT_DELEGATE,
                VECTOR_CAVEATS,
                TOOLKIT_SIGNATURE));
    assertThat(reason(evaluated(scenario, FakeEvm.chain()))).isEqualTo("principal_mismatch");
  }

  @Test
  void aRevokedDelegation_isRevoked_withoutDeclaredLimits() {
    AttestScenario scenario = request(TOOLKIT_DELEGATE, "", vectorCondition(M130));
    ConditionResult result = evaluated(scenario, revoked(parsed(scenario), true));
    assertThat(reason(result)).isEqualTo("revoked");
    assertThat(result.extras().get("declaredLimits")).isNull();
  }

  @Test
  void aDelegatorWithoutCode_andNoEcdsaSignature_isNotDeployed_andNoSignatureIsEvaluated() {
    String multisig = "0x" + TOOLKIT_SIGNATURE.substring(2).repeat(2);
    AttestScenario scenario =
        request(
            TOOLKIT_DELEGATE,
            "",
            condition(
                M130, TOOLKIT_DELEGATOR, TOOLKIT_DELEGATOR, TOOLKIT_DELEGATE, "[]", multisig));
    ConditionResult result = evaluated(scenario, notRevoked(parsed(scenario)));
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"failReason\":\"delegator_not_deployed\"}");
  }

  // ---- the ERC-1271 path, every declared-limit kind, time windows

  static String allKindsCaveats(long after, long before) {
    String word = "%064x";
    return "[{\"enforcer\":\""
        + TIMESTAMP_130
        + "\",\"terms\":\"0x"
        + String.format("%032x%032x", after, before)
        + "\"},{\"enforcer\":\"0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc\",\"terms\":\""
        + USDC_AMOUNT_TERMS
        + "\"},{\"enforcer\":\"0xF71af580b9c3078fbc2BBF16FbB8EEd82b330320\",\"terms\":\"0x"
        + String.format(word, 100_000_000_000_000_000L)
        + "\"},{\"enforcer\":\"0x7F20f61b1f09b08D970938F6fa563634d65c4EeB\",\"terms\":\""
        + "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913f39fd6e51aad88f6f4ce6ab8827279cfffb92266"
        + "\"},{\"enforcer\":\"0x04658B29F6b82ed55274221a06Fc97D318E25416\",\"terms\":\"0x"
        + String.format(word, 5)
        + "\"}]";
  }

  static AttestScenario contractDelegation(String extra, long after, long before) {
    return request(
        TOOLKIT_DELEGATE,
        extra,
        condition(
            M130,
            CONTRACT_DELEGATOR,
            CONTRACT_DELEGATOR,
            TOOLKIT_DELEGATE,
            allKindsCaveats(after, before),
            "0x" + "ab".repeat(65)));
  }

  static FakeEvm contractAnswering(Erc7710Delegation condition, ReadOutcome isValidSignature) {
    Delegation d = condition.delegation();
    return notRevoked(condition)
        .code(d.delegator(), Bytes.fromHex("0x6080"))
        .answer(
            new EvmRead.Erc1271Signature(
                d.delegator(), d.digest(8453, condition.manager().address()), d.signature()),
            isValidSignature);
  }

  static ReadOutcome magic() {
    return ReadOutcome.data(EvmRead.Erc1271Signature.MAGIC_VALUE.bytes());
  }

  @Test
  void aContractDelegatorThatAcceptsTheSignature_isMet_andEveryKindIsDeclared() {
    long now = BLOCK_TIME.getEpochSecond();
    AttestScenario scenario = contractDelegation("", now - 1, now + 1);
    ConditionResult result = evaluated(scenario, contractAnswering(parsed(scenario), magic()));

    assertThat(result.met()).isTrue();
    assertThat(result.extras().get("signatureType")).isEqualTo(PayloadValue.text("erc1271"));
    assertThat(result.extras().get("failReason")).isNull();
    String limits = Json.write(result.extras().get("declaredLimits"));
    assertThat(limits)
        .contains(
            "{\"kind\":\"timestamp\",\"enforcer\":\"" + TIMESTAMP_130 + "\",\"terms\":\"0x",
            "\"timestampAfter\":\"" + (now - 1) + "\",\"timestampBefore\":\"" + (now + 1) + "\"}",
            "\"kind\":\"native_transfer_amount\"",
            "\"maxAmount\":\"100000000000000000\"",
            "\"kind\":\"allowed_targets\"",
            "\"targets\":[\"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\","
                + "\"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\"]",
            "{\"kind\":\"limited_calls\",\"enforcer\":\"0x04658B29F6b82ed55274221a06Fc97D318E25416\"",
            "\"maxCalls\":\"5\"}");
  }

  @Test
  void aContractDelegatorThatRejectsOrReverts_isAnInvalidSignature() {
    long now = BLOCK_TIME.getEpochSecond();
    AttestScenario rejects = contractDelegation("", 0, 0);
    assertThat(
            reason(
                evaluated(
                    rejects,
                    contractAnswering(parsed(rejects), ReadOutcome.data(FakeEvm.word(now))))))
        .isEqualTo("invalid_signature");
    AttestScenario reverts = contractDelegation("", 0, 0);
    assertThat(
            reason(evaluated(reverts, contractAnswering(parsed(reverts), ReadOutcome.reverted()))))
        .isEqualTo("invalid_signature");
  }

  @Test
  void timeWindows_areStrictOnBothSides_atTheAnchoredBlock() {
    long now = BLOCK_TIME.getEpochSecond();
    for (long[] window : new long[][] {{now, 0}, {0, now}, {now + 10, now + 20}, {1, now - 1}}) {
      AttestScenario scenario = contractDelegation("", window[0], window[1]);
      ConditionResult result = evaluated(scenario, contractAnswering(parsed(scenario), magic()));
      assertThat(reason(result))
          .as("window %s..%s", window[0], window[1])
          .isEqualTo("outside_time_window");
      assertThat(result.extras().get("declaredLimits")).isNotNull();
    }
    AttestScenario open = contractDelegation("", now - 1, 0);
    assertThat(evaluated(open, contractAnswering(parsed(open), magic())).met()).isTrue();
  }

  @Test
  void omit_dropsTheLimits_andKeepsMetAndTheConditionHash() {
    long now = BLOCK_TIME.getEpochSecond();
    AttestScenario included = contractDelegation("", now - 1, now + 1);
    AttestScenario omitted = contractDelegation(",\"declaredLimits\":\"omit\"", now - 1, now + 1);
    ConditionResult with = evaluated(included, contractAnswering(parsed(included), magic()));
    ConditionResult without = evaluated(omitted, contractAnswering(parsed(omitted), magic()));

    assertThat(without.met()).isEqualTo(with.met()).isTrue();
    assertThat(Json.conditionHash(without.evaluatedCondition()))
        .isEqualTo(Json.conditionHash(with.evaluatedCondition()));
    assertThat(Json.write(without.extras()))
        .isEqualTo("{\"signatureType\":\"erc1271\",\"declaredLimitsOmitted\":true}");
  }

  @Test
  void failedReads_areUnavailable_neverNotMet() {
    AttestScenario scenario = request(TOOLKIT_DELEGATE, "", vectorCondition(M130));
    Erc7710Delegation condition = parsed(scenario);
    assertThat(
            scenario
                .on(
                    8453,
                    FakeEvm.chain()
                        .answer(
                            new EvmRead.AccountCode(condition.delegation().delegator()),
                            ReadOutcome.failed("timeout")))
                .failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.SIGNATURE_CHECK,
                ChainId.evm(8453),
                "delegator account could not be read"));
    assertThat(
            request(TOOLKIT_DELEGATE, "", vectorCondition(M130))
                .on(
                    8453,
                    FakeEvm.chain()
                        .answer(
                            new EvmRead.DelegationDisabled(
                                condition.manager().address(), condition.delegationHash()),
                            ReadOutcome.failed("timeout")))
                .failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.DELEGATION_READ);
  }

  // ---- proofs

  @Test
  void revocationIsProvenOn130_byTheSlotOfTheHash_andDeclinedOnTheOthers() {
    Erc7710Delegation on130 = parsed(request(TOOLKIT_DELEGATE, "", vectorCondition(M130)));
    EvmAddress wallet = EvmAddress.of(TOOLKIT_DELEGATE);
    assertThat(on130.proof(wallet))
        .isEqualTo(
            new ProofRequirement.Wanted(
                new ProofTarget.DelegationRevocation(
                    DelegationManager.V1_3_0.address(),
                    on130.delegationHash(),
                    4,
                    DelegationManager.V1_3_0.disabledSlot(on130.delegationHash()))));
    Erc7710Delegation on110 = parsed(request(TOOLKIT_DELEGATE, "", vectorCondition(M110)));
    assertThat(on110.proof(wallet)).isInstanceOf(ProofRequirement.Declined.class);
    assertThat(((ProofRequirement.Declined) on110.proof(wallet)).reason())
        .contains("only for DelegationManager 1.3.0", "version 1.1.0");
  }

  // ---- lifetime

  @Test
  void anAttestationWithADelegation_livesFiveMinutes() {
    assertThat(
            request(TOOLKIT_DELEGATE, "", vectorCondition(M130))
                .attestRequest()
                .attestationLifetime())
        .isEqualTo(Duration.ofMinutes(5));
    assertThat(
            AttestScenario.request(
                    KeyVersion.V2,
                    "{\"wallet\":\""
                        + TOOLKIT_DELEGATE
                        + "\",\"conditions\":[{\"type\":\"farcaster_id\"}]}")
                .attestRequest()
                .attestationLifetime())
        .isEqualTo(Duration.ofMinutes(30));
  }

  // ---- 400 rules

  static void refused(String body, String message) {
    assertThatThrownBy(() -> AttestCommands.parse(Json.object(body), KeyVersion.V2))
        .isInstanceOf(ValidationException.class)
        .hasMessage(message);
  }

  static String body(String... conditions) {
    return "{\"wallet\":\""
        + TOOLKIT_DELEGATE
        + "\",\"conditions\":["
        + String.join(",", conditions)
        + "]}";
  }

  @Test
  void onlyChain8453() {
    refused(
        body(vectorCondition(M130).replace("\"chainId\":8453", "\"chainId\":1")),
        "conditions[0].chainId 1 is not supported for erc7710_delegation; it is read on chain"
            + " 8453 only");
  }

  @Test
  void onlyTheThreeRecognizedManagers() {
    refused(
        body(vectorCondition("0x0000000000000000000000000000000000000001")),
        "conditions[0].delegationManager 0x0000000000000000000000000000000000000001 is not a"
            + " recognized DelegationManager on chain 8453 (versions 1.0.0, 1.1.0, 1.3.0)");
  }

  @Test
  void atMostThreeDelegationsPerRequest() {
    String one = vectorCondition(M130);
    AttestRequest three =
        AttestCommands.parse(Json.object(body(one, one, one)), KeyVersion.V2).request();
    assertThat(three.conditions()).hasSize(3);
    refused(
        body(one, one, one, one),
        "conditions[3] is erc7710_delegation condition number 4; at most 3 are allowed per"
            + " request");
  }

  @Test
  void atMostSixteenCaveats() {
    List<String> caveats = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      caveats.add(
          "{\"enforcer\":\"" + TIMESTAMP_130 + "\",\"terms\":\"0x" + "00".repeat(32) + "\"}");
    }
    String sixteen = "[" + String.join(",", caveats.subList(0, 16)) + "]";
    String seventeen = "[" + String.join(",", caveats) + "]";
    AttestCommands.parse(
        Json.object(
            body(
                condition(
                    M130,
                    TOOLKIT_DELEGATOR,
                    TOOLKIT_DELEGATOR,
                    TOOLKIT_DELEGATE,
                    sixteen,
                    TOOLKIT_SIGNATURE))),
        KeyVersion.V2);
    refused(
        body(
            condition(
                M130,
                TOOLKIT_DELEGATOR,
                TOOLKIT_DELEGATOR,
                TOOLKIT_DELEGATE,
                seventeen,
                TOOLKIT_SIGNATURE)),
        "conditions[0].delegation.caveats has 17 caveats; at most 16 are allowed");
  }

  @Test
  void rootAuthorityOnly() {
    refused(
        body(vectorCondition(M130).replace("0x" + "f".repeat(64), "0x" + "e".repeat(64))),
        "conditions[0].delegation.authority must be the root authority 0x"
            + "f".repeat(64)
            + ": delegation chains are not supported");
  }

  @Test
  void termsARecognizedEnforcerWouldRevertOn_areRefused() {
    refused(
        body(
            condition(
                M130,
                TOOLKIT_DELEGATOR,
                TOOLKIT_DELEGATOR,
                TOOLKIT_DELEGATE,
                "[{\"enforcer\":\"" + TIMESTAMP_130 + "\",\"terms\":\"0x01\"}]",
                TOOLKIT_SIGNATURE)),
        "conditions[0].delegation.caveats[0].terms: the timestamp enforcer's terms are 32 bytes,"
            + " not 1");
  }

  @Test
  void membersAreRequiredAndShaped() {
    refused(
        body(
            "{\"type\":\"erc7710_delegation\",\"chainId\":8453,\"delegationManager\":\""
                + M130
                + "\",\"expectedDelegator\":\""
                + TOOLKIT_DELEGATOR
                + "\"}"),
        "conditions[0].delegation is required");
    refused(
        body(vectorCondition(M130).replace("\"salt\":\"0x01\"", "\"salt\":\"salty\"")),
        "conditions[0].delegation.salt must be a uint256 as 0x-prefixed hex (at most 64 digits)"
            + " or a decimal string");
    refused(
        body(vectorCondition(M130).replace(TOOLKIT_SIGNATURE, "0x123")),
        "conditions[0].delegation.signature must be bytes as 0x followed by an even number of"
            + " hex digits");
  }

  @Test
  void decimalAndHexSalts_nameTheSameDelegation() {
    Erc7710Delegation hex = parsed(request(TOOLKIT_DELEGATE, "", vectorCondition(M130)));
    Erc7710Delegation decimal =
        parsed(
            request(
                TOOLKIT_DELEGATE,
                "",
                vectorCondition(M130).replace("\"salt\":\"0x01\"", "\"salt\":\"1\"")));
    assertThat(decimal.delegationHash()).isEqualTo(hex.delegationHash());
    assertThat(hex.delegation().salt()).isEqualTo(BigInteger.ONE);
  }
}
