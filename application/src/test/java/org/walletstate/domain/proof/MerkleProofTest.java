package org.walletstate.domain.proof;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.attest.condition.Erc7710DelegationTest;
import org.walletstate.domain.attest.condition.RatioToSupply;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;

class MerkleProofTest {

  static final EvmAddress HOLDER = EvmAddress.of("0xf79CC6156b460Ed70F01F00BbcB80915D2adA747");
  static final EvmAddress TOKEN = EvmAddress.of("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
  static final Bytes32 SOME_ROOT = new Bytes32(Bytes.of(Keccak256.hash("root")));

  private static AttestScenario request(String condition) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + HOLDER.checksummed()
            + "\",\"proof\":\"merkle\",\"conditions\":["
            + condition
            + "]}");
  }

  private static String tokenBalance(long chain, String token) {
    return "{\"type\":\"token_balance\",\"chainId\":"
        + chain
        + ",\"contractAddress\":\""
        + token
        + "\",\"threshold\":\"1000\"}";
  }

  private static AccountProof proof(
      EvmAddress address,
      BigInteger balance,
      Bytes32 codeHash,
      List<AccountProof.StorageProof> slots) {
    return new AccountProof(
        address,
        BigInteger.ONE,
        balance,
        SOME_ROOT,
        codeHash,
        List.of(Bytes.fromHex("0xc0")),
        slots);
  }

  private static FakeEvm erc20Holding(long raw) {
    return FakeEvm.chain().erc20(TOKEN, 6).balance(TOKEN, HOLDER, raw);
  }

  private static String proofJson(ConditionResult result) {
    return Json.write(result.proof().orElseThrow());
  }

  @Test
  void balanceSlotsFollowTheCompilersKeyOrders() {
    // the devnet manifest's balanceSlot of holder in an OpenZeppelin token (mapping at slot 0)
    assertThat(BalanceLayout.solidity(0).storageKey(HOLDER).hex())
        .isEqualTo("0x745ed426b5b3540f31df074d80a6e83a66deb8987e2e26878ae9a6a626933930");
    Bytes32 vyper = BalanceLayout.vyper(0).storageKey(HOLDER);
    Bytes expected =
        Bytes.of(
            Keccak256.hash(
                Bytes.concat(Bytes32.ZERO.bytes(), Bytes32.of(HOLDER).bytes()).toArray()));
    assertThat(vyper.bytes()).isEqualTo(expected);
    assertThat(BalanceLayout.OPENZEPPELIN_ERC20_NAMESPACE.hex())
        .isEqualTo("0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00");
    assertThat(BalanceLayout.solidity(9).mappingSlotHex()).isEqualTo("0x9");
  }

  @Test
  void theSearchIsBoundedAndDoesNotRepeatTheStandardLayouts() {
    List<BalanceLayout> all = new java.util.ArrayList<>(BalanceLayout.standard());
    all.addAll(BalanceLayout.search());
    assertThat(new HashSet<>(all)).hasSameSizeAs(all);
    assertThat(BalanceLayout.search()).hasSize(2 * BalanceLayout.SEARCH_SLOTS - 9);
    assertThat(BalanceLayout.standard().get(0)).isEqualTo(BalanceLayout.solidity(0));
  }

  @Test
  void theProbeValueLocatesTheSlotAndFailedProbesProveNothing() {
    List<BalanceLayout> stage = BalanceLayout.standard();
    BalanceLayout real = BalanceLayout.solidity(3);
    FakeEvm evm = FakeEvm.chain();
    for (BalanceLayout c : stage) {
      evm.answer(
          BalanceSlotSearch.probe(TOKEN, HOLDER, c),
          ReadOutcome.data(
              c.equals(real) ? BalanceSlotSearch.PROBE_VALUE.bytes() : FakeEvm.word(5)));
    }
    Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> probes =
        BalanceSlotSearch.probes(TOKEN, HOLDER, stage);
    ReadOutcomes outcomes = ReadOutcomes.answering(probes.values(), evm);
    assertThat(BalanceSlotSearch.probed(probes, outcomes))
        .isEqualTo(new BalanceSlotSearch.Located(real));

    FakeEvm computed = FakeEvm.chain();
    for (BalanceLayout c : stage) {
      computed.answer(BalanceSlotSearch.probe(TOKEN, HOLDER, c), ReadOutcome.data(FakeEvm.word(5)));
    }
    assertThat(BalanceSlotSearch.probed(probes, ReadOutcomes.answering(probes.values(), computed)))
        .isInstanceOf(BalanceSlotSearch.NotHere.class);

    FakeEvm noOverrides = FakeEvm.chain();
    for (BalanceLayout c : stage) {
      noOverrides.answer(
          BalanceSlotSearch.probe(TOKEN, HOLDER, c), ReadOutcome.failed("method not supported"));
    }
    assertThat(
            BalanceSlotSearch.probed(probes, ReadOutcomes.answering(probes.values(), noOverrides)))
        .isInstanceOf(BalanceSlotSearch.Unsupported.class);
  }

  @Test
  void byValueNeedsOneNonZeroMatch() {
    Bytes32 key0 = BalanceLayout.solidity(0).storageKey(HOLDER);
    Bytes32 key3 = BalanceLayout.solidity(3).storageKey(HOLDER);
    AccountProof one =
        proof(
            TOKEN,
            BigInteger.ZERO,
            SOME_ROOT,
            List.of(
                new AccountProof.StorageProof(key0, BigInteger.valueOf(7), List.of()),
                new AccountProof.StorageProof(key3, BigInteger.ZERO, List.of())));
    assertThat(BalanceSlotSearch.byValue(HOLDER, one, BigInteger.valueOf(7)))
        .contains(BalanceLayout.solidity(0));
    assertThat(BalanceSlotSearch.byValue(HOLDER, one, BigInteger.ZERO)).isEmpty();
    AccountProof two =
        proof(
            TOKEN,
            BigInteger.ZERO,
            SOME_ROOT,
            List.of(
                new AccountProof.StorageProof(key0, BigInteger.valueOf(7), List.of()),
                new AccountProof.StorageProof(key3, BigInteger.valueOf(7), List.of())));
    assertThat(BalanceSlotSearch.byValue(HOLDER, two, BigInteger.valueOf(7))).isEmpty();
  }

  @Test
  void anErc20BalanceIsProvenByItsSlotAndPlannedOnlyWithProofMode() {
    BalanceLayout layout = BalanceLayout.solidity(0);
    Bytes32 key = layout.storageKey(HOLDER);
    AccountProof answer =
        proof(
            TOKEN,
            BigInteger.ZERO,
            SOME_ROOT,
            List.of(
                new AccountProof.StorageProof(
                    key, BigInteger.valueOf(1_500_250_000L), List.of(Bytes.fromHex("0xc1")))));
    AttestScenario scenario = request(tokenBalance(8453, TOKEN.checksummed()));
    assertThat(ReadPlan.of(scenario.attestRequest()).proofs(ChainId.evm(8453)))
        .containsExactly(new ProofTarget.Erc20Balance(TOKEN, HOLDER));
    ConditionResult result =
        scenario
            .on(
                8453,
                erc20Holding(1_500_250_000L)
                    .proof(
                        new ProofTarget.Erc20Balance(TOKEN, HOLDER),
                        new ProofOutcome.Obtained(answer, Optional.of(layout))))
            .result();
    assertThat(result.proofDelivered()).isTrue();
    assertThat(proofJson(result))
        .startsWith(
            "{\"available\":true,\"type\":\"merkle\",\"blockNumber\":\"0x18a8ac5\","
                + "\"address\":\"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512\","
                + "\"contractAddress\":\"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512\","
                + "\"holder\":\"0xf79CC6156b460Ed70F01F00BbcB80915D2adA747\","
                + "\"mappingSlot\":\"0x0\",\"layout\":\"solidity\","
                + "\"storageKey\":\""
                + key.hex()
                + "\",\"decimals\":6,\"nonce\":\"0x1\","
                + "\"balance\":\"0x0\"")
        .endsWith(
            "\"accountProof\":[\"0xc0\"],\"storageProof\":[{\"key\":\""
                + key.hex()
                + "\",\"value\":\"0x596bff90\",\"proof\":[\"0xc1\"]}]}");

    AttestScenario without =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + HOLDER.checksummed()
                + "\",\"conditions\":["
                + tokenBalance(8453, TOKEN.checksummed())
                + "]}");
    assertThat(ReadPlan.of(without.attestRequest()).proofs(ChainId.evm(8453))).isEmpty();
    assertThat(without.on(8453, erc20Holding(5)).result().proof()).isEmpty();
  }

  @Test
  void aSlotThatDoesNotHoldBalanceOfsAnswerIsDeclined() {
    BalanceLayout layout = BalanceLayout.solidity(0);
    AccountProof shares =
        proof(
            TOKEN,
            BigInteger.ZERO,
            SOME_ROOT,
            List.of(
                new AccountProof.StorageProof(
                    layout.storageKey(HOLDER), BigInteger.valueOf(4), List.of())));
    ConditionResult result =
        request(tokenBalance(8453, TOKEN.checksummed()))
            .on(
                8453,
                erc20Holding(5)
                    .proof(
                        new ProofTarget.Erc20Balance(TOKEN, HOLDER),
                        new ProofOutcome.Obtained(shares, Optional.of(layout))))
            .result();
    assertThat(result.proofDelivered()).isFalse();
    assertThat(proofJson(result))
        .isEqualTo(
            "{\"available\":false,\"type\":\"merkle\",\"reason\":\""
                + MerkleProof.COMPUTED_BALANCE
                + "\"}");
  }

  @Test
  void failedAndDeclinedProofReadsKeepTheVerdict() {
    ProofTarget target = new ProofTarget.Erc20Balance(TOKEN, HOLDER);
    ConditionResult failed =
        request(tokenBalance(8453, TOKEN.checksummed()))
            .on(
                8453,
                erc20Holding(2_000_000_000L).proof(target, new ProofOutcome.Failed("timeout")))
            .result();
    assertThat(failed.met()).isTrue();
    assertThat(failed.proof().orElseThrow().get("reason"))
        .isEqualTo(PayloadValue.text(MerkleProof.READ_INCOMPLETE));
    ConditionResult declined =
        request(tokenBalance(8453, TOKEN.checksummed()))
            .on(8453, erc20Holding(5).proof(target, new ProofOutcome.Declined("not found")))
            .result();
    assertThat(declined.proof().orElseThrow().get("reason"))
        .isEqualTo(PayloadValue.text("not found"));
  }

  @Test
  void chainsWithoutStandardProofsAndUnprovenTypesDeclineWithTheirReason() {
    ConditionResult zksync =
        request(tokenBalance(324, TOKEN.checksummed())).on(324, erc20Holding(5)).result();
    assertThat(zksync.proof().orElseThrow().get("reason").toString()).contains("ZKsync");
    ConditionResult supply =
        request(
                "{\"type\":\"ratio_to_supply\",\"chainId\":8453,\"contractAddress\":\""
                    + TOKEN.checksummed()
                    + "\",\"minFraction\":\"0.5\"}")
            .on(8453, erc20Holding(5).totalSupply(TOKEN, BigInteger.TEN))
            .result();
    assertThat(supply.proof().orElseThrow().get("reason"))
        .isEqualTo(PayloadValue.text(RatioToSupply.NOT_PROVEN));
    AttestScenario supplyRequest =
        request(
            "{\"type\":\"ratio_to_supply\",\"chainId\":8453,\"contractAddress\":\""
                + TOKEN.checksummed()
                + "\",\"minFraction\":\"0.5\"}");
    assertThat(ReadPlan.of(supplyRequest.attestRequest()).proofs(ChainId.evm(8453))).isEmpty();
  }

  @Test
  void nativeAndCodeProofsMustShowWhatWasRead() {
    Bytes32 emptyCode = MerkleProof.EMPTY_CODE_HASH;
    AttestScenario nativeRequest = request(tokenBalance(1, "native"));
    ProofTarget nativeTarget = new ProofTarget.AccountBalance(HOLDER);
    ConditionResult ok =
        nativeRequest
            .on(
                1,
                FakeEvm.chain()
                    .nativeBalance(HOLDER, BigInteger.TEN.pow(21))
                    .proof(
                        nativeTarget,
                        new ProofOutcome.Obtained(
                            proof(HOLDER, BigInteger.TEN.pow(21), emptyCode, List.of()),
                            Optional.empty())))
            .result();
    assertThat(proofJson(ok)).contains("\"subject\":\"account_balance\"", "\"decimals\":18");
    ConditionResult differs =
        request(tokenBalance(1, "native"))
            .on(
                1,
                FakeEvm.chain()
                    .nativeBalance(HOLDER, BigInteger.TEN)
                    .proof(
                        nativeTarget,
                        new ProofOutcome.Obtained(
                            proof(HOLDER, BigInteger.ONE, emptyCode, List.of()), Optional.empty())))
            .result();
    assertThat(differs.proofDelivered()).isFalse();

    String code = "{\"type\":\"account_code\",\"chainId\":1,\"expect\":\"none\"}";
    ProofTarget codeTarget = new ProofTarget.AccountCode(HOLDER);
    for (Bytes32 hash : List.of(emptyCode, Bytes32.ZERO)) {
      ConditionResult none =
          request(code)
              .on(
                  1,
                  FakeEvm.chain()
                      .code(HOLDER, Bytes.EMPTY)
                      .proof(
                          codeTarget,
                          new ProofOutcome.Obtained(
                              proof(HOLDER, BigInteger.ZERO, hash, List.of()), Optional.empty())))
              .result();
      assertThat(proofJson(none)).contains("\"subject\":\"account_code\"");
    }
    Bytes designator = Bytes.fromHex("0xef010063c0c19a282a1b52b07dd5a65b58948a07dae32b");
    ConditionResult wrong =
        request(code)
            .on(
                1,
                FakeEvm.chain()
                    .code(HOLDER, designator)
                    .proof(
                        codeTarget,
                        new ProofOutcome.Obtained(
                            proof(HOLDER, BigInteger.ZERO, emptyCode, List.of()),
                            Optional.empty())))
            .result();
    assertThat(wrong.proof().orElseThrow().get("reason"))
        .isEqualTo(PayloadValue.text(MerkleProof.CODE_DIFFERS));
    assertThat(
            MerkleProof.codeHashShows(
                new Bytes32(Bytes.of(Keccak256.hash(designator.toArray()))),
                new org.walletstate.domain.evm.DeployedCode(designator)))
        .isTrue();
  }

  @Test
  void aRevocationFlagIsProvenByItsSlot_onlyWhenItHoldsWhatDisabledDelegationsAnswered() {
    String condition =
        Erc7710DelegationTest.vectorCondition("0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3");
    Erc7710Delegation delegation =
        (Erc7710Delegation) request(condition).attestRequest().conditions().get(0).condition();
    ProofTarget target = ((ProofRequirement.Wanted) delegation.proof(HOLDER)).target();
    ProofTarget.DelegationRevocation revocation = (ProofTarget.DelegationRevocation) target;
    EvmRead.DelegationDisabled disabled =
        new EvmRead.DelegationDisabled(revocation.manager(), revocation.delegationHash());
    for (long flag : new long[] {0, 1}) {
      AccountProof.StorageProof slot =
          new AccountProof.StorageProof(
              revocation.storageKey(), BigInteger.valueOf(flag), List.of(Bytes.fromHex("0xc0")));
      FakeEvm chain =
          FakeEvm.chain()
              .answer(disabled, ReadOutcome.data(FakeEvm.word(flag)))
              .proof(
                  target,
                  new ProofOutcome.Obtained(
                      proof(revocation.manager(), BigInteger.ZERO, SOME_ROOT, List.of(slot)),
                      Optional.empty()));
      ConditionResult result = request(condition).on(8453, chain).result();
      assertThat(proofJson(result))
          .contains(
              "\"subject\":\"delegation_revocation\"",
              "\"contractAddress\":\"0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3\"",
              "\"delegationHash\":\"" + revocation.delegationHash().hex() + "\"",
              "\"mappingSlot\":\"0x4\"",
              "\"storageKey\":\"" + revocation.storageKey().hex() + "\"",
              "\"value\":\"0x" + flag + "\"");
      FakeEvm contradicting =
          FakeEvm.chain()
              .answer(disabled, ReadOutcome.data(FakeEvm.word(1 - flag)))
              .proof(
                  target,
                  new ProofOutcome.Obtained(
                      proof(revocation.manager(), BigInteger.ZERO, SOME_ROOT, List.of(slot)),
                      Optional.empty()));
      assertThat(proofJson(request(condition).on(8453, contradicting).result()))
          .contains(MerkleProof.REVOCATION_DIFFERS);
    }
  }
}
