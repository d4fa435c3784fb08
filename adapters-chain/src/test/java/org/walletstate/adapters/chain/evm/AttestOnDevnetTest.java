package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.impatient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.testing.Bodies;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The domain's own attest flow on the devnet: a request body parsed into a command, its read plan
 * run by this adapter (every chain at once), and the domain's evaluation of what was read.
 */
@ExtendWith(DevnetExtension.class)
class AttestOnDevnetTest {

  private static Web3jEvmChainState adapter;

  @BeforeAll
  static void connect(Devnet devnet) {
    adapter =
        adapter(
            patient(1, devnet.rpcUrl(1)),
            patient(8453, devnet.rpcUrl(8453)),
            patient(10, devnet.rpcUrl(10)));
  }

  @AfterAll
  static void disconnect() {
    adapter.close();
  }

  @Test
  void attest_decidesTokenBalancesMetAndNotMet(DevnetManifest m) {
    String token = m.chain(8453).address("token6");
    AttestEvaluation evaluation =
        attest(
            adapter,
            """
            {"wallet": "%s", "conditions": [
              {"type": "token_balance", "chainId": 8453, "contractAddress": "%s", "threshold": "1500.25"},
              {"type": "token_balance", "chainId": 8453, "contractAddress": "%s", "threshold": "1500.250001"},
              {"type": "token_balance", "chainId": 8453, "contractAddress": "native", "threshold": "1"}
            ]}
            """
                .formatted(m.wallet("holder").address(), token, token));

    List<ConditionResult> results = complete(evaluation);
    assertThat(results).extracting(ConditionResult::met).containsExactly(true, false, true);
    assertThat(results).extracting(ConditionResult::anchor).containsOnly(results.get(0).anchor());
  }

  @Test
  void attest_decidesTheExchangeTemplateFromTheIndexedAttestation(DevnetManifest m) {
    String condition =
        "[{\"type\": \"eas_attestation\", \"template\": \"exchange_verified_account\"}]";

    assertThat(complete(attest(adapter, body(m, "holder", condition))))
        .extracting(ConditionResult::met)
        .containsExactly(true);
    assertThat(complete(attest(adapter, body(m, "revoked", condition))))
        .extracting(ConditionResult::met)
        .containsExactly(false);
    assertThat(complete(attest(adapter, body(m, "empty", condition))))
        .extracting(ConditionResult::met)
        .containsExactly(false);
  }

  @Test
  void attest_readsEveryChainOfTheRequestAtItsOwnAnchor(DevnetManifest m) {
    AttestEvaluation evaluation =
        attest(
            adapter,
            body(
                m,
                "holder",
                """
                [{"type": "token_balance", "chainId": 1, "contractAddress": "%s", "threshold": "250"},
                 {"type": "farcaster_id"},
                 {"type": "eas_attestation", "template": "humanity_passport_score"},
                 {"type": "account_code", "chainId": 8453, "expect": "none"}]
                """
                    .formatted(m.chain(1).address("usdc"))));

    List<ConditionResult> results = complete(evaluation);
    assertThat(results).extracting(ConditionResult::met).containsExactly(true, true, true, true);
    assertThat(results)
        .extracting(r -> r.chainId().toString())
        .containsExactly("1", "10", "10", "8453");
    assertThat(results.get(1).anchor()).isEqualTo(results.get(2).anchor());
    assertThat(results.get(0).anchor()).isNotEqualTo(results.get(3).anchor());
  }

  @Test
  void attest_isIncompleteWithAChainHeadFailureWhenNoEndpointAnswers(DevnetManifest m) {
    try (Web3jEvmChainState unreachable = adapter(impatient(8453, RpcProxy.deadEndpoint()))) {
      AttestEvaluation evaluation =
          attest(
              unreachable,
              body(
                  m,
                  "holder",
                  "[{\"type\": \"account_code\", \"chainId\": 8453, \"expect\": \"none\"}]"));

      assertThat(evaluation)
          .isInstanceOfSatisfying(
              AttestEvaluation.Incomplete.class,
              incomplete ->
                  assertThat(incomplete.failedConditions())
                      .singleElement()
                      .satisfies(
                          failed -> {
                            assertThat(failed.source()).isEqualTo(FailureSource.CHAIN_HEAD_READ);
                            assertThat(failed.chainId()).isEqualTo(ChainId.evm(8453));
                          }));
    }
  }

  /** The application's flow, as it will run it: plan, observe each chain at once, evaluate. */
  private static AttestEvaluation attest(EvmChainState chains, String json) {
    AttestRequest request = AttestCommands.parse(Bodies.object(json), KeyVersion.V2).request();
    ReadPlan plan = ReadPlan.of(request);
    List<ChainId> order = List.copyOf(plan.chains());
    List<ChainObservation> observed =
        Uni.join()
            .all(order.stream().map(chain -> chains.observe(chain, plan.query(chain))).toList())
            .andFailFast()
            .await()
            .atMost(Duration.ofSeconds(90));
    Map<ChainId, ChainObservation> observations = new LinkedHashMap<>();
    for (int i = 0; i < order.size(); i++) {
      observations.put(order.get(i), observed.get(i));
    }
    return AttestEvaluation.of(request, observations);
  }

  private static String body(DevnetManifest m, String wallet, String conditions) {
    return "{\"wallet\": \""
        + m.wallet(wallet).address()
        + "\", \"conditions\": "
        + conditions
        + "}";
  }

  private static List<ConditionResult> complete(AttestEvaluation evaluation) {
    assertThat(evaluation).isInstanceOf(AttestEvaluation.Complete.class);
    return ((AttestEvaluation.Complete) evaluation).results();
  }
}
