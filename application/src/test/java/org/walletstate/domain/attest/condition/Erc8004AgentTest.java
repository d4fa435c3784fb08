package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.application.attest.port.in.condition.ConditionRulesTest.refused;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.port.in.condition.ConditionRulesTest;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

class Erc8004AgentTest {

  private static final EvmAddress WALLET = EvmAddress.of(ConditionRulesTest.WALLET);
  private static final EvmAddress OTHER =
      EvmAddress.of("0xD43D4feabEFd9E7B555Ab588860bbdA6285E6eB2");
  private static final BigInteger AGENT = BigInteger.valueOf(42);

  private static final EvmRead.AddressOfId OWNER_OF =
      new EvmRead.AddressOfId(Erc8004Agent.IDENTITY_REGISTRY, Erc8004Agent.OWNER_OF, AGENT);
  private static final EvmRead.AddressOfId AGENT_WALLET =
      new EvmRead.AddressOfId(Erc8004Agent.IDENTITY_REGISTRY, Erc8004Agent.GET_AGENT_WALLET, AGENT);

  private static AttestScenario agent() {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET.text()
            + "\",\"conditions\":[{\"type\":\"erc8004_agent\",\"chainId\":8453,"
            + "\"agentId\":\"42\"}]}");
  }

  private static ReadOutcome address(EvmAddress address) {
    return ReadOutcome.data(Bytes32.of(address).bytes());
  }

  private static ConditionResult result(ReadOutcome owner, ReadOutcome bound) {
    return agent()
        .on(8453, FakeEvm.chain().answer(OWNER_OF, owner).answer(AGENT_WALLET, bound))
        .result();
  }

  @Test
  void isMetForTheOwner() {
    ConditionResult result = result(address(WALLET), address(OTHER));
    assertThat(result.met()).isTrue();
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"agentExists\":true,\"matchedVia\":\"owner\"}");
  }

  @Test
  void isMetForTheBoundAgentWallet() {
    ConditionResult result = result(address(OTHER), address(WALLET));
    assertThat(result.met()).isTrue();
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"agentExists\":true,\"matchedVia\":\"agent_wallet\"}");
  }

  @Test
  void isNotMetForAnyoneElse() {
    ConditionResult result = result(address(OTHER), address(OTHER));
    assertThat(result.met()).isFalse();
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"agentExists\":true,\"matchedVia\":\"none\"}");
  }

  @Test
  void anAgentThatDoesNotExist_isNotMet() {
    ConditionResult result = result(ReadOutcome.reverted(), ReadOutcome.reverted());
    assertThat(result.met()).isFalse();
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"agentExists\":false,\"matchedVia\":\"none\"}");
  }

  @Test
  void aRegistryThatCannotBeRead_isUnavailable_neverNotMet() {
    assertThat(
            agent()
                .on(
                    8453,
                    FakeEvm.chain()
                        .answer(OWNER_OF, address(WALLET))
                        .answer(AGENT_WALLET, ReadOutcome.failed("timeout")))
                .failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.AGENT_REGISTRY_READ,
                ChainId.evm(8453),
                "agent registry could not be read"));
  }

  @Test
  void signsTheRegistryTheAgentAndTheWallet() {
    assertThat(
            agent()
                .on(
                    8453,
                    FakeEvm.chain()
                        .answer(OWNER_OF, address(WALLET))
                        .answer(AGENT_WALLET, address(WALLET)))
                .evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"erc8004_agent\",\"chainId\":8453,"
                + "\"contractAddress\":\"0x8004A169FB4a3325136EB29fA0ceB6D2e539a432\","
                + "\"agentId\":\"42\",\"wallet\":\"0xd8da6bf26964af9d7eed9e03e53415d37aa96045\","
                + "\"operator\":\"owner_or_bound_wallet\"}");
  }

  @Test
  void isReadOnBaseOnly() {
    refused(
        "{\"type\":\"erc8004_agent\",\"chainId\":1,\"agentId\":\"1\"}",
        "conditions[0].chainId 1 is not supported for erc8004_agent; it is read on chain 8453"
            + " only");
  }

  @Test
  void agentIdIsAUint256DecimalString() {
    refused("{\"type\":\"erc8004_agent\",\"chainId\":8453}", "conditions[0].agentId is required");
    refused(
        "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"agentId\":1}",
        "conditions[0].agentId must be a string, not a number");
    refused(
        "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"agentId\":\"0x1\"}",
        "conditions[0].agentId must be a uint256 as a decimal string of digits, got \"0x1\"");
    refused(
        "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"agentId\":\"-1\"}",
        "conditions[0].agentId must be a uint256 as a decimal string of digits, got \"-1\"");
    refused(
        "{\"type\":\"erc8004_agent\",\"chainId\":8453,\"agentId\":\""
            + BigInteger.ONE.shiftLeft(256)
            + "\"}",
        "conditions[0].agentId is larger than a uint256");
  }
}
