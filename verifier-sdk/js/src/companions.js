// The ML-DSA-65 companion checks: a raw pqSig over a rebuilt preimage, and a pqJwt bound to its
// ES256 token by the whole parsed claim set.
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { fromBase64 } from './bytes.js';
import { firstDifference, NestingTooDeep } from './json.js';
import { isClassical, ROLES } from './statements.js';
import { parseCompact } from './jws.js';

function mlDsaVerifies(publicKey, message, signature) {
  try {
    return ml_dsa65.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}

/**
 * A raw `pqSig`. `preimage` is called only once a companion is present and its kid placed, so an
 * absent companion stays absent whatever the artifact's shape.
 */
export function rawCompanion(policy, { pqSig, pqKid, classicalRole, companionRole, preimage, issuedAt }) {
  if (typeof pqSig !== 'string' || pqSig === '') {
    return policy.pq('absent', 'no post-quantum companion on this artifact', null, issuedAt);
  }
  if (classicalRole === null || !isClassical(classicalRole)) {
    return policy.pq(
      'unverifiable',
      'the classical kid is absent or unknown, so the preimage the companion signs cannot be rebuilt',
      pqKid,
      issuedAt,
    );
  }
  if (typeof pqKid !== 'string') return policy.pq('unverifiable', 'pqSig present without pqKid', null, issuedAt);
  const pqRole = policy.namespace.roleOf(pqKid);
  if (pqRole !== null && !isClassical(pqRole) && pqRole !== companionRole) {
    return policy.pq(
      'unverifiable',
      `pqKid "${pqKid}" does not name this artifact type (expected ${policy.namespace.kid(companionRole)})`,
      pqKid,
      issuedAt,
    );
  }
  const key = policy.keys.mlDsaKey(pqKid);
  if (!key.key) return policy.pq('unverifiable', key.problem, pqKid, issuedAt);
  let message;
  try {
    message = preimage();
  } catch (e) {
    if (e instanceof NestingTooDeep) {
      return { status: 'unverifiable', passed: false, reason: `refused: ${e.message}`, kid: pqKid, existedAtIssuance: null };
    }
    throw e;
  }
  let signature;
  try {
    signature = fromBase64(pqSig);
  } catch {
    return policy.pq('refuted', 'pqSig is not base64', pqKid, issuedAt);
  }
  return mlDsaVerifies(key.key, message, signature)
    ? policy.pq('verified', null, pqKid, issuedAt)
    : policy.pq('refuted', 'the companion does not verify (tampered payload or wrong key)', pqKid, issuedAt);
}

/** A `pqJwt`, bound to the parsed ES256 token `classical` (or unbound when that is null). */
export function tokenCompanion(policy, pqJwt, classical, issuedAt) {
  try {
    return checkedToken(policy, pqJwt, classical, issuedAt);
  } catch (e) {
    return { status: 'unverifiable', passed: false, reason: `pqJwt: ${e.message}`, kid: null, existedAtIssuance: null };
  }
}

function checkedToken(policy, pqJwt, classical, issuedAt) {
  if (typeof pqJwt !== 'string' || pqJwt === '') return policy.pq('absent', 'no pqJwt was supplied', null, issuedAt);
  let companion;
  try {
    companion = parseCompact(pqJwt);
  } catch (e) {
    return policy.pq('refuted', `pqJwt: ${e.message}`, null, issuedAt);
  }
  const kid = companion.headerText('kid');
  if (companion.headerText('alg') !== 'ML-DSA-65' || kid === null) {
    return policy.pq('refuted', 'pqJwt header must carry alg ML-DSA-65 and a kid', kid, issuedAt);
  }
  const role = policy.namespace.roleOf(kid);
  if (role !== null && !isClassical(role) && role !== ROLES.ATTEST_PQ1) {
    return policy.pq('unverifiable', `pqJwt kid "${kid}" does not name an attestation companion`, kid, issuedAt);
  }
  const key = policy.keys.mlDsaKey(kid);
  if (!key.key) return policy.pq('unverifiable', key.problem, kid, issuedAt);
  if (!mlDsaVerifies(key.key, companion.signingInput, companion.signature)) {
    return policy.pq('refuted', 'pqJwt signature does not verify', kid, issuedAt);
  }
  if (classical !== null && companion.payloadSegment !== classical.payloadSegment) {
    let difference;
    try {
      difference = firstDifference(companion.payload, classical.payload, '');
    } catch {
      difference = '(nested too deeply to compare)';
    }
    if (difference !== null) {
      return policy.pq('refuted', `pqJwt claim "${difference}" differs from the ES256 token`, kid, issuedAt);
    }
  }
  return policy.pq('verified', null, kid, issuedAt);
}
