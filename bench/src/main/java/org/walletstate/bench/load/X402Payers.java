package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.TransferAuthorization;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/**
 * The payers of the pay-per-call run: wallets funded with the quote's token on 8453, and a fresh
 * EIP-3009 authorization per call for the service's own quote, signed here with web3j over the
 * token domain's EIP-712 digest (the tests use the official x402 client; a load run needs hundreds
 * of payments without a Node.js process each). An authorization is sent either as the x402 v2
 * {@code PAYMENT-SIGNATURE} header or, by the floor, straight to the token.
 */
final class X402Payers {

  static final long BASE = 8453;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final HexFormat HEX = HexFormat.of();
  private static final String TRANSFER_WITH_AUTHORIZATION =
      Hash.sha3String(
              "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,"
                  + "bytes32,bytes32)")
          .substring(0, 10);

  private final JsonNode quote;
  private final JsonNode accepted;
  private final List<ECKeyPair> payers;

  private X402Payers(JsonNode quote, List<ECKeyPair> payers) {
    this.quote = quote;
    this.accepted = quote.path("accepts").path(0);
    this.payers = payers;
  }

  /** The 402 answer of the service to an unpaid {@code POST /v1/attest} of {@code body}. */
  static JsonNode quote(HttpClient http, URI base, String body) throws Exception {
    HttpResponse<String> answer =
        http.send(
            HttpRequest.newBuilder(base.resolve("/v1/attest"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 402) {
      throw new IllegalStateException("no quote: " + answer.statusCode() + " " + answer.body());
    }
    return JSON.readTree(answer.body());
  }

  /**
   * {@code count} new payers, each minted enough of the quote's token for {@code calls} calls by
   * the devnet's deployer.
   */
  static X402Payers funded(Devnet devnet, JsonNode quote, int count, int calls) {
    JsonNode accepted = quote.path("accepts").path(0);
    BigInteger enough =
        new BigInteger(accepted.path("amount").asText()).multiply(BigInteger.valueOf(calls + 1L));
    JsonRpc rpc = devnet.rpc(BASE);
    String deployer = devnet.manifest().deployer().address();
    List<ECKeyPair> payers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ECKeyPair payer;
      try {
        payer = Keys.createEcKeyPair(RANDOM);
      } catch (java.security.GeneralSecurityException e) {
        throw new IllegalStateException("cannot make a payer key", e);
      }
      String address = "0x" + Keys.getAddress(payer);
      rpc.sendTransaction(
          Map.of(
              "from",
              deployer,
              "to",
              accepted.path("asset").asText(),
              "data",
              "0x40c10f19" + word(new BigInteger(address.substring(2), 16)) + word(enough),
              "gas",
              "0x30d40"));
      payers.add(payer);
    }
    return new X402Payers(quote, payers);
  }

  /** The token the quote is paid in. */
  String asset() {
    return accepted.path("asset").asText();
  }

  /**
   * One payer per thread for one run of {@link LoadRun}: a payer has one paid call under way at a
   * time, as the service allows. A run's threads are new, so each run draws its own.
   */
  ThreadLocal<ECKeyPair> onePerThread() {
    AtomicInteger next = new AtomicInteger();
    return ThreadLocal.withInitial(() -> payers.get(next.getAndIncrement()));
  }

  /** A fresh authorization of {@code payer} for the quote, valid for its maxTimeoutSeconds. */
  Signed authorize(ECKeyPair payer) {
    long now = Instant.now().getEpochSecond();
    byte[] nonce = new byte[32];
    RANDOM.nextBytes(nonce);
    var unsigned =
        new TransferAuthorization(
            EvmAddress.of("0x" + Keys.getAddress(payer)),
            EvmAddress.of(accepted.path("payTo").asText()),
            new BigInteger(accepted.path("amount").asText()),
            BigInteger.valueOf(now - 600),
            BigInteger.valueOf(now + accepted.path("maxTimeoutSeconds").asLong()),
            Bytes32.parse("0x" + HEX.formatHex(nonce), "nonce"),
            "0x");
    var domain =
        new TransferAuthorization.TokenDomain(
            accepted.path("extra").path("name").asText(),
            accepted.path("extra").path("version").asText(),
            BASE,
            EvmAddress.of(asset()));
    Sign.SignatureData signature =
        Sign.signMessage(unsigned.digest(domain).bytes().toArray(), payer, false);
    return new Signed(unsigned, nonce, signature);
  }

  /** A signed authorization. */
  final class Signed {
    private final TransferAuthorization authorization;
    private final byte[] nonce;
    private final Sign.SignatureData signature;

    private Signed(TransferAuthorization authorization, byte[] nonce, Sign.SignatureData sig) {
      this.authorization = authorization;
      this.nonce = nonce;
      this.signature = sig;
    }

    /** The x402 v2 {@code PAYMENT-SIGNATURE} header carrying it. */
    String header() {
      ObjectNode header = JSON.createObjectNode();
      header.put("x402Version", 2);
      header.set("resource", quote.path("resource"));
      header.set("accepted", accepted);
      ObjectNode payload = header.putObject("payload");
      payload.put(
          "signature",
          "0x"
              + HEX.formatHex(signature.getR())
              + HEX.formatHex(signature.getS())
              + HEX.formatHex(signature.getV()));
      ObjectNode auth = payload.putObject("authorization");
      auth.put("from", authorization.from().lowercase());
      auth.put("to", accepted.path("payTo").asText());
      auth.put("value", authorization.value().toString());
      auth.put("validAfter", authorization.validAfter().toString());
      auth.put("validBefore", authorization.validBefore().toString());
      auth.put("nonce", "0x" + HEX.formatHex(nonce));
      return Base64.getEncoder().encodeToString(header.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The token call {@code transferWithAuthorization(from, to, value, after, before, nonce, v, r,
     * s)}.
     */
    String transferCall() {
      return TRANSFER_WITH_AUTHORIZATION
          + word(new BigInteger(authorization.from().lowercase().substring(2), 16))
          + word(new BigInteger(authorization.to().lowercase().substring(2), 16))
          + word(authorization.value())
          + word(authorization.validAfter())
          + word(authorization.validBefore())
          + HEX.formatHex(nonce)
          + word(BigInteger.valueOf(signature.getV()[0] & 0xff))
          + HEX.formatHex(signature.getR())
          + HEX.formatHex(signature.getS());
    }
  }

  private static String word(BigInteger value) {
    String hex = value.toString(16);
    return "0".repeat(64 - hex.length()) + hex;
  }
}
