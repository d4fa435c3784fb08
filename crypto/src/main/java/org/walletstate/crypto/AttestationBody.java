package org.walletstate.crypto;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.Timestamps;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;

/**
 * An attestation's signed statement and its JWT claims, in issue order.
 *
 * @param statement {@code id, pass, results, passCount, failCount, attestedAt, expiresAt}
 */
record AttestationBody(
    Attestation attestation, ObjectNode statement, ArrayNode results, ArrayNode hashes) {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  static AttestationBody of(Attestation attestation, PreimageScheme scheme) {
    ArrayNode results = NODES.arrayNode();
    ArrayNode hashes = NODES.arrayNode();
    for (ConditionResult result : attestation.results()) {
      ObjectNode json = result(result, scheme);
      results.add(json);
      hashes.add(json.get("conditionHash"));
    }
    ObjectNode body = NODES.objectNode();
    body.put("id", attestation.id().value());
    body.put("pass", attestation.pass());
    body.set("results", results);
    body.put("passCount", attestation.passCount());
    body.put("failCount", attestation.failCount());
    body.put("attestedAt", Timestamps.iso(attestation.attestedAt()));
    body.put("expiresAt", Timestamps.iso(attestation.expiresAt()));
    return new AttestationBody(attestation, body, results, hashes);
  }

  /**
   * One result in issue order: {@code condition, label, type, chainId, met, evaluatedCondition,
   * conditionHash}, the anchor's members, the extras, then {@code proof} when present.
   */
  private static ObjectNode result(ConditionResult result, PreimageScheme scheme) {
    ObjectNode json = NODES.objectNode();
    json.put("condition", result.index());
    json.put("label", result.label());
    json.put("type", result.type());
    if (result.chainId() instanceof ChainId.Evm evm) {
      json.put("chainId", evm.value());
    } else {
      json.put("chainId", ((ChainId.Named) result.chainId()).value());
    }
    json.put("met", result.met());
    ObjectNode condition = PayloadTrees.object(result.evaluatedCondition());
    json.set("evaluatedCondition", condition);
    json.put("conditionHash", Preimages.conditionHash(scheme, condition));
    PayloadTrees.append(json, result.anchor().fields(), "anchor");
    PayloadTrees.append(json, result.extras(), "extra");
    result.proof().ifPresent(proof -> json.set("proof", PayloadTrees.object(proof)));
    return json;
  }

  /**
   * Claims in issue order: {@code pass, conditionHash, blockNumber, blockTimestamp, results, iss,
   * sub, jti, iat, exp}. The block members name the first EVM-anchored result and are left out when
   * no result is EVM-anchored.
   */
  ObjectNode claims(String issuer, String subject) {
    ObjectNode claims = NODES.objectNode();
    claims.put("pass", attestation.pass());
    claims.set("conditionHash", hashes);
    for (ConditionResult result : attestation.results()) {
      if (result.anchor() instanceof Anchor.EvmBlock block) {
        claims.put("blockNumber", block.numberHex());
        claims.put("blockTimestamp", Timestamps.iso(block.timestamp()));
        break;
      }
    }
    claims.set("results", results);
    claims.put("iss", issuer);
    claims.put("sub", subject);
    claims.put("jti", attestation.id().value());
    claims.put("iat", Math.floorDiv(attestation.attestedAt().toEpochMilli(), 1000L));
    claims.put("exp", Math.floorDiv(attestation.expiresAt().toEpochMilli(), 1000L));
    return claims;
  }
}
