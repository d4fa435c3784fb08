package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.impatient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.none;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observe;
import static org.walletstate.adapters.chain.evm.testing.Adapters.outcomes;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.body;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.closeConnection;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.dropFirstAnswer;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.failCalls;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.forward;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.hang;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.repeatFirstId;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.reverseBatch;
import static org.walletstate.adapters.chain.evm.testing.RpcProxy.status;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.ChainObservation;

/**
 * A loopback endpoint in front of the devnet misbehaves as public endpoints do. Whatever it does,
 * the observation answers (never fails), answers in bounded time, and reports either the right
 * value or a failure: never a wrong value, and never a failure as a revert.
 */
@ExtendWith(DevnetExtension.class)
class FailureHandlingTest {

  private static final long CHAIN = 8453;

  /** Wide: the impatient configuration gives up after 4 s; a loaded machine may add some. */
  private static final Duration PROMPTLY = Duration.ofSeconds(30);

  private Devnet devnet;
  private DevnetManifest m;
  private RpcProxy proxy;
  private EvmRead.Erc20BalanceOf balance;
  private EvmRead.Erc20Decimals decimals;
  private EvmRead.NativeBalance wei;

  @BeforeEach
  void proxy(Devnet devnet, DevnetManifest m) {
    this.devnet = devnet;
    this.m = m;
    this.proxy = RpcProxy.inFrontOf(devnet.rpcUrl(CHAIN));
    EvmAddress holder = wallet(m, "holder");
    EvmAddress token = contract(m, CHAIN, "token6");
    balance = new EvmRead.Erc20BalanceOf(token, holder);
    decimals = new EvmRead.Erc20Decimals(token);
    wei = new EvmRead.NativeBalance(wallet(m, "empty"));
  }

  @AfterEach
  void close() {
    proxy.close();
  }

  @Test
  void observe_reportsTheHeadUnavailableSoonWhenTheEndpointHangs() {
    proxy.otherwise(hang());
    try (Web3jEvmChainState adapter = adapter(impatient(CHAIN, proxy.url()))) {
      long started = System.nanoTime();

      ChainObservation observation = observeAll(adapter);

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(PROMPTLY);
      assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
      assertThat(((ChainObservation.HeadUnavailable) observation).detail())
          .contains("no answer within");
    }
  }

  @Test
  void observe_reportsEveryReadFailedSoonWhenTheEndpointHangsAfterTheHead() {
    proxy.then(forward()).otherwise(hang());
    try (Web3jEvmChainState adapter = adapter(impatient(CHAIN, proxy.url()))) {
      long started = System.nanoTime();

      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals, wei);

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(PROMPTLY);
      for (EvmRead<?> read : new EvmRead<?>[] {balance, decimals, wei}) {
        assertThat(outcomes(observed).outcome(read)).isInstanceOf(ReadOutcome.Failed.class);
      }
    }
  }

  @Test
  void observe_doesNotHoldTheSubscribersThread() {
    proxy.otherwise(hang());
    try (Web3jEvmChainState adapter = adapter(impatient(CHAIN, proxy.url()))) {
      CompletableFuture<ChainObservation> pending =
          adapter.observe(ChainId.evm(CHAIN), Set.of(balance), none()).subscribeAsCompletionStage();

      // had the subscription done the I/O on this thread, it would have returned finished
      assertThat(pending).isNotDone();
      assertThat(pending.orTimeout(PROMPTLY.toSeconds(), TimeUnit.SECONDS).join())
          .isInstanceOf(ChainObservation.HeadUnavailable.class);
    }
  }

  @Test
  void observe_retriesHttp500And429AndThenReadsTheValues() {
    proxy.then(status(500), status(429), forward(), status(503), status(429));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals);

      assertRead(observed);
      assertThat(proxy.calls("eth_getBlockByNumber")).isEqualTo(3);
      assertThat(proxy.received()).hasSize(6);
    }
  }

  @Test
  void observe_retriesAMalformedAnswerAndThenReadsTheValues() {
    proxy.then(body("{\"jsonrpc\":\"2.0\",\"id\":"), forward(), body("[{\"jsonrpc\":"));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals);

      assertRead(observed);
      assertThat(proxy.received()).hasSize(4);
    }
  }

  @Test
  void observe_reportsAPersistentlyMalformedAnswerAsFailedReads() {
    proxy.then(forward()).otherwise(body("<html>502 Bad Gateway</html>"));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals);

      assertThat(outcomes(observed).outcome(balance))
          .isInstanceOfSatisfying(
              ReadOutcome.Failed.class,
              failed -> assertThat(failed.detail()).contains("malformed JSON", "3 of 3 attempts"));
      assertThat(outcomes(observed).outcome(decimals)).isInstanceOf(ReadOutcome.Failed.class);
      assertThat(proxy.received()).hasSize(1 + 3);
    }
  }

  @Test
  void observe_retriesOnlyTheRequestsOfABatchThatFailed() {
    proxy.then(forward(), failCalls(isCallTo(balance), -32000, "header not found"));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals, wei);

      assertRead(observed);
      assertThat(outcomes(observed).outcome(wei))
          .isEqualTo(new ReadOutcome.Quantity(BigInteger.ZERO));
      JsonNode retry = proxy.received().get(2);
      JsonNode call = retry.isArray() ? retry.get(0) : retry;
      assertThat(retry.isArray() ? retry.size() : 1).isEqualTo(1);
      assertThat(proxy.received()).hasSize(3);
      assertThat(isCallTo(balance).test(call)).isTrue();
    }
  }

  @Test
  void observe_reportsAPersistentJsonRpcErrorAsAFailureNotARevert() {
    proxy.then(forward()).otherwise(failCalls(isCallTo(balance), -32000, "missing trie node"));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals);

      assertThat(outcomes(observed).outcome(balance))
          .isInstanceOfSatisfying(
              ReadOutcome.Failed.class,
              failed -> assertThat(failed.detail()).contains("-32000", "missing trie node"));
      assertThat(outcomes(observed).reading(decimals))
          .isEqualTo(new Reading.Value<>(TokenDecimals.of(6)));
    }
  }

  @Test
  void observe_retriesWhenTheConnectionIsClosedWithoutAnAnswer() {
    proxy.then(closeConnection(), forward(), closeConnection());
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals);

      assertRead(observed);
      assertThat(proxy.received()).hasSize(4);
    }
  }

  @Test
  void observe_failsOverToTheNextEndpointAndStaysThere() {
    try (RpcProxy broken = RpcProxy.inFrontOf(devnet.rpcUrl(CHAIN)).otherwise(status(503));
        Web3jEvmChainState adapter =
            adapter(patient(CHAIN, RpcProxy.deadEndpoint(), broken.url(), proxy.url()))) {
      assertRead(observe(adapter, CHAIN, balance, decimals));
      assertThat(broken.received()).hasSize(1);
      assertThat(proxy.received()).hasSize(2);

      assertRead(observe(adapter, CHAIN, balance, decimals, wei));
      assertThat(broken.received()).hasSize(1);
      assertThat(proxy.received()).hasSize(4);
    }
  }

  @Test
  void observe_reportsTheHeadUnavailableWhenNoEndpointAnswers() {
    try (Web3jEvmChainState adapter =
        adapter(impatient(CHAIN, RpcProxy.deadEndpoint(), RpcProxy.deadEndpoint()))) {
      ChainObservation observation = observeAll(adapter);

      assertThat(observation)
          .isInstanceOfSatisfying(
              ChainObservation.HeadUnavailable.class,
              unavailable -> assertThat(unavailable.detail()).contains("transport"));
    }
  }

  @Test
  void observe_matchesBatchAnswersToRequestsByIdInWhateverOrderTheyCome() {
    proxy.then(forward(), reverseBatch());
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals, wei);

      assertRead(observed);
      assertThat(outcomes(observed).outcome(wei))
          .isEqualTo(new ReadOutcome.Quantity(BigInteger.ZERO));
      assertThat(proxy.received()).hasSize(2);
    }
  }

  @Test
  void observe_retriesTheRequestWhoseAnswerIsMissingFromTheBatch() {
    proxy.then(forward(), dropFirstAnswer());
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals, wei);

      assertRead(observed);
      assertThat(proxy.received()).hasSize(3);
      JsonNode batch = proxy.received().get(1);
      JsonNode retry = proxy.received().get(2);
      assertThat(retry.isObject()).as("one request retried alone").isTrue();
      assertThat(retry.path("method")).isEqualTo(batch.get(0).path("method"));
      assertThat(retry.path("params")).isEqualTo(batch.get(0).path("params"));
    }
  }

  @Test
  void observe_retriesEveryRequestWhoseAnswerIdIsRepeated() {
    proxy.then(forward(), repeatFirstId());
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, balance, decimals, wei);

      assertRead(observed);
      assertThat(proxy.received()).hasSize(3);
      assertThat(proxy.received().get(2)).hasSize(3);
    }
  }

  @Test
  void observe_retriesABatchAnsweredWithOneErrorObject() {
    proxy.then(
        forward(),
        body(
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                + "\"message\":\"batch size too large\"}}"));
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      assertRead(observe(adapter, CHAIN, balance, decimals));
      assertThat(proxy.received()).hasSize(3);
    }
  }

  private ChainObservation observeAll(Web3jEvmChainState adapter) {
    return await(adapter.observe(ChainId.evm(CHAIN), Set.of(balance, decimals, wei), none()));
  }

  private void assertRead(ChainObservation.Observed observed) {
    assertThat(Web3jEvmChainStateDevnetTest.value(observed, balance))
        .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dUSD"));
    assertThat(Web3jEvmChainStateDevnetTest.value(observed, decimals))
        .isEqualTo(TokenDecimals.of(6));
  }

  private static Predicate<JsonNode> isCallTo(EvmRead<?> read) {
    String data = ((EvmRequest.EthCall) read.request()).data().toHex();
    return call -> data.equals(call.path("params").get(0).path("data").asText());
  }
}
