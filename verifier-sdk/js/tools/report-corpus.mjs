// Reads a corpus of verification cases (written by the Java SDK's agreement test) and writes this
// package's report of each, for the two verifiers' verdicts to be compared one by one.
//   node report-corpus.mjs cases.json reports.json
// A case: {label, kind: attestation|trust|discount|token, keys: saved|signer|empty, options, input, pqInput}.
import { readFileSync, writeFileSync } from 'node:fs';
import { createVerifier, KeySet } from '../src/index.js';

const [casesFile, outFile] = process.argv.slice(2);
const { jwks, signerJwks, cases } = JSON.parse(readFileSync(casesFile, 'utf8'));
const keySets = { saved: KeySet.parse(jwks, 'saved jwks.json'), signer: KeySet.parse(signerJwks), empty: KeySet.empty() };
const out = [];
for (const c of cases) {
  const verifier = createVerifier({ ...c.options, keys: keySets[c.keys] });
  const report =
    c.kind === 'token'
      ? await verifier.reportToken(c.input, c.pqInput)
      : c.kind === 'trust'
        ? await verifier.reportTrustProfile(c.input)
        : c.kind === 'discount'
          ? await verifier.reportDiscount(c.input)
          : await verifier.report(c.input);
  out.push({
    label: c.label,
    valid: report.valid,
    checks: report.checks,
    pq: { status: report.pq.status, passed: report.pq.passed, reason: report.pq.reason },
    jwt: report.jwt ? { passed: report.jwt.passed, reason: report.jwt.reason } : null,
  });
}
writeFileSync(outFile, JSON.stringify(out));
