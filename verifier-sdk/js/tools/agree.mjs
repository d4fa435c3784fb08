// The two verifiers on the same artifacts. Reads cases that carry the Java SDK's report of each
// (StatementReport.toJson), verifies each with this package, and compares: every verdict and its
// reason, the companion status, the token verdict and `valid`. The one allowance is the wording of
// a JSON syntax error, where both must say `malformed JSON`.
//   node agree.mjs cases.json reports.json
// cases.json: {keySets: {label: jwks}, cases: [{label, kind, keys, options, input, pqInput, java}]},
// kind attestation|trust|discount|pass|token, keys a label in keySets (the label the Java key set
// was parsed with, as reasons name it) or "empty".
// Writes this package's reports to reports.json, prints each disagreement and a closing count; exits
// 1 when there is any.
import { readFileSync, writeFileSync } from 'node:fs';
import { createVerifier, KeySet } from '../src/index.js';

const [casesFile, outFile] = process.argv.slice(2);
const corpus = JSON.parse(readFileSync(casesFile, 'utf8'));
const keySets = { empty: KeySet.empty() };
for (const [name, jwks] of Object.entries(corpus.keySets)) keySets[name] = KeySet.parse(jwks, name);

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

const reports = [];
let agreed = 0;
let disagreed = 0;
for (const c of corpus.cases) {
  const verifier = createVerifier({ ...c.options, keys: keySets[c.keys] });
  const report =
    c.kind === 'token' ? await verifier.reportToken(c.input, c.pqInput ?? null) : await verifier[methods[c.kind]](c.input);
  reports.push(report);
  const differences = compare(c.label, report, c.java);
  if (differences.length === 0) agreed++;
  else {
    disagreed++;
    for (const d of differences) console.log(d);
  }
}
writeFileSync(outFile, JSON.stringify(reports));
console.log(`agree: ${agreed} passed, ${disagreed} failed`);
process.exit(disagreed === 0 ? 0 : 1);
