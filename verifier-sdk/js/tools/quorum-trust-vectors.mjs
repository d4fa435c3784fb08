// Writes the trust-profile read-assurance vectors both SDKs' tests read
// (../src/test/resources/golden/read-assurance-trust-vectors.json): trust profiles signed by a
// TEST-ONLY issuer whose rows read from a chain carry `readAssurance` as the service signs it
// (quorum, single, absent; a `wallet_not_provided` row reads no chain and carries none), and one
// edited after signing, with what each SDK must report. Run once when the format changes on purpose:
//   node tools/quorum-trust-vectors.mjs
import { writeFileSync } from 'node:fs';
import { newIssuer, sampleTrustProfile } from './issuer.mjs';

const PROFILED = '2026-11-20T10:15:30.000Z';
const NOW = '2026-11-20T10:16:00Z';
const issuer = await newIssuer('service', 13);

const quorum = { mode: 'quorum', providers: 2, of: 2 };
const single = { mode: 'single', providers: 1, of: 1 };

/** The sample profile with a second EVM row; each EVM row signs the assurance given for it. */
function profile(usdc, dai) {
  const base = sampleTrustProfile(PROFILED);
  const row = (label, assurance) => {
    const r = { label, chainId: 1, met: true, blockTimestamp: PROFILED };
    if (assurance !== undefined) r.readAssurance = assurance;
    return r;
  };
  return {
    ...base,
    dimensions: {
      stablecoins: { checks: [row('USDC on Ethereum', usdc), row('DAI on Ethereum', dai)], passCount: 2, failCount: 0, total: 2 },
      xrpl: {
        checks: [{ label: 'RLUSD on XRPL', chainId: 'xrpl', evaluated: false, reason: 'wallet_not_provided', requires: 'xrplWallet', met: false }],
        passCount: 0,
        failCount: 0,
        notEvaluatedCount: 1,
        total: 1,
      },
    },
  };
}

const missing = (k, row, what) => `check ${row} was not read from a quorum of at least ${k} providers: ${what}`;
const shown = (a) => `ReadAssurance[mode=${a.mode}, providers=${a.providers}, of=${a.of}]`;
const USDC = 'stablecoins/USDC on Ethereum';
const DAI = 'stablecoins/DAI on Ethereum';

const vectors = {};
vectors['trust-quorum-2-of-2'] = {
  response: { ok: true, data: await issuer.trust(profile(quorum, quorum)) },
  expected: { valid: true, readAssurance: [quorum, quorum, null], requireQuorum: { 2: null, 3: missing(3, USDC, shown(quorum)) } },
};
vectors['trust-single'] = {
  response: { ok: true, data: await issuer.trust(profile(single, single)) },
  expected: { valid: true, readAssurance: [single, single, null], requireQuorum: { 2: missing(2, USDC, shown(single)) } },
};
vectors['trust-no-read-assurance'] = {
  response: { ok: true, data: await issuer.trust(profile(undefined, undefined)) },
  expected: { valid: true, readAssurance: [null, null, null], requireQuorum: { 2: missing(2, USDC, 'no readAssurance') } },
};
vectors['trust-quorum-then-single'] = {
  response: { ok: true, data: await issuer.trust(profile(quorum, single)) },
  expected: { valid: true, readAssurance: [quorum, single, null], requireQuorum: { 2: missing(2, DAI, shown(single)) } },
};
const edited = structuredClone(vectors['trust-single'].response);
edited.data.trust.dimensions.stablecoins.checks.forEach((c) => {
  c.readAssurance = { ...quorum };
});
vectors['trust-single-edited-to-quorum'] = {
  response: edited,
  expected: { valid: false, failedChecks: ['signature'], readAssurance: [quorum, quorum, null] },
};

const out = new URL('../../src/test/resources/golden/read-assurance-trust-vectors.json', import.meta.url);
const file = { namespace: 'service', now: NOW, jwks: issuer.jwks, vectors };
writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
console.log(`wrote ${Object.keys(vectors).length} vectors to ${out.pathname}`);
