// The attestation checks: the common checks on the raw form plus the condition hashes and the
// tokens carried beside it; and the token form (a bare JWT and its pqJwt).
import { readAssurances } from './read-assurance.js';
import { hex, instantText, sha256, utf8 } from './bytes.js';
import { canonical, firstDifference, isObject, parseStrict, stringifySortedTopLevel, textOrNull, truthy } from './json.js';
import { fail, guarded, malformed, pass, report } from './policy.js';
import { ATTESTATION } from './statements.js';
import { checkStatement, freshness, hasSignature, instant, kidProblem } from './statement-checks.js';
import { tokenCompanion } from './companions.js';
import { parseCompact, tokenSignature } from './jws.js';

const CHECKS = ['signature', 'conditionHashes', 'freshness', 'expiry'];
const MINUTE = 60_000;
const WINDOW = 30 * MINUTE;
const DELEGATION_WINDOW = 5 * MINUTE;
const EXPIRY_BINDING_GRACE = MINUTE;

/** `0x` + lowercase hex SHA-256 of the condition in the scheme's form (canonical, or v1 allow-list). */
export async function conditionHash(scheme, evaluatedCondition) {
  if (!isObject(evaluatedCondition)) throw new TypeError('an evaluated condition is a JSON object');
  const text = scheme === 'v2' ? canonical(evaluatedCondition) : stringifySortedTopLevel(evaluatedCondition);
  return '0x' + hex(await sha256(utf8(text)));
}

function rules(policy) {
  return {
    holder: (root) => (isObject(root) && isObject(root.data) ? root.data : root),
    shapeProblem(data) {
      if (!isObject(data)) return 'invalid response: missing data object';
      if (!isObject(data.attestation)) return 'invalid response: missing data.attestation';
      if (!hasSignature(data)) return 'invalid response: missing data.sig';
      const missing = ATTESTATION.missingMember(data.attestation);
      return missing === null ? null : `invalid response: missing attestation.${missing}`;
    },
    anchors: (attestation) => anchors(policy, attestation.results),
    expiryBindingProblem(attestation, expiresAt) {
      const attestedAt = instant(attestation.attestedAt);
      if (attestedAt === null) return 'attestedAt is not a timestamp, so expiresAt cannot be bound to it';
      const window = hasDelegation(attestation.results) ? DELEGATION_WINDOW : WINDOW;
      if (expiresAt - attestedAt > window + EXPIRY_BINDING_GRACE) {
        return `expiresAt exceeds the signed issuance window (attestedAt + ${window / MINUTE} min); treated as tampered`;
      }
      return null;
    },
  };
}

function anchors(policy, results) {
  const out = [];
  results.forEach((result, i) => {
    const stamp = isObject(result) ? result.blockTimestamp : undefined;
    if (!truthy(stamp)) return; // non-EVM anchors carry no timestamp
    out.push({
      at: instant(stamp),
      unreadable: `result ${i} blockTimestamp is not a timestamp`,
      tooOld: (s) =>
        `result ${i} blockTimestamp is ${s}s old (max ${policy.maxAgeMs / 1000}s + ${policy.skewMs / 1000}s skew)`,
    });
  });
  return out;
}

function hasDelegation(results) {
  return results.some((r) => isObject(r) && isObject(r.evaluatedCondition) && r.evaluatedCondition.type === 'erc7710_delegation');
}

/** Per result: the hash of its evaluatedCondition, in the scheme the kid selects. */
async function conditionHashes(results, role, failures) {
  const scheme = (role !== null && ATTESTATION.scheme(role)) || 'v1';
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    const condition = isObject(result) ? result.evaluatedCondition : undefined;
    const claimed = isObject(result) ? result.conditionHash : undefined;
    if (!truthy(condition) || !truthy(claimed) || !isObject(condition) || typeof claimed !== 'string') {
      failures.push(i);
      continue;
    }
    if ((await conditionHash(scheme, condition)) !== claimed) failures.push(i);
  }
  return failures.length > 0 ? fail(`condition hash mismatch at result index(es): ${failures.join(', ')}`) : pass();
}

/**
 * Every verdict on an attestation: the whole response, its `data`, a tokens-only wrapper, or a bare
 * compact JWT (text). `input` is text or an already parsed object.
 */
export async function reportAttestation(policy, input) {
  let root = input;
  if (typeof input === 'string') {
    const text = input.trim();
    if (!text.startsWith('{')) return reportToken(policy, text, null);
    try {
      root = parseStrict(text);
    } catch (e) {
      return malformed(CHECKS, e.message, { conditionHashFailures: [] });
    }
  }
  const data = isObject(root) && isObject(root.data) ? root.data : root;
  if (isObject(data) && typeof data.jwt === 'string' && !truthy(data.attestation)) {
    return reportToken(policy, data.jwt, typeof data.pqJwt === 'string' ? data.pqJwt : null);
  }
  return raw(policy, root);
}

async function raw(policy, root) {
  const checked = await checkStatement(policy, ATTESTATION, rules(policy), root);
  if (checked.malformed) return malformed(CHECKS, checked.malformed, { conditionHashFailures: [] });
  const { holder, statement } = checked;
  const failures = [];
  const verdicts = {
    ...checked.verdicts,
    conditionHashes: await guarded(() => conditionHashes(statement.results, checked.role, failures)),
  };
  const carriesTokens = holder.jwt != null || holder.pqJwt != null;
  const embedded = carriesTokens ? await embeddedToken(policy, checked) : null;
  if (embedded) verdicts.jwt = { passed: embedded.passed, reason: embedded.reason };
  return report(verdicts, checked.pq, checked.kid, {
    conditionHashFailures: failures,
    ...(embedded ? { jwt: embedded } : {}),
    statement,
    readAssurance: readAssurances(statement),
    subject: embedded?.subject ?? null,
  });
}

const failedToken = (reason, pq) => ({ passed: false, reason, pq: pq ?? null, subject: null });

async function embeddedToken(policy, checked) {
  const { holder: data, statement: attestation, kid, role, key } = checked;
  if (typeof data.jwt !== 'string') {
    return failedToken(
      typeof data.pqJwt === 'string' ? 'the response carries data.pqJwt without a data.jwt string' : 'data.jwt is not a string',
    );
  }
  let jwt;
  try {
    jwt = parseCompact(data.jwt);
  } catch (e) {
    return failedToken(`data.jwt: ${e.message}`);
  }
  const tokenKid = jwt.headerText('kid');
  if (tokenKid !== kid) return failedToken(`data.jwt names kid "${tokenKid}" but the response is signed under "${kid}"`);
  const pq = tokenCompanion(policy, typeof data.pqJwt === 'string' ? data.pqJwt : null, jwt, checked.issuedAt);
  if (!key.key) return failedToken(`data.jwt signature: ${key.problem}`, pq);
  const signature = await tokenSignature(jwt, key.key);
  if (!signature.passed) return failedToken(`data.jwt signature: ${signature.reason}`, pq);
  const claims = jwt.payload;
  const expiresAt = instant(attestation.expiresAt);
  const expectedExp = expiresAt === null ? '(unparsable expiresAt)' : Math.floor(expiresAt / 1000);
  try {
    for (const [claim, member] of [['jti', 'id'], ['pass', 'pass'], ['results', 'results']]) {
      const difference = firstDifference(claims[claim], attestation[member], claim);
      if (difference !== null) return failedToken(`data.jwt claim "${difference}" differs from the attestation`, pq);
    }
    if (firstDifference(claims.exp, expectedExp, 'exp') !== null) {
      return failedToken(`data.jwt claim "exp" differs from the attestation's expiresAt`, pq);
    }
  } catch (e) {
    return failedToken(`data.jwt: refused: ${e.message}`, pq);
  }
  const hashes = await guarded(() => conditionHashes(claims.results, role, []));
  if (!hashes.passed) return failedToken(`data.jwt condition hashes: ${hashes.reason}`, pq);
  if (!pq.passed) return failedToken(`data.pqJwt: ${pq.reason ?? pq.status}`, pq);
  return { passed: true, reason: null, pq, subject: textOrNull(claims.sub) };
}

/** Every verdict on a bare ES256 token and its (optional) ML-DSA-65 sibling. */
export async function reportToken(policy, token, pqToken) {
  let jwt;
  try {
    jwt = parseCompact(token);
  } catch (e) {
    return malformed(CHECKS, `JWT: ${e.message}`, { conditionHashFailures: [] });
  }
  const claims = jwt.payload;
  const kid = jwt.headerText('kid');
  const role = policy.namespace.roleOf(kid);
  const key = await policy.keys.ecKey(kid);
  const results = Array.isArray(claims.results) ? claims.results : null;
  const seconds = (v) => (typeof v === 'number' && truthy(v) ? Math.trunc(v * 1000) : null);
  const expiresAt = seconds(claims.exp);
  const attestedAt = seconds(claims.iat);
  const failures = [];
  const verdicts = {
    structure: pass(),
    signature: await guarded(async () => {
      if (!key.key) return fail(key.problem);
      const problem = kidProblem(ATTESTATION, kid, role);
      return problem !== null ? fail(problem) : tokenSignature(jwt, key.key);
    }),
    conditionHashes: results
      ? await guarded(() => conditionHashes(results, role, failures))
      : fail('the token carries no results array'),
    freshness: results ? await guarded(() => freshness(policy, anchors(policy, results))) : fail('no results to check'),
    expiry:
      expiresAt === null
        ? fail('the token carries no numeric exp')
        : policy.now() > expiresAt + policy.skewMs
          ? fail(`expired at ${instantText(expiresAt)}`)
          : pass(),
  };
  const pq = tokenCompanion(policy, pqToken, jwt, attestedAt);
  const statement = {
    id: textOrNull(claims.jti),
    pass: claims.pass === true,
    results: results ?? [],
    attestedAt: attestedAt === null ? null : instantText(attestedAt),
    expiresAt: expiresAt === null ? null : instantText(expiresAt),
  };
  return report(verdicts, pq, kid, {
    conditionHashFailures: failures,
    statement,
    readAssurance: readAssurances(statement),
    subject: textOrNull(claims.sub),
  });
}
