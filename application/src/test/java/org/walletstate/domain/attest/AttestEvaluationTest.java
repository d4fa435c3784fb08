package org.walletstate.domain.attest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class AttestEvaluationTest {

  static final EvmAddress WALLET = ReadPlanTest.WALLET;
  static final EvmAddress USDC = ReadPlanTest.USDC;
  static final EvmAddress BASE_USDC = ReadPlanTest.BASE_USDC;

  static AttestScenario twoChains(String firstExtra) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"token_balance\","
            + "\"chainId\":1,\"contractAddress\":\""
            + USDC
            + "\",\"threshold\":\"1\","
            + "\"label\":\"USDC >= 1\""
            + firstExtra
            + "},{\"type\":\"token_balance\","
            + "\"chainId\":8453,\"contractAddress\":\""
            + BASE_USDC
            + "\",\"threshold\":\"5\"},"
            + "{\"type\":\"account_code\",\"chainId\":8453,\"expect\":\"none\"}]}");
  }

  static FakeEvm mainnet() {
    return FakeEvm.chain().erc20(USDC, 6).balance(USDC, WALLET, 1_000_000);
  }

  static final Anchor.EvmBlock BASE_BLOCK =
      new Anchor.EvmBlock(BigInteger.valueOf(0x303d6f4), Instant.parse("2026-08-28T22:25:15Z"));

  static FakeEvm base() {
    return FakeEvm.chain().at(BASE_BLOCK).erc20(BASE_USDC, 6).balance(BASE_USDC, WALLET, 1);
  }

  @Test
  void givesOneResultPerConditionInRequestOrderAnchoredToItsChain() {
    List<ConditionResult> results = twoChains("").on(1, mainnet()).on(8453, base()).results();

    assertThat(results)
        .extracting(
            r -> r.index() + " " + r.label() + " " + r.type() + " " + r.chainId() + " " + r.met())
        .containsExactly(
            "0 USDC >= 1 token_balance 1 true",
            "1  token_balance 8453 false",
            "2  account_code 8453 true");
    assertThat(results.get(0).anchor()).isEqualTo(FakeEvm.DEFAULT_BLOCK);
    assertThat(results.get(1).anchor()).isEqualTo(BASE_BLOCK);
    assertThat(results.get(2).anchor()).isEqualTo(BASE_BLOCK);
    assertThat(results).allSatisfy(r -> assertThat(r.proof()).isEmpty());
  }

  @Test
  void passesOnlyWhenEveryConditionIsMet() {
    AttestEvaluation.Complete complete =
        (AttestEvaluation.Complete) twoChains("").on(1, mainnet()).on(8453, base()).evaluate();

    assertThat(complete.pass()).isFalse();
  }

  @Test
  void aChainWhoseHeadCannotBeReadFailsEveryConditionOnIt() {
    assertThat(twoChains("").on(1, mainnet()).on(8453, FakeEvm.chain().headDown()).failures())
        .containsExactly(
            new FailedCondition(
                1,
                FailureSource.CHAIN_HEAD_READ,
                ChainId.evm(8453),
                "chain head could not be read"),
            new FailedCondition(
                2,
                FailureSource.CHAIN_HEAD_READ,
                ChainId.evm(8453),
                "chain head could not be read"));
  }

  @Test
  void listsEveryReadThatDidNotComplete() {
    FakeEvm failing =
        mainnet().answer(new EvmRead.Erc20BalanceOf(USDC, WALLET), ReadOutcome.failed("503"));
    FakeEvm codeless =
        base().answer(new EvmRead.AccountCode(WALLET), ReadOutcome.failed("timeout"));

    assertThat(twoChains("").on(1, failing).on(8453, codeless).failures())
        .extracting(f -> f.condition() + " " + f.source().wireName() + " " + f.chainId())
        .containsExactly("0 balance_read 1", "2 chain_read 8453");
  }

  @Test
  void aRefusalWinsOverReadsThatDidNotComplete() {
    assertThat(
            twoChains(",\"decimals\":18")
                .on(1, mainnet())
                .on(8453, FakeEvm.chain().headDown())
                .refusal())
        .isEqualTo("conditions[0].decimals 18 does not match the token's own decimals (6)");
  }

  @Test
  void refusesToEvaluateWithoutAnObservationOfEveryChain() {
    AttestRequest request = twoChains("").attestRequest();

    assertThatThrownBy(() -> AttestEvaluation.of(request, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no observation of chain 1");
  }

  @Test
  void aRefusalBecomesTheValidationErrorTheCallerSees() {
    AttestEvaluation.Refused refused = new AttestEvaluation.Refused("conditions[0].amount ...");

    assertThat(refused.toException()).hasMessage("conditions[0].amount ...");
  }
}
