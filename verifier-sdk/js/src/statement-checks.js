// The one checker of signed statements (raw form): for any statement type, the structure, the
// classical signature over the preimage the kid selects, freshness, expiry and the companion. What
// differs between types (where the statement sits, which timestamps are anchors, how its expiry is
// bound) comes from the type's rules.
import { fromBase64, instantText, parseInstant } from './bytes.js';
import { isObject, textOrNull } from './json.js';
import { fail, guarded, pass } from './policy.js';
import { rawCompanion } from './companions.js';

/** The instant a text member holds (ms), or null when absent, not text or not a timestamp. */
export function instant(value) {
  return typeof value === 'string' ? parseInstant(value) : null;
}

/** A text member holding a non-empty signature. */
export function hasSignature(holder) {
  return typeof holder.sig === 'string' && holder.sig !== '';
}

/** Why a signature under `kid` cannot stand for a statement of `type`, or null. */
export function kidProblem(type, kid, role) {
  if (kid === null) return 'the response carries no kid; the signing key cannot be selected';
  if (role === null || type.scheme(role) === null) return `kid "${kid}" does not sign ${type.plural}`;
  return null;
}

/** Every anchor no older than the maximum age plus the skew; passes when no age is set. */
export function freshness(policy, anchors) {
  if (policy.maxAgeMs === null) return pass('skipped: no maximum age set');
  const now = policy.now();
  const limit = policy.maxAgeMs + policy.skewMs;
  for (const anchor of anchors) {
    if (anchor.at === null) return fail(anchor.unreadable);
    const age = now - anchor.at;
    if (age > limit) return fail(anchor.tooOld(Math.trunc(age / 1000)));
  }
  return pass();
}

async function signature(policy, type, statement, sig, kid, role, key) {
  if (!key.key) return fail(key.problem);
  const problem = kidProblem(type, kid, role);
  if (problem !== null) return fail(problem);
  let bytes;
  try {
    bytes = fromBase64(sig);
  } catch {
    return fail('sig is not base64');
  }
  if (bytes.length !== 64) return fail('sig is not a 64-byte P1363 signature');
  const preimage = type.preimage(policy.namespace, type.scheme(role), statement);
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key.key, bytes, preimage);
  return ok ? pass() : fail(`signature does not match the ${type.noun}`);
}

function expiry(policy, rules, statement, expiresAt) {
  if (expiresAt === null) return fail('expiresAt is not a timestamp');
  const binding = rules.expiryBindingProblem?.(statement, expiresAt) ?? null;
  if (binding !== null) return fail(binding);
  if (policy.now() > expiresAt + policy.skewMs) return fail(`expired at ${statement.expiresAt}`);
  return pass();
}

/**
 * The common checks of the statement in a parsed response: `{malformed: reason}` or the verdicts
 * and what they were computed from.
 */
export async function checkStatement(policy, type, rules, root) {
  const holder = rules.holder(root);
  const problem = rules.shapeProblem(holder);
  if (problem !== null) return { malformed: problem };
  const statement = holder[type.name];
  const kid = textOrNull(holder.kid);
  const role = policy.namespace.roleOf(kid);
  const key = await policy.keys.ecKey(kid);
  const scheme = (role !== null && type.scheme(role)) || 'v1';
  const issuedAt = instant(statement[type.issuedAtMember]);
  const expiresAt = instant(statement.expiresAt);
  const verdicts = {
    structure: pass(),
    signature: await guarded(() => signature(policy, type, statement, holder.sig, kid, role, key)),
    freshness: await guarded(() => freshness(policy, rules.anchors(statement, issuedAt))),
    expiry: await guarded(() => expiry(policy, rules, statement, expiresAt)),
  };
  const pq = rawCompanion(policy, {
    pqSig: textOrNull(holder.pqSig),
    pqKid: textOrNull(holder.pqKid),
    classicalRole: role,
    companionRole: type.companionRole,
    preimage: () => type.companionPreimage(policy.namespace, type.preimage(policy.namespace, scheme, statement)),
    issuedAt,
  });
  return { holder, statement, kid, role, key, issuedAt, expiresAt, verdicts, pq };
}

/** The statement's issuance time as a freshness anchor ("pass is 70s old"). */
export function issuance(type, issuedAt, word) {
  return { at: issuedAt, unreadable: `${type.issuedAtMember} is not a timestamp`, tooOld: (s) => `${word} is ${s}s old` };
}

export { instantText, isObject };
