// How the service read each result's chain, as the result signs it (`readAssurance`, present only
// when the request asked for an assurance): from one provider (`single`) or from a quorum of
// `providers` agreeing independent providers out of `of` configured, and, when the service's
// operator signs them, the configured `names` of the providers read. Same names, shape and refusal
// text as the Java SDK (ReadAssurance, VerifiedAttestation.requireQuorum).

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isInt = (v) => typeof v === 'number' && Number.isInteger(v);

// `names`, when present, lists exactly `providers` strings.
const namesFit = (names, providers) =>
  names === undefined || (Array.isArray(names) && names.length === providers && names.every((n) => typeof n === 'string'));

/**
 * `{mode, providers, of}` of a signed result when its member is well formed, with `names` (in signed
 * order) only when the result names its providers; else null.
 */
export function readAssuranceOf(result) {
  const value = isObject(result) ? result.readAssurance : undefined;
  if (!isObject(value) || typeof value.mode !== 'string' || !isInt(value.providers) || !isInt(value.of)) return null;
  if (!namesFit(value.names, value.providers)) return null;
  const read = { mode: value.mode, providers: value.providers, of: value.of };
  if (value.names !== undefined) read.names = Object.freeze([...value.names]);
  return Object.freeze(read);
}

/** True for a quorum of at least `k` agreeing providers. */
export function isQuorumOf(assurance, k) {
  return assurance !== null && assurance !== undefined && assurance.mode === 'quorum' && assurance.providers >= k;
}

/** Thrown by {@link requireQuorum}: the signatures are valid, the reads weaker than required. */
export class InsufficientAssurance extends Error {
  constructor(message) {
    super(message);
    this.name = 'InsufficientAssurance';
  }
}

const named = (a) => (a.names?.length ? `, names=[${a.names.join(', ')}]` : '');
const shown = (a) =>
  a === null ? 'no readAssurance' : `ReadAssurance[mode=${a.mode}, providers=${a.providers}, of=${a.of}${named(a)}]`;

/**
 * The report, when it is valid and every result was read from a quorum of at least `k` agreeing
 * independent providers; throws {@link InsufficientAssurance} naming the first result read
 * otherwise (a report that is not valid is refused the same way, before its results are read).
 */
export function requireQuorum(report, k) {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`a quorum is at least 2 providers, got ${k}`);
  if (!report?.valid) throw new InsufficientAssurance('the attestation did not verify, its reads are not vouched for');
  const assurances = report.readAssurance ?? [];
  assurances.forEach((assurance, i) => {
    if (!isQuorumOf(assurance, k)) {
      throw new InsufficientAssurance(`result ${i} was not read from a quorum of at least ${k} providers: ${shown(assurance)}`);
    }
  });
  return report;
}

/** Per result of the statement, in order, its read assurance or null; empty without results. */
export function readAssurances(statement) {
  return Object.freeze(Array.isArray(statement?.results) ? statement.results.map(readAssuranceOf) : []);
}

const NOT_READ = 'wallet_not_provided';

/**
 * Per check of a trust profile (the statement of a trust report, or the `trust` object), in signed
 * order (dimensions in their order, then their checks): `{dimension, label, readAssurance}`, the
 * assurance null where the row carries none or a malformed one. Same order as the Java SDK's
 * `VerifiedTrustProfile.checks()`.
 */
export function trustReadAssurances(trust) {
  const rows = [];
  const dimensions = isObject(trust?.dimensions) ? trust.dimensions : {};
  for (const [dimension, value] of Object.entries(dimensions)) {
    for (const check of Array.isArray(value?.checks) ? value.checks : []) {
      if (!isObject(check)) continue;
      const label = typeof check.label === 'string' ? check.label : '';
      rows.push(Object.freeze({ dimension, label, reason: check.reason ?? null, readAssurance: readAssuranceOf(check) }));
    }
  }
  return Object.freeze(rows);
}

/**
 * The trust report, when it is valid and every row that read a chain (every row but
 * `wallet_not_provided` ones) was read from a quorum of at least `k` agreeing independent
 * providers; throws {@link InsufficientAssurance} naming the first row read otherwise, with the Java
 * SDK's text (`VerifiedTrustProfile.requireQuorum`).
 */
export function requireTrustQuorum(report, k) {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`a quorum is at least 2 providers, got ${k}`);
  if (!report?.valid) throw new InsufficientAssurance('the trust profile did not verify, its reads are not vouched for');
  for (const row of trustReadAssurances(report.statement)) {
    if (row.reason === NOT_READ) continue;
    if (!isQuorumOf(row.readAssurance, k)) {
      throw new InsufficientAssurance(
        `check ${row.dimension}/${row.label} was not read from a quorum of at least ${k} providers: ${shown(row.readAssurance)}`,
      );
    }
  }
  return report;
}

const chainKey = (v) => (typeof v === 'string' || isInt(v) ? String(v) : null);

/**
 * How each chain of a discount verification's holdings was read (the statement of a discount report,
 * or the signed `discount` object): `[{chainId, readAssurance}]` in signed order, `chainId` as text
 * (`'1'` for Ethereum), an empty array when no chain was read; null when the statement carries no
 * `readAssurance` (a request without the option) or a malformed one. Same reading as the Java SDK's
 * `VerifiedDiscount.readAssurance()`.
 */
export function discountReadAssurances(discount) {
  const value = isObject(discount) ? discount.readAssurance : undefined;
  if (!Array.isArray(value)) return null;
  const rows = [];
  const seen = new Set();
  for (const entry of value) {
    const chainId = isObject(entry) ? chainKey(entry.chainId) : null;
    const read = readAssuranceOf({ readAssurance: entry });
    if (chainId === null || read === null || seen.has(chainId)) return null;
    seen.add(chainId);
    rows.push(Object.freeze({ chainId, readAssurance: read }));
  }
  return Object.freeze(rows);
}

/**
 * The discount report, when it is valid and every chain its holdings were read from was read from a
 * quorum of at least `k` agreeing independent providers (a statement that read no chain passes);
 * throws {@link InsufficientAssurance} naming the first chain read otherwise, with the Java SDK's
 * text (`VerifiedDiscount.requireQuorum`).
 */
export function requireDiscountQuorum(report, k) {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`a quorum is at least 2 providers, got ${k}`);
  if (!report?.valid) throw new InsufficientAssurance('the discount verification did not verify, its reads are not vouched for');
  const code = report.statement?.code;
  const rows = discountReadAssurances(report.statement);
  if (rows === null) {
    throw new InsufficientAssurance(`discount ${code} was not read from a quorum of at least ${k} providers: no readAssurance`);
  }
  for (const row of rows) {
    if (!isQuorumOf(row.readAssurance, k)) {
      throw new InsufficientAssurance(
        `discount ${code}: chain ${row.chainId} was not read from a quorum of at least ${k} providers: ${shown(row.readAssurance)}`,
      );
    }
  }
  return report;
}
