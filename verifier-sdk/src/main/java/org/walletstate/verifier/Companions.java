package org.walletstate.verifier;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.JsEquality;
import org.walletstate.verifier.internal.JsJson;
import org.walletstate.verifier.internal.MlDsa65;

/** The ML-DSA-65 companion checks: {@code pqSig} over a rebuilt preimage, and {@code pqJwt}. */
final class Companions {

  private final Policy policy;

  Companions(Policy policy) {
    this.policy = policy;
  }

  /**
   * A raw {@code pqSig}.
   *
   * @param classicalRole the role the classical kid names, empty when the kid is absent or unknown
   * @param companionRole the companion role this artifact type expects
   * @param preimage builds the companion preimage; called only once a companion is present and its
   *     kid placed, so an absent companion stays absent whatever the artifact's shape
   */
  PqVerdict raw(
      String pqSig,
      String pqKid,
      Optional<KeyRole> classicalRole,
      KeyRole companionRole,
      Supplier<byte[]> preimage,
      Instant issuedAt) {
    if (pqSig == null || pqSig.isEmpty()) {
      return policy.pq(
          PqStatus.ABSENT, "no post-quantum companion on this artifact", null, issuedAt);
    }
    if (classicalRole.isEmpty() || !classicalRole.get().classical()) {
      return policy.pq(
          PqStatus.UNVERIFIABLE,
          "the classical kid is absent or unknown, so the preimage the companion signs cannot be"
              + " rebuilt",
          pqKid,
          issuedAt);
    }
    if (pqKid == null) {
      return policy.pq(PqStatus.UNVERIFIABLE, "pqSig present without pqKid", null, issuedAt);
    }
    Optional<KeyRole> pqRole = policy.namespace().roleOf(pqKid);
    if (pqRole.isPresent() && !pqRole.get().classical() && pqRole.get() != companionRole) {
      return policy.pq(
          PqStatus.UNVERIFIABLE,
          "pqKid \""
              + pqKid
              + "\" does not name this artifact type (expected "
              + policy.namespace().kid(companionRole)
              + ")",
          pqKid,
          issuedAt);
    }
    KeySet.Lookup<MLDSAPublicKeyParameters> key = policy.keys().mlDsaKey(pqKid);
    if (!key.isFound()) {
      return policy.pq(PqStatus.UNVERIFIABLE, key.problem(), pqKid, issuedAt);
    }
    byte[] message;
    try {
      message = preimage.get();
    } catch (CanonicalJson.NestingTooDeepException e) {
      return new PqVerdict(PqStatus.UNVERIFIABLE, false, "refused: " + e.getMessage(), pqKid, null);
    }
    byte[] signature;
    try {
      signature = Base64Text.decodeStandard(pqSig);
    } catch (IllegalArgumentException e) {
      return policy.pq(PqStatus.REFUTED, "pqSig is not base64", pqKid, issuedAt);
    }
    boolean ok = MlDsa65.verify(key.key(), message, signature);
    return ok
        ? policy.pq(PqStatus.VERIFIED, null, pqKid, issuedAt)
        : policy.pq(
            PqStatus.REFUTED,
            "the companion does not verify (tampered payload or wrong key)",
            pqKid,
            issuedAt);
  }

  /**
   * A {@code pqJwt}: verified over its own signing input, then bound to the ES256 token by the
   * whole claim set (same member names, deeply equal values, compared as parsed JSON).
   */
  PqVerdict token(String pqJwt, CompactJws classical, Instant issuedAt) {
    try {
      return checkedToken(pqJwt, classical, issuedAt);
    } catch (RuntimeException e) {
      return new PqVerdict(PqStatus.UNVERIFIABLE, false, "pqJwt: " + e.getMessage(), null, null);
    }
  }

  private PqVerdict checkedToken(String pqJwt, CompactJws classical, Instant issuedAt) {
    if (pqJwt == null || pqJwt.isEmpty()) {
      return policy.pq(PqStatus.ABSENT, "no pqJwt was supplied", null, issuedAt);
    }
    CompactJws companion;
    try {
      companion = CompactJws.parse(pqJwt);
    } catch (IllegalArgumentException e) {
      return policy.pq(PqStatus.REFUTED, "pqJwt: " + e.getMessage(), null, issuedAt);
    }
    String kid = companion.headerText("kid");
    if (!"ML-DSA-65".equals(companion.headerText("alg")) || kid == null) {
      return policy.pq(
          PqStatus.REFUTED, "pqJwt header must carry alg ML-DSA-65 and a kid", kid, issuedAt);
    }
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    if (role.isPresent()
        && !role.get().classical()
        && role.get() != StatementType.ATTESTATION.companionRole()) {
      return policy.pq(
          PqStatus.UNVERIFIABLE,
          "pqJwt kid \"" + kid + "\" does not name an attestation companion",
          kid,
          issuedAt);
    }
    KeySet.Lookup<MLDSAPublicKeyParameters> key = policy.keys().mlDsaKey(kid);
    if (!key.isFound()) {
      return policy.pq(PqStatus.UNVERIFIABLE, key.problem(), kid, issuedAt);
    }
    if (!MlDsa65.verify(key.key(), companion.signingInput(), companion.signature())) {
      return policy.pq(PqStatus.REFUTED, "pqJwt signature does not verify", kid, issuedAt);
    }
    if (classical != null && !companion.payloadSegment().equals(classical.payloadSegment())) {
      Optional<String> difference;
      try {
        difference =
            JsEquality.firstDifference(
                companion.payload(), classical.payload(), "", CanonicalJson.MAX_DEPTH);
      } catch (JsJson.NestingTooDeep e) {
        difference = Optional.of("(nested too deeply to compare)");
      }
      if (difference.isPresent()) {
        return policy.pq(
            PqStatus.REFUTED,
            "pqJwt claim \"" + difference.get() + "\" differs from the ES256 token",
            kid,
            issuedAt);
      }
    }
    return policy.pq(PqStatus.VERIFIED, null, kid, issuedAt);
  }
}
