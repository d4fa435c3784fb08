package org.walletstate.adapters.http.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.application.account.port.in.WalletSignInUseCase;

/**
 * The credentials of {@code Authorization: Wallet <base64(JSON({message, signature}))>}: the
 * EIP-4361 message and its personal_sign signature, both strings.
 */
record WalletHeader(String message, String signature) {

  private static final ObjectMapper JSON = new ObjectMapper();

  static final String SHAPE =
      "Authorization: Wallet must carry base64(JSON {\"message\": <EIP-4361 text>, \"signature\":"
          + " <0x personal_sign signature>})";

  /**
   * @throws ApiError 401 when the header does not carry that shape
   */
  static WalletHeader parse(String authorization) {
    String value = authorization.strip();
    int space = value.indexOf(' ');
    String encoded = space < 0 ? "" : value.substring(space + 1).strip();
    byte[] decoded;
    try {
      decoded =
          encoded.indexOf('-') >= 0 || encoded.indexOf('_') >= 0
              ? Base64.getUrlDecoder().decode(encoded)
              : Base64.getDecoder().decode(encoded);
    } catch (IllegalArgumentException e) {
      throw refused(SHAPE + "; it is not base64");
    }
    JsonNode node;
    try {
      node = JSON.readTree(new String(decoded, StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw refused(SHAPE + "; it is not JSON");
    }
    if (node == null
        || !node.isObject()
        || !node.path("message").isTextual()
        || !node.path("signature").isTextual()) {
      throw refused(SHAPE);
    }
    return new WalletHeader(node.get("message").asText(), node.get("signature").asText());
  }

  static ApiError refused(String reason) {
    return new ApiError(401, "Wallet sign-in refused: " + reason + ". Nothing was charged.");
  }

  /** A signer without a key, and where to buy one. */
  static String noKey(WalletSignInUseCase.Outcome.NoKey noKey) {
    return noKey.reason() + "; buy one with POST /v1/keys/buy";
  }
}
