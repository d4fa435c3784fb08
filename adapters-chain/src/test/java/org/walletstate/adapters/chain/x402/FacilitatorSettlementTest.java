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
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.payment.TransferAuthorization;
import org.walletstate.domain.solana.SolanaTransaction;

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
  static final PerCallPayment.Evm PAYMENT =
      new PerCallPayment.Evm(
          "eip155:8453",
          new AuthorizationCheck.Terms(
              USDC,
              EvmAddress.of("0x1111111111111111111111111111111111111111"),
              BigInteger.valueOf(50_000)),
          AUTHORIZATION);
  static final String TX = "0x" + "cd".repeat(32);

  final JsonRpcReplay facilitator = JsonRpcReplay.start();
  final AtomicInteger stateReads = new AtomicInteger();
  final TransferAuthorizations chain =
      new TransferAuthorizations() {
        @Override
        public Uni<State> state(PerCallPayment payment) {
          stateReads.incrementAndGet();
          return Uni.createFrom().item(new State.Read(false, BigInteger.TEN.pow(9)));
        }

        @Override
        public Uni<Settlement> settle(PerCallPayment payment) {
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
    return settlement.settle(PAYMENT).await().atMost(Duration.ofSeconds(10));
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
      assertThat(under.settle(PAYMENT).await().atMost(Duration.ofSeconds(10)))
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
    assertThat(settlement.state(PAYMENT).await().indefinitely())
        .isEqualTo(new TransferAuthorizations.State.Read(false, BigInteger.TEN.pow(9)));
    assertThat(stateReads).hasValue(1);
    assertThat(facilitator.requests()).isEmpty();
  }

  // --- Solana: verified before the work, settled after it, both by the facilitator ---

  /** A transaction of the official SVM client (see the domain's SvmPaymentTest). */
  static final String SVM_TRANSACTION =
      "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABUNFX1"
          + "XPaO+OHKAyGwNfNh2zK9d+WJEQSXMrbS2ehQ2XZH6U06nzArreaXAuG8S/Bt+Gwog88Txs6Y61q9PJgBgAIBBAgX"
          + "5hBb/x4wtw6y3F95So7BPMYmMIL2bcXvsx27Gib/qOpKbGPinFIKvvVQexMuxfmVR3auvr57kkIe6mkURtIsSRIK"
          + "tW31UClFCvSaqokvB4/UORQRiFhkzkX3a6TKSQ5nMC5JGJTXSS6mvk+RTqT0X6FC5kWGfJFkonbV3XbwdgMGRm/l"
          + "IRcy/+ytunLDm+e8jOW7xfcSayxDmzpAAAAAxvp6877brTo9ZfNqq8l0MbG75MLS9uDkfKYCA0UvXWEFSlNamSkh"
          + "Bk0k6HFg2jh8fDW13bySu4HkH6hAQQVEjQbd9uHXZaGT2cvhRs7reawctIXtX1s3kTqM9YV+/wCpzEkOkozS44c7"
          + "s0P8ldozF5ymD02/RsLDbpEpnVXU5rkEBAAFAiBOAAAEAAkDAQAAAAAAAAAHBAMFAgEKDFDDAAAAAAAABgYAIDJm"
          + "Y2QyYTVkMjlmNjcyOTRlNTNmNTFjODU5NDExYmI4AA==";

  static final String SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
  static final String FEE_PAYER = "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR";
  static final String SIGNATURE =
      "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
  static final PerCallPayment.Svm SVM =
      new PerCallPayment.Svm(
          SOLANA,
          new SvmPayment.Terms(
              SolanaAddress.of("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
              SolanaAddress.of("A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"),
              BigInteger.valueOf(50_000),
              6,
              SolanaAddress.of(FEE_PAYER)),
          SolanaTransaction.decode(java.util.Base64.getDecoder().decode(SVM_TRANSACTION)));

  TransferAuthorizations.State svmState() {
    return settlement.state(SVM).await().atMost(Duration.ofSeconds(10));
  }

  @Test
  void aSolanaPayment_isVerifiedByTheFacilitatorBeforeTheWork_inTheExactSvmShape() {
    facilitator.on("/verify", Reply.json("{\"isValid\":true,\"payer\":\"GmaDrpp\"}"));

    assertThat(svmState()).isEqualTo(new TransferAuthorizations.State.Verified());

    assertThat(stateReads).hasValue(0);
    JsonNode sent = facilitator.requests("/verify").get(0).path("body");
    assertThat(sent.path("x402Version").asInt()).isEqualTo(2);
    JsonNode requirements = sent.path("paymentRequirements");
    assertThat(requirements.path("scheme").asText()).isEqualTo("exact");
    assertThat(requirements.path("network").asText()).isEqualTo(SOLANA);
    assertThat(requirements.path("amount").asText()).isEqualTo("50000");
    assertThat(requirements.path("asset").asText())
        .isEqualTo("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    assertThat(requirements.path("payTo").asText())
        .isEqualTo("A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd");
    assertThat(requirements.path("extra").path("feePayer").asText()).isEqualTo(FEE_PAYER);
    assertThat(sent.path("paymentPayload").path("accepted")).isEqualTo(requirements);
    assertThat(sent.path("paymentPayload").path("payload").path("transaction").asText())
        .isEqualTo(SVM_TRANSACTION);
  }

  @Test
  void aSolanaPaymentTheFacilitatorFindsInvalid_isInvalid_withItsReason() {
    facilitator.on(
        "/verify",
        Reply.json(
            "{\"isValid\":false,\"invalidReason\":\"invalid_exact_svm_transaction_simulation_failed\"}"));
    assertThat(svmState())
        .isEqualTo(
            new TransferAuthorizations.State.Invalid(
                "the facilitator found it invalid"
                    + " (invalid_exact_svm_transaction_simulation_failed)"));
  }

  @Test
  void aFacilitatorThatDoesNotAnswerTheVerification_isAFailedCheck_neverTheChain() {
    for (Reply reply : new Reply[] {Reply.dropped(), Reply.status(502), Reply.json("[]")}) {
      facilitator.on("/verify", reply);
      assertThat(svmState())
          .as(reply.toString())
          .isInstanceOf(TransferAuthorizations.State.Failed.class);
    }
    assertThat(stateReads).hasValue(0);
  }

  @Test
  void aSolanaSettlement_goesStraightToSettle_andNamesItsBase58Signature() {
    facilitator.on(
        "/settle",
        Reply.json(
            "{\"success\":true,\"transaction\":\""
                + SIGNATURE
                + "\",\"network\":\""
                + SOLANA
                + "\",\"payer\":\"GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB\"}"));

    assertThat(settlement.settle(SVM).await().atMost(Duration.ofSeconds(10)))
        .isEqualTo(new Settlement.Settled(SIGNATURE));
    assertThat(facilitator.requests("/verify")).isEmpty();
    assertThat(
            facilitator
                .requests("/settle")
                .get(0)
                .path("body")
                .path("paymentPayload")
                .path("payload")
                .path("transaction")
                .asText())
        .isEqualTo(SVM_TRANSACTION);
  }

  @Test
  void aSolanaSettlementTheFacilitatorRefuses_isRefused() {
    facilitator.on(
        "/settle",
        Reply.json(
            "{\"success\":false,\"errorReason\":\"invalid_exact_svm_transaction_failed\","
                + "\"transaction\":\"\"}"));
    assertThat(settlement.settle(SVM).await().atMost(Duration.ofSeconds(10)))
        .isEqualTo(
            new Settlement.Refused(
                "the facilitator refused the settlement (invalid_exact_svm_transaction_failed)"));
  }

  @Test
  void theFeePayer_isTheOneTheFacilitatorNamesForSolana_inSupported() {
    facilitator.on(
        "/supported",
        Reply.json(
            "{\"kinds\":[{\"x402Version\":2,\"scheme\":\"exact\",\"network\":\"eip155:8453\"},"
                + "{\"x402Version\":1,\"scheme\":\"exact\",\"network\":\"solana\","
                + "\"extra\":{\"feePayer\":\"BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA\"}},"
                + "{\"x402Version\":2,\"scheme\":\"exact\",\"network\":\""
                + SOLANA
                + "\",\"extra\":{\"feePayer\":\""
                + FEE_PAYER
                + "\"}}],\"extensions\":[],\"signers\":{}}"));
    assertThat(
            settlement
                .feePayer(SOLANA)
                .await()
                .atMost(Duration.ofSeconds(10))
                .map(SolanaAddress::text))
        .contains(FEE_PAYER);
    assertThat(
            settlement.feePayer("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1").await().indefinitely())
        .isEmpty();

    facilitator.on("/supported", Reply.status(503));
    assertThat(settlement.feePayer(SOLANA).await().atMost(Duration.ofSeconds(10))).isEmpty();
  }
}
