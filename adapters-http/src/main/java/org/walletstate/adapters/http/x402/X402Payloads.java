package org.walletstate.adapters.http.x402;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Base64;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.TransferAuthorization;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * The {@code payload} of an x402 "exact" payment read into domain values: an EIP-3009 authorization
 * with its signature, or a partially signed Solana transaction. A payload that is not one is a 400
 * naming the field.
 */
final class X402Payloads {

  private X402Payloads() {}

  /**
   * The x402 exact SVM payload: {@code transaction}, base64 of the partially signed transaction.
   */
  static SolanaTransaction transaction(JsonNode payload) {
    JsonNode text = payload.path("transaction");
    if (!text.isTextual() || text.asText().isEmpty()) {
      throw ApiError.badRequest(
          "The payment has no payload.transaction (base64 of a partially signed Solana"
              + " transaction)");
    }
    byte[] wire;
    try {
      wire = Base64.getDecoder().decode(text.asText());
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest("payload.transaction is not valid base64");
    }
    try {
      return SolanaTransaction.decode(wire);
    } catch (SolanaTransaction.MalformedTransaction e) {
      throw ApiError.badRequest(
          "payload.transaction is not a Solana transaction: " + e.getMessage());
    }
  }

  static TransferAuthorization authorization(JsonNode payload) {
    JsonNode auth = payload.path("authorization");
    if (!auth.isObject()) {
      throw ApiError.badRequest(
          "The payment has no payload.authorization (an EIP-3009 transferWithAuthorization)");
    }
    return new TransferAuthorization(
        address(auth, "from"),
        address(auth, "to"),
        uint(auth, "value"),
        uint(auth, "validAfter"),
        uint(auth, "validBefore"),
        nonce(auth),
        signature(payload));
  }

  private static EvmAddress address(JsonNode auth, String field) {
    String text = auth.path(field).asText("");
    if (!text.matches("0x[0-9a-fA-F]{40}")) {
      throw ApiError.badRequest(
          "payload.authorization." + field + " must be an EVM address (0x and 40 hex digits)");
    }
    return EvmAddress.of(text);
  }

  private static BigInteger uint(JsonNode auth, String field) {
    JsonNode node = auth.path(field);
    String text = node.isTextual() || node.isIntegralNumber() ? node.asText() : "";
    if (!text.matches("[0-9]{1,78}") || new BigInteger(text).bitLength() > 256) {
      throw ApiError.badRequest(
          "payload.authorization." + field + " must be a uint256 as a decimal string");
    }
    return new BigInteger(text);
  }

  private static Bytes32 nonce(JsonNode auth) {
    String text = auth.path("nonce").asText("");
    if (!text.matches("0x[0-9a-fA-F]{64}")) {
      throw ApiError.badRequest("payload.authorization.nonce must be 0x and 64 hex digits");
    }
    return Bytes32.parse(text, "nonce");
  }

  private static String signature(JsonNode payload) {
    String text = payload.path("signature").asText("");
    if (!text.matches("0x[0-9a-fA-F]{130}")) {
      throw ApiError.badRequest("payload.signature must be 0x and 65 bytes of hex");
    }
    return text;
  }
}
