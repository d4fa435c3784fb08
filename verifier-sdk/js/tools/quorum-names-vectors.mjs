// Writes the read-assurance vectors with providers' names both SDKs' tests read
// (../src/test/resources/golden/read-assurance-names-vectors.json): attestations signed by a
// TEST-ONLY issuer whose results carry `readAssurance` with `names`, as the service signs it when
// its operator opts in (walletstate.chains.quorum.sign-provider-names), a malformed list, and names
// edited after signing. A file of its own, so the vectors without names (quorum-vectors.mjs) stay
// byte for byte as they were. Run once when the format changes on purpose:
//   node tools/quorum-names-vectors.mjs
import { writeFileSync } from 'node:fs';
import { newIssuer, sampleAttestation } from './issuer.mjs';

const ISSUED = '2026-11-20T10:15:30.000Z';
const NOW = '2026-11-20T10:16:00Z';
const issuer = await newIssuer('service', 12);

async function withAssurance(...assurances) {
  const base = await sampleAttestation(ISSUED);
  const results = assurances.map((a, i) => ({ ...base.results[0], condition: i, readAssurance: a }));
  return { ...base, results, passCount: results.length };
}

const named = { mode: 'quorum', providers: 2, of: 3, names: ['alchemy', 'infura'] };
const single = { mode: 'single', providers: 1, of: 1 };
const missing = (k, i, what) => `result ${i} was not read from a quorum of at least ${k} providers: ${what}`;
const shown = (a) =>
  `ReadAssurance[mode=${a.mode}, providers=${a.providers}, of=${a.of}${a.names ? `, names=[${a.names.join(', ')}]` : ''}]`;

const vectors = {};
vectors['quorum-2-of-3-named'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(named)) },
  expected: { valid: true, readAssurance: [named], requireQuorum: { 2: null, 3: missing(3, 0, shown(named)) } },
};
vectors['named-quorum-then-single'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(named, single)) },
  expected: { valid: true, readAssurance: [named, single], requireQuorum: { 2: missing(2, 1, shown(single)) } },
};
const tooFew = { mode: 'quorum', providers: 2, of: 3, names: ['alchemy'] };
vectors['names-not-one-per-provider'] = {
  response: { ok: true, data: await issuer.attestation(await withAssurance(tooFew)) },
  expected: { valid: true, readAssurance: [null], requireQuorum: { 2: missing(2, 0, 'no readAssurance') } },
};
const edited = structuredClone(vectors['quorum-2-of-3-named'].response);
const renamed = { ...named, names: ['alchemy', 'own-node'] };
edited.data.attestation.results[0].readAssurance = renamed;
vectors['names-edited-after-signing'] = {
  response: edited,
  expected: { valid: false, failedChecks: ['signature'], readAssurance: [renamed] },
};

const out = new URL('../../src/test/resources/golden/read-assurance-names-vectors.json', import.meta.url);
const file = { namespace: 'service', now: NOW, jwks: issuer.jwks, vectors };
writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
console.log(`wrote ${Object.keys(vectors).length} vectors to ${out.pathname}`);
