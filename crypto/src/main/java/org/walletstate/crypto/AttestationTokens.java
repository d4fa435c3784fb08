package org.walletstate.crypto;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.UnaryOperator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;
import org.walletstate.verifier.CanonicalJson;

/**
 * The compact JWS pair of an attestation's claims: the ES256 token (signed with jose4j, or remotely
 * with the same header members) and its ML-DSA-65 companion over the same payload segment.
 */
final class AttestationTokens {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

  private final SigningKeys keys;

  AttestationTokens(SigningKeys keys) {
    this.keys = keys;
  }

  /** ES256 compact JWS, header {@code {"alg":"ES256","typ":"JWT","kid":...}}. */
  String es256(String claims, String kid) {
    if (keys.ec().isRemote()) { // no JCA key here: the same header members, signed remotely
      return jws("ES256", kid, claims, keys.ec()::sign);
    }
    JsonWebSignature jws = new JsonWebSignature();
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256);
    jws.setHeader("typ", "JWT");
    jws.setKeyIdHeaderValue(kid);
    jws.setPayload(claims);
    jws.setKey(keys.ec().jcaPrivateKey());
    try {
      return jws.getCompactSerialization();
    } catch (JoseException e) {
      throw new IllegalStateException("ES256 token signing failed", e);
    }
  }

  /**
   * ML-DSA-65 compact JWS over the same payload segment as the ES256 token: header {@code
   * {"alg":"ML-DSA-65","typ":"JWT","kid":...}}, signed over {@code header.payload} as ASCII.
   */
  String mlDsa(String claims, String kid) {
    return jws("ML-DSA-65", kid, claims, keys.mlDsa()::sign);
  }

  /** A compact JWS {@code header.payload.signature}, header {@code {"alg","typ":"JWT","kid"}}. */
  private static String jws(String alg, String kid, String claims, UnaryOperator<byte[]> sign) {
    ObjectNode header = NODES.objectNode().put("alg", alg).put("typ", "JWT").put("kid", kid);
    String signingInput =
        BASE64URL.encodeToString(CanonicalJson.stringify(header).getBytes(StandardCharsets.UTF_8))
            + "."
            + BASE64URL.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
    byte[] signature = sign.apply(signingInput.getBytes(StandardCharsets.US_ASCII));
    return signingInput + "." + BASE64URL.encodeToString(signature);
  }
}
