package org.walletstate.application.payment.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.TransferAuthorization;

class X402PayloadTest {

  private static final String FROM = "0x1111111111111111111111111111111111111111";
  private static final String TO = "0x2222222222222222222222222222222222222222";
  private static final String NONCE = "0x" + "ab".repeat(32);
  private static final String SIGNATURE = "0x" + "cd".repeat(65);

  private static final AuthorizationCheck.Terms TERMS =
      new AuthorizationCheck.Terms(
          new TransferAuthorization.TokenDomain(
              "USD Coin", "2", 8453, EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")),
          EvmAddress.of(TO),
          BigInteger.valueOf(10_000));

  private static String evm(String value) {
    return "{\"x402Version\":2,\"accepted\":{\"scheme\":\"exact\",\"network\":\"eip155:8453\"},"
        + "\"payload\":{\"signature\":\""
        + SIGNATURE
        + "\",\"authorization\":{\"from\":\""
        + FROM
        + "\",\"to\":\""
        + TO
        + "\",\"value\":"
        + value
        + ",\"validAfter\":\"0\",\"validBefore\":\"1700000000\",\"nonce\":\""
        + NONCE
        + "\"}}}";
  }

  @Test
  void aV2PayloadNamesItsNetworkAndSchemeInTheAcceptedRequirement() {
    X402Payload payload = X402Payload.of(Json.object(evm("\"10000\"")));

    assertThat(payload.network()).isEqualTo("eip155:8453");
    assertThat(payload.scheme()).isEqualTo("exact");
  }

  @Test
  void aV1PayloadNamesItsNetworkAtTheTopByName_andItsSchemeDefaultsToExact() {
    X402Payload payload = X402Payload.of(Json.object("{\"x402Version\":1,\"network\":\"base\"}"));

    assertThat(payload.network()).isEqualTo("eip155:8453");
    assertThat(payload.scheme()).isEqualTo("exact");
    assertThat(X402Payload.of(Json.object("{\"network\":\"base\"}")).network()).isEqualTo("base");
  }

  @Test
  void anEvmPayloadIsAnEip3009AuthorizationWithItsSignature() {
    PerCallPayment.Evm payment =
        X402Payload.of(Json.object(evm("10000"))).evm("eip155:8453", TERMS);

    assertThat(payment.authorization().value()).isEqualTo(BigInteger.valueOf(10_000));
    assertThat(payment.authorization().from()).isEqualTo(EvmAddress.of(FROM));
    assertThat(payment.authorization().signature()).isEqualTo(SIGNATURE);
    assertThat(payment.key().id()).isEqualTo(NONCE);
  }

  @Test
  void anAmountThatIsNotAUint256IsRefusedNamingTheField() {
    assertThatThrownBy(() -> X402Payload.of(Json.object(evm("1.5"))).evm("eip155:8453", TERMS))
        .isInstanceOf(ValidationException.class)
        .hasMessage("payload.authorization.value must be a uint256 as a decimal string");
    assertThatThrownBy(
            () -> X402Payload.of(Json.object("{\"payload\":{}}")).evm("eip155:8453", TERMS))
        .hasMessage(
            "The payment has no payload.authorization (an EIP-3009 transferWithAuthorization)");
  }

  @Test
  void aSolanaPayloadWithoutATransactionIsRefused() {
    assertThatThrownBy(() -> X402Payload.of(Json.object("{\"payload\":{}}")).svm("solana", null))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("The payment has no payload.transaction");
  }

  @Test
  void theHeaderIsBase64_standardOrUrlSafe() {
    byte[] json = "{\"a\":\"?>?\"}".getBytes(StandardCharsets.UTF_8);

    assertThat(X402Payload.headerBytes(Base64.getEncoder().encodeToString(json))).isEqualTo(json);
    assertThat(X402Payload.headerBytes(Base64.getUrlEncoder().encodeToString(json)))
        .isEqualTo(json);
    assertThatThrownBy(() -> X402Payload.headerBytes("not base64!"))
        .hasMessage("The payment header is not valid base64");
    assertThatThrownBy(() -> X402Payload.headerBytes(" "))
        .hasMessageStartingWith("The payment header must be base64 of an x402 payment payload");
  }
}
