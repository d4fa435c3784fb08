// The verifier's settings and the verdict values its checks produce.
import { KeySet } from './keys.js';
import { Namespace } from './statements.js';
import { NestingTooDeep, textOrNull } from './json.js';
import { instantText, parseInstant } from './bytes.js';

export const CHECK_ORDER = ['structure', 'signature', 'conditionHashes', 'freshness', 'expiry', 'pq', 'jwt'];

export const pass = (note) => ({ passed: true, reason: note ?? null });
export const fail = (reason) => ({ passed: false, reason });

/** A check that throws becomes that check's failure, never an escape. */
export async function guarded(check) {
  try {
    return await check();
  } catch (e) {
    if (e instanceof NestingTooDeep) return fail(`refused: ${e.message}`);
    return fail(`verification error: ${e?.message ?? e}`);
  }
}

function millis(value, name) {
  if (value == null) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const parsed = parseInstant(value);
  if (parsed === null) throw new TypeError(`${name} is not an ISO 8601 instant: ${value}`);
  return parsed;
}

/**
 * Normalizes the caller's options. Defaults are the safe ones: namespace `service`, the system
 * clock, 60 s skew, access mode, no maximum age, no companion cutoff.
 */
export function policyOf(options = {}) {
  const keys = options.keys instanceof KeySet ? options.keys : options.keys == null ? null : KeySet.parse(options.keys);
  if (keys === null) throw new TypeError('keys are required (use KeySet.empty() for none)');
  const maxAgeSeconds = options.maxAgeSeconds ?? null;
  if (maxAgeSeconds !== null && !(maxAgeSeconds >= 0)) {
    throw new TypeError(`maxAgeSeconds must be zero or positive: ${maxAgeSeconds}`);
  }
  const skew = options.clockSkewSeconds ?? 60;
  const mode = options.mode ?? 'access';
  if (mode !== 'access' && mode !== 'evidence') throw new TypeError(`mode is access or evidence: ${mode}`);
  const now = options.now;
  const policy = {
    namespace: options.namespace instanceof Namespace ? options.namespace : new Namespace(options.namespace ?? 'service'),
    keys,
    now: typeof now === 'function' ? () => millis(now(), 'now') : now == null ? () => Date.now() : () => millis(now, 'now'),
    maxAgeMs: maxAgeSeconds === null ? null : maxAgeSeconds * 1000,
    skewMs: Math.max(0, skew) * 1000,
    pqRequiredFrom: millis(options.pqRequiredFrom, 'pqRequiredFrom'),
    pqActivatedAt: millis(options.pqActivatedAt, 'pqActivatedAt'),
    mode,
  };
  policy.pq = (status, reason, kid, issuedAt) => companionVerdict(policy, status, reason, kid, issuedAt);
  return policy;
}

/** refuted fails; verified passes; absent and unverifiable fail only in access mode past the cutoff. */
function companionVerdict(policy, status, reason, kid, issuedAt) {
  const existed =
    policy.pqActivatedAt !== null && issuedAt != null ? issuedAt >= policy.pqActivatedAt : null;
  let passed;
  if (status === 'refuted') passed = false;
  else if (status === 'verified') passed = true;
  else passed = policy.mode === 'evidence' || policy.pqRequiredFrom === null || policy.now() < policy.pqRequiredFrom;
  let why = reason;
  if (!passed && (status === 'absent' || status === 'unverifiable')) {
    why = `companion required from ${instantText(policy.pqRequiredFrom)} and ${status}: ${reason}`;
  }
  return { status, passed, reason: why ?? null, kid: textOrNull(kid), existedAtIssuance: existed };
}

/** A report from each check's verdict; `valid` is their conjunction. */
export function report(checks, pq, kid, extra = {}) {
  const all = { ...checks, pq: pq.passed ? pass() : fail(pq.reason ?? pq.status) };
  const failedChecks = CHECK_ORDER.filter((name) => all[name] && !all[name].passed);
  return { valid: failedChecks.length === 0, failedChecks, checks: all, pq, kid: kid ?? null, ...extra };
}

/** The report of input that never reached the checks. */
export function malformed(checkNames, reason, extra = {}) {
  const checks = { structure: fail(reason) };
  for (const name of checkNames) checks[name] = fail(`not checked: ${reason}`);
  const pq = { status: 'unverifiable', passed: false, reason: `not checked: ${reason}`, kid: null, existedAtIssuance: null };
  return report(checks, pq, null, extra);
}
