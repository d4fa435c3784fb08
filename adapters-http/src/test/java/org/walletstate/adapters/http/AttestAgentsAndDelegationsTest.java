package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.condition;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.NodeProofChecker;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ProofStep;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code erc8004_agent} and {@code erc7710_delegation} through {@code POST /v1/attest} on the
 * devnet's chain 8453. Every delegation is made and signed by the delegation framework's own
 * toolkit (its caveat builder, createDelegation, signDelegation, hashDelegation), so the service's
 * hash, terms decoding and signature checks are held against the reference implementation. Every
 * answer is verified by the SDK (signature, condition hashes, the 5-minute expiry rule).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestAgentsAndDelegationsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long BASE = 8453;
  private static final String M130 = "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3";
  private static final String M110 = "0x56D56e07e3d6Ee5a24e30203A37a0a460f42D7A3";
  private static final String M100 = "0xbe4138886cB096bDC1B930F2f0ca7892AA234D78";
  private static final String REGISTRY = "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432";
  private static final String USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  private static final long YEAR_2100 = 4_102_444_800L;

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy base = DevnetTestResource.chain8453();
  private String key;

  @BeforeEach
  void freshHeadAndKey() {
    base.reset();
    // a new head on 8453, so no answer of an earlier test comes from the read cache
    devnet.rpc(BASE).call("evm_mine");
    key = TestKeys.create(pool, 200, 1000, KeyVersion.V2).secret();
  }

  @AfterEach
  void passEverythingAgain() {
    base.reset();
  }

  private String wallet(String name) {
    return m.wallet(name).address();
  }

  private String privateKey(String name) {
    return m.wallet(name).privateKey().orElseThrow();
  }

  private VerifiedAttestation attestFor(String walletName, Map<String, Object> condition) {
    return verified(attest(key, body(wallet(walletName), condition)));
  }

  private static JsonNode signed(VerifiedAttestation attestation) {
    return attestation.results().get(0).asJson();
  }

  // ---- erc8004_agent

  private static Map<String, Object> agent(String agentId) {
    return condition("erc8004_agent", "chainId", BASE, "agentId", agentId);
  }

  @Test
  void agent_isMetForItsOwnerAndItsBoundWallet_andForNoOneElse() {
    JsonNode owner = signed(attestFor("holder", agent("0")));
    JsonNode bound = signed(attestFor("agentOperator", agent("0")));
    JsonNode ownerAndBound = signed(attestFor("agentOperator", agent("1")));
    JsonNode neither = signed(attestFor("empty", agent("0")));

    assertThat(owner.path("met").asBoolean()).isTrue();
    assertThat(owner.path("agentExists").asBoolean()).isTrue();
    assertThat(owner.path("matchedVia").asText()).isEqualTo("owner");
    assertThat(bound.path("met").asBoolean()).isTrue();
    assertThat(bound.path("matchedVia").asText()).isEqualTo("agent_wallet");
    assertThat(ownerAndBound.path("matchedVia").asText()).isEqualTo("owner");
    assertThat(neither.path("met").asBoolean()).isFalse();
    assertThat(neither.path("agentExists").asBoolean()).isTrue();
    assertThat(neither.path("matchedVia").asText()).isEqualTo("none");
    assertThat(owner.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"contractAddress\":\""
                + REGISTRY
                + "\",\"agentId\":\"0\",\"wallet\":\""
                + wallet("holder").toLowerCase(Locale.ROOT)
                + "\",\"operator\":\"owner_or_bound_wallet\"}");
  }

  @Test
  void agent_thatDoesNotExist_isNotMet_andSaysSo() {
    JsonNode missing = signed(attestFor("holder", agent("99")));
    assertThat(missing.path("met").asBoolean()).isFalse();
    assertThat(missing.path("agentExists").asBoolean()).isFalse();
    assertThat(missing.path("matchedVia").asText()).isEqualTo("none");
  }

  @Test
  void agent_whenTheRegistryCannotBeRead_isA503RpcFailure() {
    base.install(Rule.of(Match.method("eth_call"), Fault.rpcError(-32603, "internal error")));
    Response response = attest(key, body(wallet("holder"), agent("0")));
    response.then().statusCode(503).body("error.code", equalTo("rpc_failure"));
    assertThat(response.jsonPath().getList("error.failedConditions"))
        .isEqualTo(
            List.of(
                Map.of(
                    "source",
                    "agent_registry_read",
                    "chainId",
                    8453,
                    "message",
                    "agent registry could not be read")));
  }

  // ---- erc7710_delegation: delegations made by the toolkit

  private static String salt() {
    byte[] random = new byte[16];
    new SecureRandom().nextBytes(random);
    return "0x" + HexFormat.of().formatHex(random);
  }

  /** Every recognized kind, as the toolkit's caveat builder encodes them. */
  private static List<Map<String, Object>> allKinds(boolean withNative) {
    List<Map<String, Object>> caveats = new ArrayList<>();
    caveats.add(
        Map.of(
            "type", "timestamp", "afterThreshold", 1_767_225_600L, "beforeThreshold", YEAR_2100));
    caveats.add(
        Map.of("type", "erc20TransferAmount", "tokenAddress", USDC, "maxAmount", "100000000"));
    if (withNative) {
      caveats.add(Map.of("type", "nativeTokenTransferAmount", "maxAmount", "100000000000000000"));
    }
    caveats.add(Map.of("type", "allowedTargets", "targets", List.of(USDC)));
    caveats.add(Map.of("type", "limitedCalls", "limit", 5));
    return caveats;
  }

  private JsonNode toolkit(Map<String, Object> request) {
    return devnet.delegationToolkit().make(JSON.valueToTree(request));
  }

  private JsonNode eoaDelegation(String version, List<Map<String, Object>> caveats) {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("version", version);
    request.put("signerKeys", List.of(privateKey("delegator")));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", caveats);
    return toolkit(request);
  }

  private Map<String, Object> delegationCondition(JsonNode made, String expectedDelegator) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("type", "erc7710_delegation");
    c.put("chainId", BASE);
    c.put("delegationManager", made.path("delegationManager").asText());
    c.put("expectedDelegator", expectedDelegator);
    c.put("delegation", JSON.convertValue(made.path("delegation"), Map.class));
    return c;
  }

  private Map<String, Object> delegationCondition(JsonNode made) {
    return delegationCondition(made, made.path("delegation").path("delegator").asText());
  }

  @Test
  void eoaDelegation_ofEveryKind_isMet_withTheToolkitsHash_andLivesFiveMinutes() {
    JsonNode made = eoaDelegation("1.3.0", allKinds(true));
    VerifiedAttestation attestation = attestFor("holder", delegationCondition(made));
    JsonNode result = signed(attestation);

    assertThat(result.path("met").asBoolean()).as(result.toString()).isTrue();
    assertThat(result.path("signatureType").asText()).isEqualTo("eoa");
    assertThat(result.has("failReason")).isFalse();
    assertThat(result.path("evaluatedCondition").path("delegationHash").asText())
        .isEqualTo(made.path("delegationHash").asText());
    assertThat(result.path("evaluatedCondition").path("contractAddress").asText()).isEqualTo(M130);
    assertThat(Duration.between(attestation.attestedAt(), attestation.expiresAt()))
        .isEqualTo(Duration.ofMinutes(5));

    JsonNode limits = result.path("declaredLimits");
    assertThat(limits).hasSize(5);
    JsonNode caveats = made.path("delegation").path("caveats");
    for (int i = 0; i < 5; i++) {
      assertThat(limits.get(i).path("enforcer").asText().toLowerCase(Locale.ROOT))
          .isEqualTo(caveats.get(i).path("enforcer").asText().toLowerCase(Locale.ROOT));
      assertThat(limits.get(i).path("terms").asText())
          .isEqualTo(caveats.get(i).path("terms").asText().toLowerCase(Locale.ROOT));
    }
    assertThat(limits.get(0).path("kind").asText()).isEqualTo("timestamp");
    assertThat(limits.get(0).path("timestampAfter").asText()).isEqualTo("1767225600");
    assertThat(limits.get(0).path("timestampBefore").asText()).isEqualTo(String.valueOf(YEAR_2100));
    assertThat(limits.get(1).path("kind").asText()).isEqualTo("erc20_transfer_amount");
    assertThat(limits.get(1).path("token").asText()).isEqualTo(USDC);
    assertThat(limits.get(1).path("maxAmount").asText()).isEqualTo("100000000");
    assertThat(limits.get(2).path("kind").asText()).isEqualTo("native_transfer_amount");
    assertThat(limits.get(2).path("maxAmount").asText()).isEqualTo("100000000000000000");
    assertThat(limits.get(3).path("kind").asText()).isEqualTo("allowed_targets");
    assertThat(limits.get(3).path("targets").toString()).isEqualTo("[\"" + USDC + "\"]");
    assertThat(limits.get(4).path("kind").asText()).isEqualTo("limited_calls");
    assertThat(limits.get(4).path("maxCalls").asText()).isEqualTo("5");
  }

  @Test
  void omit_dropsTheDeclaredLimits_andKeepsMetHashAndConditionHash() {
    Map<String, Object> condition = delegationCondition(eoaDelegation("1.3.0", allKinds(true)));
    JsonNode included = signed(attestFor("holder", condition));
    JsonNode omitted =
        signed(
            verified(
                attest(
                    key, withMember(body(wallet("holder"), condition), "declaredLimits", "omit"))));

    assertThat(omitted.path("met")).isEqualTo(included.path("met"));
    assertThat(omitted.path("conditionHash")).isEqualTo(included.path("conditionHash"));
    assertThat(omitted.path("evaluatedCondition")).isEqualTo(included.path("evaluatedCondition"));
    assertThat(omitted.has("declaredLimits")).isFalse();
    assertThat(omitted.path("declaredLimitsOmitted").asBoolean()).isTrue();
    assertThat(included.has("declaredLimitsOmitted")).isFalse();
  }

  @Test
  void olderManagers_verifyUnderTheirOwnDomain() {
    JsonNode v110 = eoaDelegation("1.1.0", allKinds(true));
    JsonNode v100 = eoaDelegation("1.0.0", allKinds(false));
    assertThat(v110.path("delegationManager").asText()).isEqualTo(M110);
    assertThat(v100.path("delegationManager").asText()).isEqualToIgnoringCase(M100);

    assertThat(signed(attestFor("holder", delegationCondition(v110))).path("met").asBoolean())
        .isTrue();
    assertThat(signed(attestFor("holder", delegationCondition(v100))).path("met").asBoolean())
        .isTrue();
  }

  @Test
  void contractDelegator_verifiesByErc1271() {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(privateKey("contractOwner")));
    request.put("delegator", wallet("contractAccount"));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", allKinds(true));
    JsonNode result = signed(attestFor("holder", delegationCondition(toolkit(request))));

    assertThat(result.path("met").asBoolean()).as(result.toString()).isTrue();
    assertThat(result.path("signatureType").asText()).isEqualTo("erc1271");
  }

  @Test
  void aContractDelegatorRejectingTheSigner_isAnInvalidSignature() {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(privateKey("delegator")));
    request.put("delegator", wallet("contractAccount"));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", allKinds(true));
    JsonNode result = signed(attestFor("holder", delegationCondition(toolkit(request))));

    assertThat(result.path("failReason").asText()).isEqualTo("invalid_signature");
    assertThat(result.path("signatureType").asText()).isEqualTo("erc1271");
    assertThat(result.has("declaredLimits")).isFalse();
  }

  @Test
  void eoaSignedByAnotherKey_isAnInvalidSignature() {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(privateKey("holder")));
    request.put("delegator", wallet("delegator"));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", allKinds(true));
    JsonNode result = signed(attestFor("holder", delegationCondition(toolkit(request))));

    assertThat(result.path("met").asBoolean()).isFalse();
    assertThat(result.path("failReason").asText()).isEqualTo("invalid_signature");
    assertThat(result.path("signatureType").asText()).isEqualTo("eoa");
  }

  @Test
  void anUndeployedSmartAccountDelegator_isNotDeployed_andNoSignatureIsEvaluated() {
    Map<String, Object> request = new LinkedHashMap<>();
    // a two-owner multisig signature for an account that has no code yet
    request.put("signerKeys", List.of(privateKey("contractOwner"), privateKey("agentOperator")));
    request.put("delegator", "0x000000000000000000000000000000000000de1e");
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", allKinds(true));
    JsonNode result = signed(attestFor("holder", delegationCondition(toolkit(request))));

    assertThat(result.path("failReason").asText()).isEqualTo("delegator_not_deployed");
    assertThat(result.has("signatureType")).isFalse();
    assertThat(result.has("declaredLimits")).isFalse();
  }

  @Test
  void anotherWallet_andAnotherExpectedDelegator_areMismatches() {
    Map<String, Object> condition = delegationCondition(eoaDelegation("1.3.0", allKinds(true)));
    JsonNode otherWallet = signed(attestFor("empty", condition));
    assertThat(otherWallet.path("failReason").asText()).isEqualTo("delegate_mismatch");
    assertThat(otherWallet.path("evaluatedCondition").path("delegate").asText())
        .isEqualTo(wallet("empty").toLowerCase(Locale.ROOT));

    JsonNode otherPrincipal =
        signed(
            attestFor(
                "holder",
                delegationCondition(
                    eoaDelegation("1.3.0", allKinds(true)), wallet("contractAccount"))));
    assertThat(otherPrincipal.path("failReason").asText()).isEqualTo("principal_mismatch");
  }

  @Test
  void theToolkitsOwnScope_addsAnEnforcerThatIsNotRecognized() {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(privateKey("delegator")));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put(
        "scope",
        Map.of("type", "erc20TransferAmount", "tokenAddress", USDC, "maxAmount", "1000000"));
    JsonNode made = toolkit(request);
    JsonNode result = signed(attestFor("holder", delegationCondition(made)));

    assertThat(result.path("met").asBoolean()).isFalse();
    assertThat(result.path("failReason").asText()).isEqualTo("unknown_caveat_enforcer");
    String valueLte = made.path("delegation").path("caveats").get(0).path("enforcer").asText();
    assertThat(result.path("unrecognizedEnforcers").toString())
        .isEqualToIgnoringCase("[\"" + valueLte + "\"]");
    assertThat(result.path("declaredLimits")).hasSize(1);
    assertThat(result.path("declaredLimits").get(0).path("kind").asText())
        .isEqualTo("erc20_transfer_amount");
  }

  @Test
  void timeWindows_endedOrNotYetBegun_areOutsideTheWindow_withTheLimitsDeclared() {
    long genesis = m.genesisTimestamp();
    JsonNode ended =
        signed(
            attestFor(
                "holder",
                delegationCondition(
                    eoaDelegation(
                        "1.3.0",
                        List.of(
                            Map.of(
                                "type",
                                "timestamp",
                                "afterThreshold",
                                0,
                                "beforeThreshold",
                                genesis + 3600))))));
    JsonNode notYet =
        signed(
            attestFor(
                "holder",
                delegationCondition(
                    eoaDelegation(
                        "1.3.0",
                        List.of(
                            Map.of(
                                "type",
                                "timestamp",
                                "afterThreshold",
                                YEAR_2100,
                                "beforeThreshold",
                                0))))));

    for (JsonNode result : List.of(ended, notYet)) {
      assertThat(result.path("met").asBoolean()).isFalse();
      assertThat(result.path("failReason").asText()).isEqualTo("outside_time_window");
      assertThat(result.path("declaredLimits").get(0).path("kind").asText()).isEqualTo("timestamp");
    }
  }

  @Test
  void theDevnetsDelegations_hashAsTheirManagersDo_andEachCaseComesOutAsDeployed() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("active", "");
    expected.put("revoked", "revoked");
    expected.put("contractPrincipal", "");
    expected.put("outsideTimeWindow", "outside_time_window");
    expected.put("unknownEnforcer", "unknown_caveat_enforcer");
    expected.put("active_v1_1_0", "");
    expected.put("active_v1_0_0", "");
    expected.forEach(
        (name, failReason) -> {
          JsonNode deployed = m.chain(BASE).delegation(name);
          Map<String, Object> c = new LinkedHashMap<>();
          c.put("type", "erc7710_delegation");
          c.put("chainId", BASE);
          c.put("delegationManager", deployed.path("delegationManager").asText());
          c.put("expectedDelegator", deployed.path("delegation").path("delegator").asText());
          c.put("delegation", JSON.convertValue(deployed.path("delegation"), Map.class));
          JsonNode result = signed(attestFor("holder", c));
          // the manifest's hash is the manager's own getDelegationHash, read at deploy
          assertThat(result.path("evaluatedCondition").path("delegationHash").asText())
              .as(name)
              .isEqualTo(deployed.path("delegationHash").asText());
          assertThat(result.path("failReason").asText()).as(name).isEqualTo(failReason);
          assertThat(result.path("met").asBoolean()).as(name).isEqualTo(failReason.isEmpty());
          assertThat(result.path("signatureType").asText())
              .as(name)
              .isEqualTo(deployed.path("signatureType").asText());
        });
  }

  // ---- revocation, and its proof

  private Response attestWithProof(String walletName, Map<String, Object> condition) {
    return attest(key, withMember(body(wallet(walletName), condition), "proof", "merkle"));
  }

  private List<ProofVerdict> proofsOf(VerifiedAttestation attestation, String block) {
    JsonNode header = devnet.rpc(BASE).block(block);
    return ProofVerifier.builder()
        .trustHeader(BASE, header, header.path("hash").asText())
        .wallet(wallet("holder"))
        .build()
        .verify(attestation);
  }

  private void checkIndependently(JsonNode result) {
    JsonNode header = devnet.rpc(BASE).block(result.path("blockNumber").asText());
    NodeProofChecker.ProofReport report = devnet.proofChecker().check(result.path("proof"), header);
    assertThat(report.ok()).as(report.json().toPrettyString()).isTrue();
    assertThat(report.blockHashRecomputed()).isTrue();
  }

  @Test
  void aRevokedDelegation_isRevoked_andItsProofShowsTheFlag_toTheSdkAndTheNodeChecker() {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("signerKeys", List.of(privateKey("delegator")));
    request.put("delegate", wallet("holder"));
    request.put("salt", salt());
    request.put("caveats", allKinds(true));
    request.put("revokeOn", devnet.rpcUrl(BASE).toString());
    JsonNode made = toolkit(request);
    assertThat(made.path("revokedInBlock").asLong()).isPositive();

    VerifiedAttestation attestation =
        verified(attestWithProof("holder", delegationCondition(made)));
    JsonNode result = signed(attestation);
    assertThat(result.path("met").asBoolean()).isFalse();
    assertThat(result.path("failReason").asText()).isEqualTo("revoked");
    assertThat(result.has("declaredLimits")).isFalse();

    JsonNode proof = result.path("proof");
    assertThat(proof.path("available").asBoolean()).as(proof.toString()).isTrue();
    assertThat(proof.path("subject").asText()).isEqualTo("delegation_revocation");
    assertThat(proof.path("mappingSlot").asText()).isEqualTo("0x4");
    assertThat(proof.path("storageProof").get(0).path("value").asText()).isEqualTo("0x1");
    List<ProofVerdict> verdicts = proofsOf(attestation, result.path("blockNumber").asText());
    assertThat(verdicts.get(0).status())
        .as(verdicts.toString())
        .isEqualTo(ProofVerdict.Status.VERIFIED);
    assertThat(verdicts.get(0).provenValue()).contains(java.math.BigInteger.ONE);
    checkIndependently(result);

    // the flag claimed as 0 does not match the trie, and a verdict the flag contradicts is refused
    JsonNode header = devnet.rpc(BASE).block(result.path("blockNumber").asText());
    ProofVerifier sdk =
        ProofVerifier.builder().trustHeader(BASE, header, header.path("hash").asText()).build();
    ObjectNode claimedZero = (ObjectNode) JSON.valueToTree(Map.of("results", List.of(result)));
    ((ObjectNode) claimedZero.path("results").get(0).path("proof").path("storageProof").get(0))
        .put("value", "0x0");
    assertThat(sdk.verifyResults(claimedZero).get(0).failedStep())
        .contains(ProofStep.STORAGE_PROOF);
    ObjectNode saysMet = (ObjectNode) JSON.valueToTree(Map.of("results", List.of(result)));
    ((ObjectNode) saysMet.path("results").get(0)).put("met", true).remove("failReason");
    assertThat(sdk.verifyResults(saysMet).get(0).failedStep()).contains(ProofStep.VERDICT);
  }

  @Test
  void anActiveDelegationOn130_isProvenNotRevoked_andOlderManagersDecline_withTheSameVerdict() {
    JsonNode on130 = eoaDelegation("1.3.0", allKinds(true));
    VerifiedAttestation active = verified(attestWithProof("holder", delegationCondition(on130)));
    JsonNode result = signed(active);
    assertThat(result.path("met").asBoolean()).isTrue();
    assertThat(result.path("proof").path("storageProof").get(0).path("value").asText())
        .isEqualTo("0x0");
    List<ProofVerdict> verdicts = proofsOf(active, result.path("blockNumber").asText());
    assertThat(verdicts.get(0).status())
        .as(verdicts.toString())
        .isEqualTo(ProofVerdict.Status.VERIFIED);
    checkIndependently(result);

    JsonNode on110 =
        signed(
            verified(
                attestWithProof(
                    "holder", delegationCondition(eoaDelegation("1.1.0", allKinds(true))))));
    assertThat(on110.path("met").asBoolean()).isTrue();
    assertThat(on110.path("proof").path("available").asBoolean()).isFalse();
    assertThat(on110.path("proof").path("reason").asText()).contains("1.3.0", "1.1.0");
  }

  // ---- 400 rules

  private void refused(Map<String, Object> body, String message) {
    attest(key, body)
        .then()
        .statusCode(400)
        .body("ok", equalTo(false))
        .body("error.message", equalTo(message));
  }

  @Test
  void theRequestRules_areRefusedBeforeAnyCharge() {
    JsonNode made = eoaDelegation("1.3.0", allKinds(true));
    Map<String, Object> one = delegationCondition(made);

    refused(
        body(wallet("holder"), List.of(one, one, one, one)),
        "conditions[3] is erc7710_delegation condition number 4; at most 3 are allowed per"
            + " request");

    Map<String, Object> wrongChain = new LinkedHashMap<>(one);
    wrongChain.put("chainId", 1);
    refused(
        body(wallet("holder"), wrongChain),
        "conditions[0].chainId 1 is not supported for erc7710_delegation; it is read on chain 8453"
            + " only");

    Map<String, Object> unknownManager = new LinkedHashMap<>(one);
    unknownManager.put("delegationManager", "0x0165878A594ca255338adfa4d48449f69242Eb8F");
    refused(
        body(wallet("holder"), unknownManager),
        "conditions[0].delegationManager 0x0165878A594ca255338adfa4d48449f69242Eb8F is not a"
            + " recognized DelegationManager on chain 8453 (versions 1.0.0, 1.1.0, 1.3.0)");

    List<Map<String, Object>> seventeen = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      seventeen.add(Map.of("type", "limitedCalls", "limit", i + 1));
    }
    refused(
        body(wallet("holder"), delegationCondition(eoaDelegation("1.3.0", seventeen))),
        "conditions[0].delegation.caveats has 17 caveats; at most 16 are allowed");
  }
}
