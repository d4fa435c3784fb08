package org.walletstate.application.attest.port.in.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.condition.BoundCondition;
import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.attest.condition.ConditionTypes;
import org.walletstate.domain.attest.condition.ConditionVerdict;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * The guard of the one-descriptor-per-type design: a condition class that is not registered, a
 * registered type without a working parser, reads, evaluation or proof rule, fails here.
 */
class ConditionTypesTest {

  private static final EvmAddress WALLET = EvmAddress.of(ConditionRulesTest.WALLET);

  /** One valid condition object per evaluated type; a new type must add its own. */
  private static final Map<String, String> SAMPLES =
      Map.of(
          "token_balance",
          "{\"type\":\"token_balance\",\"chainId\":8453,"
              + "\"contractAddress\":\"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\","
              + "\"threshold\":\"1\"}",
          "nft_ownership",
          "{\"type\":\"nft_ownership\",\"chainId\":1,"
              + "\"contractAddress\":\"0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D\"}",
          "eas_attestation",
          "{\"type\":\"eas_attestation\",\"template\":\"exchange_verified_account\"}",
          "farcaster_id",
          "{\"type\":\"farcaster_id\"}",
          "evm_view_call",
          "{\"type\":\"evm_view_call\",\"chainId\":1,"
              + "\"contractAddress\":\"0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D\","
              + "\"selector\":\"isMember(address)\"}",
          "ratio_to_amount",
          "{\"type\":\"ratio_to_amount\",\"chainId\":8453,\"contractAddress\":\"native\","
              + "\"multiple\":\"3\",\"amount\":\"0.5\"}",
          "ratio_to_supply",
          "{\"type\":\"ratio_to_supply\",\"chainId\":1,"
              + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
              + "\"minFraction\":\"0.01\"}",
          "erc8004_agent",
          "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"agentId\":\"7\"}",
          "erc7710_delegation",
          "{\"type\":\"erc7710_delegation\",\"chainId\":8453,"
              + "\"delegationManager\":\"0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3\","
              + "\"expectedDelegator\":\"0x5906E2764D2E58B02ff2c897230E8A627aB6D3C9\","
              + "\"delegation\":{\"delegator\":\"0x5906E2764D2E58B02ff2c897230E8A627aB6D3C9\","
              + "\"delegate\":\"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\","
              + "\"authority\":\"0x"
              + "f".repeat(64)
              + "\",\"caveats\":[],\"salt\":\"0x1\",\"signature\":\"0x"
              + "11".repeat(65)
              + "\"}}",
          "account_code",
          "{\"type\":\"account_code\",\"chainId\":8453,\"expect\":\"none\"}");

  @Test
  void everyConditionClassIsTheClassOfExactlyOneEvaluatedType() {
    List<JavaClass> conditionClasses =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.walletstate.domain")
                .stream()
                .filter(c -> c.isAssignableTo(Condition.class))
                .filter(c -> !c.isInterface() && !c.getModifiers().contains(JavaModifier.ABSTRACT))
                .collect(Collectors.toList());

    assertThat(conditionClasses).isNotEmpty();
    for (JavaClass conditionClass : conditionClasses) {
      List<ConditionType> registered =
          ConditionTypes.EVALUATED.stream()
              .filter(
                  t ->
                      t.conditionClass().getName().equals(conditionClass.getName())
                          || t.familyVariants().stream()
                              .anyMatch(v -> v.getName().equals(conditionClass.getName())))
              .collect(Collectors.toList());
      assertThat(registered)
          .as(
              "%s must be the class (or a family variant) of exactly one type in"
                  + " ConditionTypes.EVALUATED",
              conditionClass.getSimpleName())
          .hasSize(1);
    }
  }

  @Test
  void evaluatedTypesAreDistinctTypesOfTheInterface() {
    List<String> names = ConditionTypes.EVALUATED.stream().map(ConditionType::wireName).toList();
    assertThat(names).doesNotHaveDuplicates();
    assertThat(ConditionTypes.INTERFACE).doesNotHaveDuplicates().containsAll(names);
  }

  @Test
  void everyEvaluatedTypeHasExactlyOneReaderAndEveryReaderAnEvaluatedType() {
    List<ConditionType> read =
        ConditionReaders.ALL.stream().map(ConditionReader.Entry::type).toList();
    assertThat(read)
        .as("one entry in ConditionReaders.ALL per type of ConditionTypes.EVALUATED, in its order")
        .containsExactlyElementsOf(ConditionTypes.EVALUATED);
  }

  @TestFactory
  List<DynamicTest> everyEvaluatedTypeParsesReadsEvaluatesAndHasAProofRule() {
    return ConditionTypes.EVALUATED.stream()
        .map(
            type ->
                DynamicTest.dynamicTest(
                    type.wireName(),
                    () -> {
                      String sample = SAMPLES.get(type.wireName());
                      if (sample == null) {
                        fail("no sample condition for " + type.wireName() + " in SAMPLES");
                      }
                      Condition<?> condition = ConditionRulesTest.accepted(sample);
                      assertThat(condition).isInstanceOf(type.conditionClass());
                      assertThat(condition.type()).isSameAs(type);
                      BoundCondition<?> bound = BoundCondition.of(condition, WALLET);

                      Set<EvmRead<?>> reads = EvmRead.all(bound.reads());
                      assertThat(reads).as("reads").isNotEmpty();
                      assertThat(bound.proofRequirement())
                          .as("proof rule")
                          .isInstanceOfAny(
                              ProofRequirement.Wanted.class, ProofRequirement.Declined.class);

                      // every read failed: the verdict is unavailable, never a met: false
                      ReadOutcomes failed = allFailed(reads);
                      failed = failed.plus(allFailed(EvmRead.all(bound.followUpReads(failed))));
                      ConditionVerdict verdict =
                          bound.evaluate(
                              KeyVersion.V2,
                              new Anchor.EvmBlock(BigInteger.TEN, Instant.EPOCH),
                              failed,
                              "conditions[0]");
                      assertThat(verdict).isInstanceOf(ConditionVerdict.Unavailable.class);
                    }))
        .toList();
  }

  private static ReadOutcomes allFailed(Set<EvmRead<?>> reads) {
    Map<EvmRead<?>, ReadOutcome> outcomes = new LinkedHashMap<>();
    reads.forEach(read -> outcomes.put(read, new ReadOutcome.Failed("connection refused")));
    return ReadOutcomes.of(outcomes);
  }
}
