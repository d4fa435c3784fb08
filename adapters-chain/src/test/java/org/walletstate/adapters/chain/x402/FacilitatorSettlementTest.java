package org.walletstate.adapters.chain.x402;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.application.port.out.TransferAuthorizations.Settlement;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * The facilitator's answers, as its HTTP interface documents them, mapped to settlements: a
 * verification that fails or cannot be had sends nothing to settle; a settlement that answers
 * nothing readable is an unknown outcome, never a success.
 */
class FacilitatorSettlementTest {

  static final TransferAuthorization.TokenDomain USDC =
      new TransferAuthorization.TokenDomain(
          "USD Coin", "2", 8453, EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"));
  static final TransferAuthorization AUTHORIZATION =
      new TransferAuthorization(
          EvmAddress.of("0x2222222222222222222222222222222222222222"),
          EvmAddress.of("0x1111111111111111111111111111111111111111"),
          BigInteger.valueOf(50_000),
          BigInteger.valueOf(1_767_225_000L),
          BigInteger.valueOf(1_767_226_000L),
          Bytes32.parse("0x" + "ab".repeat(32), "nonce"),
          "0x" + "11".repeat(64) + "1b");
  static final String TX = "0x" + "cd".repeat(32);

  final JsonRpcReplay facilitator = JsonRpcReplay.start();
  final AtomicInteger stateReads = new AtomicInteger();
  final TransferAuthorizations chain =
      new TransferAuthorizations() {
        @Override
        public Uni<State> state(
            TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
          stateReads.incrementAndGet();
          return Uni.createFrom().item(new State.Read(false, BigInteger.TEN.pow(9)));
        }

        @Override
        public Uni<Settlement> settle(
            TransferAuthorization.TokenDomain token, TransferAuthorization authorization) {
          throw new AssertionError("the chain reader never settles here");
        }
      };
  final FacilitatorSettlement settlement =
      new FacilitatorSettlement(facilitator.url(), Duration.ofSeconds(2), chain);

  @AfterEach
  void stop() {
    facilitator.close();
  }

  Settlement settle() {
    return settlement.settle(USDC, AUTHORIZATION).await().atMost(Duration.ofSeconds(10));
  }

  static Reply valid() {
    return Reply.json(
        "{\"isValid\":true,\"payer\":\"0x2222222222222222222222222222222222222222\"}");
  }

  @Test
  void aVerifiedAndSettledPayment_isSettled_inItsTransaction_andTheRequestsAreTheExactScheme() {
    facilitator.on("/verify", valid());
    facilitator.on(
        "/settle",
        Reply.json(
            "{\"success\":true,\"transaction\":\""
                + TX
                + "\",\"network\":\"eip155:8453\",\"payer\":\"0x2222222222222222222222222222222222222222\"}"));

    assertThat(settle()).isEqualTo(new Settlement.Settled(TX));

    JsonNode sent = facilitator.requests("/settle").get(0).path("body");
    assertThat(sent.path("x402Version").asInt()).isEqualTo(2);
    JsonNode requirements = sent.path("paymentRequirements");
    assertThat(requirements.path("scheme").asText()).isEqualTo("exact");
    assertThat(requirements.path("network").asText()).isEqualTo("eip155:8453");
    assertThat(requirements.path("amount").asText()).isEqualTo("50000");
    assertThat(requirements.path("payTo").asText())
        .isEqualTo("0x1111111111111111111111111111111111111111");
    assertThat(requirements.path("extra").path("name").asText()).isEqualTo("USD Coin");
    JsonNode authorization = sent.path("paymentPayload").path("payload").path("authorization");
    assertThat(authorization.path("nonce").asText()).isEqualTo("0x" + "ab".repeat(32));
    assertThat(authorization.path("validBefore").asText()).isEqualTo("1767226000");
    assertThat(sent.path("paymentPayload").path("accepted")).isEqualTo(requirements);
    assertThat(facilitator.requests("/verify")).hasSize(1);
  }

  @Test
  void theInterfacesPaths_areUnderTheConfiguredUrl_withOrWithoutATrailingSlash() {
    facilitator.on("/x402/verify", valid());
    facilitator.on(
        "/x402/settle",
        Reply.json(
            "{\"success\":true,\"transaction\":\"" + TX + "\",\"network\":\"eip155:8453\"}"));
    for (String base : new String[] {"x402", "x402/"}) {
      FacilitatorSettlement under =
          new FacilitatorSettlement(facilitator.url().resolve(base), Duration.ofSeconds(2), chain);
      assertThat(under.settle(USDC, AUTHORIZATION).await().atMost(Duration.ofSeconds(10)))
          .isEqualTo(new Settlement.Settled(TX));
    }
  }

  @Test
  void anInvalidPayment_isRefused_andNeverSentToSettle() {
    facilitator.on(
        "/verify",
        Reply.json(
            "{\"isValid\":false,\"invalidReason\":\"insufficient_funds\",\"payer\":\"0x\"}"));
    assertThat(settle())
        .isEqualTo(new Settlement.Refused("the facilitator found it invalid (insufficient_funds)"));
    assertThat(facilitator.requests("/settle")).isEmpty();
  }

  @Test
  void anUnreachableVerification_isRefused_andNothingIsSettled() {
    facilitator.on("/verify", Reply.status(503));
    assertThat(settle()).isInstanceOf(Settlement.Refused.class);
    assertThat(facilitator.requests("/settle")).isEmpty();
  }

  @Test
  void aRefusedSettlement_isRefused_withTheFacilitatorsReason_cleaned() {
    facilitator.on("/verify", valid());
    facilitator.on(
        "/settle",
        Reply.json("{\"success\":false,\"errorReason\":\"transaction_failed<script>\"}"));
    assertThat(settle())
        .isEqualTo(
            new Settlement.Refused(
                "the facilitator refused the settlement (transaction_failedscript)"));
  }

  @Test
  void aSettlementWithoutAReadableAnswer_isAnUnknownOutcome() {
    facilitator.on("/verify", valid());
    for (Reply reply :
        new Reply[] {
          Reply.dropped(),
          Reply.status(500),
          Reply.truncated("{\"success\":tr"),
          Reply.json("{\"success\":true,\"transaction\":\"\"}")
        }) {
      facilitator.on("/settle", reply);
      assertThat(settle()).as(reply.toString()).isInstanceOf(Settlement.Failed.class);
    }
  }

  @Test
  void theTokensStateIsReadFromTheChain_notTheFacilitator() {
    assertThat(settlement.state(USDC, AUTHORIZATION).await().indefinitely())
        .isEqualTo(new TransferAuthorizations.State.Read(false, BigInteger.TEN.pow(9)));
    assertThat(stateReads).hasValue(1);
    assertThat(facilitator.requests()).isEmpty();
  }
}
