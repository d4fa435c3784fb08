// The two verifiers on the same artifacts. Reads cases that carry the Java SDK's report of each
// (StatementReport.toJson), verifies each with this package, and compares: every verdict and its
// reason, the companion status, the token verdict and `valid`. The one allowance is the wording of
// a JSON syntax error, where both must say `malformed JSON`.
//   node agree.mjs cases.json reports.json
// cases.json: {keySets: {label: jwks}, cases: [{label, kind, keys, options, input, pqInput, java}]},
// kind attestation|trust|discount|pass|token, keys a label in keySets (the label the Java key set
// was parsed with, as reasons name it) or "empty".
// A case may also carry `proofs` (a proof verifier's description, see src/proof-config.js) and
// `javaProofs` (the Java SDK's ProofVerdict.toJson of each result, from verifyResults on the input's
// attestation object, or verifyTrustChecks on its trust object when `proofsOf` is `trust`, whether
// or not its signature holds); kind `proofs` compares those alone. Every
// member of every proof verdict must agree; the one allowance is the wording after `account proof: `
// or `storage proof: ` when the Java SDK found a node that is not well-formed RLP or not a trie
// node (its own decoder's words), where both must reject at the same step with the same prefix.
// Kind `envelope` carries `envelope: {now, checkExpiry?, requiredTypes?, keySets: {url: label}}`
// and the Java SDK's EnvelopeReport in this package's shape; every member must be equal.
// Writes this package's reports to reports.json, prints each disagreement and a closing count; exits
// 1 when there is any.
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createVerifier, EnvelopeVerifier, KeySet, KeySetResolver, proofVerifierFrom } from '../src/index.js';

const [casesFile, outFile] = process.argv.slice(2);
const corpus = JSON.parse(readFileSync(casesFile, 'utf8'));
const keySets = { empty: KeySet.empty() };
for (const [name, jwks] of Object.entries(corpus.keySets ?? {})) keySets[name] = KeySet.parse(jwks, name);

const methods = { attestation: 'report', trust: 'reportTrustProfile', discount: 'reportDiscount', pass: 'reportPass' };

function sameReason(ours, theirs) {
  if (ours !== null && theirs !== null && theirs.includes('malformed JSON')) return ours.includes('malformed JSON');
  return ours === theirs;
}

function compare(label, js, java) {
  const out = [];
  const names = new Set([...Object.keys(js.checks), ...Object.keys(java.checks)]);
  for (const name of names) {
    const a = js.checks[name];
    const b = java.checks[name];
    if (!a || !b) {
      out.push(`${label}: only ${a ? 'JavaScript' : 'Java'} reports ${name}`);
      continue;
    }
    if (a.passed !== b.passed) out.push(`${label}: ${name} Java ${b.passed}, JavaScript ${a.passed}`);
    if (!sameReason(a.reason, b.reason)) out.push(`${label}: ${name} reason Java [${b.reason}], JavaScript [${a.reason}]`);
  }
  if (js.pq.status !== java.pq.status) out.push(`${label}: pq.status Java ${java.pq.status}, JavaScript ${js.pq.status}`);
  if (js.pq.passed !== java.pq.passed) out.push(`${label}: pq.passed Java ${java.pq.passed}, JavaScript ${js.pq.passed}`);
  if (!sameReason(js.pq.reason, java.pq.reason)) out.push(`${label}: pq reason Java [${java.pq.reason}], JavaScript [${js.pq.reason}]`);
  if (js.valid !== java.valid) out.push(`${label}: valid Java ${java.valid}, JavaScript ${js.valid}`);
  const jwt = js.jwt ?? null;
  const jjwt = java.jwt ?? null;
  if ((jwt === null) !== (jjwt === null)) out.push(`${label}: the jwt verdict is reported by one verifier only`);
  else if (jwt !== null) {
    if (jwt.passed !== jjwt.passed) out.push(`${label}: jwt Java ${jjwt.passed}, JavaScript ${jwt.passed}`);
    if (!sameReason(jwt.reason, jjwt.reason)) out.push(`${label}: jwt reason Java [${jjwt.reason}], JavaScript [${jwt.reason}]`);
  }
  return out;
}

// the Java SDK's words for a node that does not decode or is no trie node (MerklePatriciaTrie, Rlp)
const MALFORMED_NODE =
  /^(account|storage) proof: (node \d+ is not RLP|a trie node is not a list|a leaf or extension without a path|a hex-prefix flag of|a trie node with \d+ items|a node reference of|a list where a byte string belongs|an integer with a leading zero byte|a single byte below|input ends before|bytes after the item|length of length|a length with a leading zero|a long form length|an item longer)/;

function sameDetail(js, java) {
  if (js === java) return true;
  const m = MALFORMED_NODE.exec(java.detail);
  return m !== null && js.detail.startsWith(`${m[1]} proof: `);
}

const PROOF_MEMBERS = ['index', 'status', 'failedStep', 'subject', 'provenValue', 'provenCodeHash', 'limitation', 'verified'];

function compareProofs(label, js, java) {
  if (js.length !== java.length) return [`${label}: ${java.length} proof verdicts from Java, ${js.length} from JavaScript`];
  const out = [];
  js.forEach((a, i) => {
    const b = java[i];
    for (const m of PROOF_MEMBERS) {
      if (a[m] !== b[m]) out.push(`${label}: proof[${i}].${m} Java ${b[m]}, JavaScript ${a[m]}`);
    }
    if (a.detail !== b.detail && !sameDetail(a, b)) out.push(`${label}: proof[${i}] detail Java [${b.detail}], JavaScript [${a.detail}]`);
  });
  return out;
}

/** The trust object inside a response, its data, or the trust object itself. */
function trustOf(input) {
  const parsed = typeof input === 'string' ? JSON.parse(input) : input;
  return parsed?.data?.trust ?? parsed?.trust ?? parsed;
}

/** The attestation object inside a response, its data, or the attestation itself. */
function attestationOf(input) {
  const parsed = typeof input === 'string' ? JSON.parse(input) : input;
  return parsed?.data?.attestation ?? parsed?.attestation ?? parsed;
}

async function envelopeReport(c) {
  const urls = Object.fromEntries(Object.entries(c.envelope.keySets).map(([url, label]) => [url, keySets[label]]));
  const builder = EnvelopeVerifier.builder(KeySetResolver.fixed(urls)).now(c.envelope.now);
  if (c.envelope.checkExpiry !== undefined) builder.checkExpiry(c.envelope.checkExpiry);
  if (c.envelope.requiredTypes !== undefined) builder.requiredTypes(c.envelope.requiredTypes);
  return builder.build().verify(c.input);
}

function compareEnvelopes(label, js, java) {
  const plain = JSON.parse(JSON.stringify(js));
  if (isDeepStrictEqual(plain, java)) return [];
  const java_ = JSON.stringify(java);
  const js_ = JSON.stringify(plain);
  if (plain.error !== java.error && java.error?.includes('malformed JSON') && plain.error?.includes('malformed JSON')) {
    if (isDeepStrictEqual({ ...plain, error: null }, { ...java, error: null })) return [];
  }
  return [`${label}: envelope Java ${java_}, JavaScript ${js_}`];
}

const reports = [];
let agreed = 0;
let disagreed = 0;
for (const c of corpus.cases) {
  const differences = [];
  let report = {};
  if (c.kind === 'envelope') {
    report = await envelopeReport(c);
    differences.push(...compareEnvelopes(c.label, report, c.java));
  } else if (c.kind !== 'proofs') {
    const verifier = createVerifier({ ...c.options, keys: keySets[c.keys] });
    report =
      c.kind === 'token' ? await verifier.reportToken(c.input, c.pqInput ?? null) : await verifier[methods[c.kind]](c.input);
    differences.push(...compare(c.label, report, c.java));
  }
  if (c.proofs !== undefined) {
    const proofs = proofVerifierFrom(c.proofs);
    report = {
      ...report,
      proofs: c.proofsOf === 'trust' ? await proofs.verifyTrustChecks(trustOf(c.input)) : await proofs.verifyResults(attestationOf(c.input)),
    };
    differences.push(...compareProofs(c.label, report.proofs, c.javaProofs));
  }
  reports.push(report);
  if (differences.length === 0) agreed++;
  else {
    disagreed++;
    for (const d of differences) console.log(d);
  }
}
writeFileSync(outFile, JSON.stringify(reports));
console.log(`agree: ${agreed} passed, ${disagreed} failed`);
process.exit(disagreed === 0 ? 0 : 1);
