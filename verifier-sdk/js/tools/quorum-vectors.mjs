// Writes the read-assurance vectors both SDKs' tests read
// (../src/test/resources/golden/read-assurance-vectors.json): attestations signed by a TEST-ONLY
// issuer whose results carry `readAssurance` as the service signs it (quorum, single, absent), an
// edited one, and a malformed member, with what each SDK must report. Run once when the format
// changes on purpose:  node tools/quorum-vectors.mjs
import { writeFileSync } from 'node:fs';
import { newIssuer, sampleAttestation } from './issuer.mjs';

const ISSUED = '2026-11-20T10:15:30.000Z';
const NOW = '2026-11-20T10:16:00Z';
const issuer = await newIssuer('service', 11);

async function withAssurance(...assurances) {
  const base = await sampleAttestation(ISSUED);
  const results = assurances.map((a, i) => {
    const r = { ...base.results[0], condition: i };
    if (a !== undefined) r.readAssurance = a;
    return r;
  });
  return { ...base, results, passCount: results.length };
}

const quorum = { mode: 'quorum', providers: 2, of: 2 };
const single = { mode: 'single', providers: 1, of: 1 };
const missing = (k, i, what) => `result ${i} was not read from a quorum of at least ${k} providers: ${what}`;
const shown = (a) => `ReadAssurance[mode=${a.mode}, providers=${a.providers}, of=${a.of}]`;

const vectors = {};
vectors['quorum-2-of-2'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(quorum, quorum)) },
  expected: { valid: true, readAssurance: [quorum, quorum], requireQuorum: { 2: null, 3: missing(3, 0, shown(quorum)) } },
};
vectors['single'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(single)) },
  expected: { valid: true, readAssurance: [single], requireQuorum: { 2: missing(2, 0, shown(single)) } },
};
vectors['no-read-assurance'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(undefined)) },
  expected: { valid: true, readAssurance: [null], requireQuorum: { 2: missing(2, 0, 'no readAssurance') } },
};
vectors['quorum-then-single'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(quorum, single)) },
  expected: { valid: true, readAssurance: [quorum, single], requireQuorum: { 2: missing(2, 1, shown(single)) } },
};
const malformed = { mode: 'quorum', providers: '2', of: 2 };
vectors['malformed-read-assurance'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(malformed)) },
  expected: { valid: true, readAssurance: [null], requireQuorum: { 2: missing(2, 0, 'no readAssurance') } },
};
const edited = structuredClone(vectors['single'].response);
edited.data.attestation.results[0].readAssurance = { mode: 'quorum', providers: 2, of: 2 };
vectors['single-edited-to-quorum'] = {
  response: edited,
  expected: { valid: false, failedChecks: ['signature'], readAssurance: [quorum] },
};

const out = new URL('../../src/test/resources/golden/read-assurance-vectors.json', import.meta.url);
const file = { namespace: 'service', now: NOW, jwks: issuer.jwks, vectors };
writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
console.log(`wrote ${Object.keys(vectors).length} vectors to ${out.pathname}`);
