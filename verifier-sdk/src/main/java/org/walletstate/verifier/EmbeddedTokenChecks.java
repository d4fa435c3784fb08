package org.walletstate.verifier;

import static org.walletstate.verifier.StatementChecks.guarded;
import static org.walletstate.verifier.StatementChecks.textOrNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.JsEquality;
import org.walletstate.verifier.internal.JsJson;

/**
 * The tokens carried beside a raw attestation ({@code data.jwt}, {@code data.pqJwt}): the JWT must
 * be signed under the response's kid, its claims must say what the attestation says, its condition
 * hashes must hold, and its ML-DSA companion must verify.
 */
final class EmbeddedTokenChecks {

  /** The verdict on the embedded tokens and, when they verify, the token's subject. */
  record EmbeddedToken(JwtVerdict verdict, String subject) {}

  private static final String[][] SAME_CLAIMS = {
    {"jti", "id"}, {"pass", "pass"}, {"results", "results"}
  };

  private final Companions companions;

  EmbeddedTokenChecks(Companions companions) {
    this.companions = companions;
  }

  EmbeddedToken check(StatementChecks.WellFormed checked) {
    JsonNode data = checked.holder();
    String kid = checked.kid();
    KeySet.Lookup<ECPublicKey> key = checked.key();
    JsonNode token = data.get(StatementType.JWT);
    JsonNode pqToken = data.get(StatementType.PQ_JWT);
    if (token == null || !token.isTextual()) {
      return failed(
          pqToken != null && pqToken.isTextual()
              ? "the response carries data.pqJwt without a data.jwt string"
              : "data.jwt is not a string",
          null);
    }
    CompactJws jwt;
    try {
      jwt = CompactJws.parse(token.textValue());
    } catch (IllegalArgumentException e) {
      return failed("data.jwt: " + e.getMessage(), null);
    }
    String tokenKid = jwt.headerText("kid");
    if (tokenKid == null ? kid != null : !tokenKid.equals(kid)) {
      return failed(
          "data.jwt names kid \""
              + tokenKid
              + "\" but the response is signed under \""
              + kid
              + "\"",
          null);
    }
    PqVerdict pq =
        companions.token(
            pqToken != null && pqToken.isTextual() ? pqToken.textValue() : null,
            jwt,
            checked.issuedAt());
    if (!key.isFound()) {
      return failed("data.jwt signature: " + key.problem(), pq);
    }
    Verdict signature = AttestationTokenChecks.signature(jwt, key.key());
    if (!signature.passed()) {
      return failed("data.jwt signature: " + signature.reason().orElse(""), pq);
    }
    return claims(jwt.payload(), checked, pq);
  }

  /** The signed token's claims against the attestation, its condition hashes, its companion. */
  private static EmbeddedToken claims(
      JsonNode claims, StatementChecks.WellFormed checked, PqVerdict pq) {
    Optional<String> difference = claimDifference(claims, checked.statement());
    if (difference.isPresent()) {
      return failed(difference.get(), pq);
    }
    List<Integer> failures = new ArrayList<>();
    Verdict hashes =
        guarded(
            () -> ResultChecks.conditionHashes(claims.get("results"), checked.role(), failures));
    if (!hashes.passed()) {
      return failed("data.jwt condition hashes: " + hashes.reason().orElse(""), pq);
    }
    if (!pq.passed()) {
      return failed("data.pqJwt: " + pq.reason().orElse(pq.status().wireName()), pq);
    }
    return new EmbeddedToken(new JwtVerdict(Verdict.pass(), pq), textOrNull(claims.get("sub")));
  }

  /** The first claim that differs from the attestation, as the reason the token fails. */
  private static Optional<String> claimDifference(JsonNode claims, JsonNode attestation) {
    Optional<Instant> expiresAt = IsoInstant.parse(attestation.get("expiresAt").textValue());
    JsonNode expectedExp =
        expiresAt.isPresent()
            ? JsonNodeFactory.instance.numberNode(
                Math.floorDiv(expiresAt.get().toEpochMilli(), 1000L))
            : JsonNodeFactory.instance.textNode("(unparsable expiresAt)");
    try {
      for (String[] pair : SAME_CLAIMS) {
        Optional<String> difference =
            JsEquality.firstDifference(
                claims.get(pair[0]), attestation.get(pair[1]), pair[0], CanonicalJson.MAX_DEPTH);
        if (difference.isPresent()) {
          return Optional.of(
              "data.jwt claim \"" + difference.get() + "\" differs from the attestation");
        }
      }
      if (JsEquality.firstDifference(claims.get("exp"), expectedExp, "exp", CanonicalJson.MAX_DEPTH)
          .isPresent()) {
        return Optional.of("data.jwt claim \"exp\" differs from the attestation's expiresAt");
      }
    } catch (JsJson.NestingTooDeep e) {
      return Optional.of("data.jwt: refused: " + e.getMessage());
    }
    return Optional.empty();
  }

  private static EmbeddedToken failed(String reason, PqVerdict pq) {
    return new EmbeddedToken(new JwtVerdict(Verdict.fail(reason), pq), null);
  }
}
