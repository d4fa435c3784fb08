package org.walletstate.adapters.http.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.PurchaseProofSigner;

/**
 * Payers with real keys, whose claim proofs are signed by each family's own client library (ethers,
 * tronweb, @solana/kit, bitcoinjs-message, through {@code devnet/tools/purchase-proof.mjs}); never
 * by the service's code. The claim message is written here from docs/billing.md ("Who may claim a
 * payment"), not taken from the service.
 */
public final class Payers {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Map<String, Payer> BY_ADDRESS = new ConcurrentHashMap<>();
  private static final Map<String, Map<String, Object>> PROOFS = new ConcurrentHashMap<>();
  private static volatile PurchaseProofSigner signer;

  /** The wallet-auth domain the tests configure. */
  public static final String DOMAIN = "localhost";

  private Payers() {}

  /**
   * A wallet with its private key.
   *
   * @param segwitType bitcoin only: {@code p2wpkh}, {@code p2sh(p2wpkh)}, or null for P2PKH
   */
  public record Payer(String family, String privateKey, String address, String segwitType) {

    /** A {@code senderProof} for {@code POST /v1/keys/buy} naming {@code appName}, issued now. */
    public Map<String, Object> keysBuy(String appName, Object chainId, String tx) {
      return sign(message("keys/buy", List.of("App: " + appName), chainId, tx, now()));
    }

    /** A {@code senderProof} for {@code POST /v1/credits/buy}, issued now. */
    public Map<String, Object> creditsBuy(Object chainId, String tx) {
      return sign(message("credits/buy", List.of(), chainId, tx, now()));
    }

    /** A {@code senderProof} for {@code POST /v1/merchants/{id}/credits}, issued now. */
    public Map<String, Object> merchantCredits(String merchantId, Object chainId, String tx) {
      return sign(
          message("merchant-credits", List.of("Merchant: " + merchantId), chainId, tx, now()));
    }

    /** A {@code senderProof} for {@code POST /v1/plans/buy} naming {@code plan}, issued now. */
    public Map<String, Object> plansBuy(String plan, Object chainId, String tx) {
      return sign(message("plans/buy", List.of("Plan: " + plan), chainId, tx, now()));
    }

    /** {@code {message, signature}} for any text, signed by this wallet's library. */
    public Map<String, Object> sign(String message) {
      ObjectNode request = JSON.createObjectNode();
      request.put("family", family).put("privateKey", privateKey).put("message", message);
      if (segwitType != null) {
        request.put("segwitType", segwitType);
      }
      JsonNode signed = signer().sign(request);
      Map<String, Object> proof = new LinkedHashMap<>();
      proof.put("message", message);
      proof.put("signature", signed.path("signature").asText());
      return proof;
    }
  }

  /** The claim message, as docs/billing.md writes it. */
  public static String message(
      String purpose, List<String> details, Object chainId, String tx, Instant issuedAt) {
    List<String> lines = new ArrayList<>();
    lines.add(DOMAIN + " asks you to prove you sent this payment");
    lines.add("Purpose: " + purpose);
    lines.addAll(details);
    lines.add("Chain: " + chainId);
    // the service's canonical form: hex in lower case, base58 as it is
    lines.add(
        "Transaction: " + (tx.matches("(0x)?[0-9a-fA-F]{64}") ? tx.toLowerCase(Locale.ROOT) : tx));
    lines.add("Issued At: " + issuedAt.truncatedTo(ChronoUnit.SECONDS));
    return String.join("\n", lines);
  }

  public static Instant now() {
    return Instant.now();
  }

  /** A fresh EVM payer. */
  public static Payer evm() {
    return fresh("evm", null);
  }

  /**
   * A fresh payer of {@code family} ({@code evm}, {@code tron}, {@code solana}, {@code bitcoin}).
   */
  public static Payer fresh(String family) {
    return fresh(family, null);
  }

  /** A fresh payer; bitcoin's address type by {@code segwitType}. */
  public static Payer fresh(String family, String segwitType) {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    key[0] &= 0x7f; // below the curve order on secp256k1
    key[0] |= 0x01;
    String hex = HexFormat.of().formatHex(key);
    ObjectNode request = JSON.createObjectNode();
    request.put("family", family).put("privateKey", hex);
    if (segwitType != null) {
      request.put("segwitType", segwitType);
    }
    String address = signer().sign(request).path("address").asText();
    Payer payer = new Payer(family, hex, address, segwitType);
    BY_ADDRESS.put(normal(address), payer);
    return payer;
  }

  /** The payer behind an address made here, if it was. */
  public static Optional<Payer> of(String address) {
    return Optional.ofNullable(BY_ADDRESS.get(normal(address)));
  }

  /** A fresh EVM payer's address, with gas and {@code raw} of {@code token} on {@code chain}. */
  public static String fundedWallet(long chain, String token, long raw) {
    String wallet = evm().address();
    Payments.fund(chain, wallet, token, raw);
    return wallet;
  }

  /** The sender of an EVM transaction on the devnet. */
  public static Payer senderOf(long chain, String tx) {
    String from = Payments.rpc(chain).call("eth_getTransactionByHash", tx).path("from").asText();
    return of(from)
        .orElseThrow(() -> new IllegalStateException(from + " is not a payer made by Payers"));
  }

  /**
   * {@code body} (an EVM purchase) with the {@code senderProof} its payer signs, when the
   * transaction's sender is a payer made here; else {@code body} as it is. {@code purpose} is
   * {@code keys/buy} (the body's {@code appName} is named), {@code credits/buy}, or {@code
   * merchant-credits:<id>}.
   */
  public static Map<String, Object> proven(String purpose, Map<String, ?> body) {
    String chainText = String.valueOf(body.get("chainId"));
    if (!chainText.matches("[0-9]+")
        || !(body.get("txHash") instanceof String hash)
        || !hash.matches("0x[0-9a-fA-F]{64}")) {
      return new LinkedHashMap<>(body);
    }
    if (!Devnet.shared().manifest().chains().containsKey(Long.parseLong(chainText))) {
      return new LinkedHashMap<>(body); // a chain the devnet does not run: nothing was paid there
    }
    JsonNode found = Payments.rpc(Long.parseLong(chainText)).call("eth_getTransactionByHash", hash);
    return proven(found.path("from").asText(""), purpose, body);
  }

  /**
   * {@code body} with the {@code senderProof} that {@code sender} signs for it, when {@code sender}
   * is a payer made here and the body carries none; else {@code body} as it is. One proof per
   * purchase, reused by its replays.
   */
  public static Map<String, Object> proven(String sender, String purpose, Map<String, ?> body) {
    Map<String, Object> out = new LinkedHashMap<>(body);
    Optional<Payer> payer = of(sender);
    if (payer.isEmpty()
        || body.containsKey("senderProof")
        || !(body.get("txHash") instanceof String hash)) {
      return out;
    }
    String chain = String.valueOf(body.get("chainId"));
    String cacheKey = purpose + " " + body.get("appName") + " " + chain + " " + hash;
    Map<String, Object> proof =
        PROOFS.computeIfAbsent(
            cacheKey,
            k -> {
              if (purpose.equals("keys/buy")) {
                return payer.get().keysBuy(String.valueOf(body.get("appName")), chain, hash);
              }
              if (purpose.equals("credits/buy")) {
                return payer.get().creditsBuy(chain, hash);
              }
              return payer
                  .get()
                  .merchantCredits(purpose.substring("merchant-credits:".length()), chain, hash);
            });
    out.put("senderProof", proof);
    return out;
  }

  private static String normal(String address) {
    return address.startsWith("0x") ? address.toLowerCase(Locale.ROOT) : address;
  }

  private static PurchaseProofSigner signer() {
    if (signer == null) {
      signer = Devnet.shared().purchaseProofSigner();
    }
    return signer;
  }
}
