// Writes the discount read-assurance vectors both SDKs' tests read
// (../src/test/resources/golden/read-assurance-discount-vectors.json): discount verifications signed
// by a TEST-ONLY issuer whose statement carries `readAssurance` as the service signs it (one
// `{chainId, mode, providers, of}` per chain read: quorum, single, mixed, none read, absent), and one
// edited after signing, with what each SDK must report. Run once when the format changes on purpose:
//   node tools/quorum-discount-vectors.mjs
import { writeFileSync } from 'node:fs';
import { newIssuer } from './issuer.mjs';

const CREATED = '2026-11-20T10:15:30.000Z';
const EXPIRES = '2026-11-20T10:45:30.000Z';
const NOW = '2026-11-20T10:16:00Z';
const CODE = 'SVC-7KQ2M';
const issuer = await newIssuer('service', 17);

const quorum = (chainId, providers = 2, of = 2) => ({ chainId, mode: 'quorum', providers, of });
const single = (chainId) => ({ chainId, mode: 'single', providers: 1, of: 1 });

/** The statement as the service lays it out, `readAssurance` last when given. */
function statement(readAssurance) {
  const s = {
    code: CODE,
    merchantId: 'acme-coffee',
    verified: true,
    discountPercent: 10,
    walletProven: false,
    breakdown: [{ symbol: 'ACME', tier: 'gold', discount: 10 }],
    recognized: [],
    wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    createdAt: CREATED,
    expiresAt: EXPIRES,
  };
  if (readAssurance !== undefined) s.readAssurance = readAssurance;
  return s;
}

const response = async (readAssurance) => ({ ok: true, data: { verification: await issuer.discount(statement(readAssurance)) } });
const { chainId: _a, ...q1 } = quorum(1);
const shown = (a) => `ReadAssurance[mode=${a.mode}, providers=${a.providers}, of=${a.of}]`;
const weak = (k, chain, a) => `discount ${CODE}: chain ${chain} was not read from a quorum of at least ${k} providers: ${shown(a)}`;
const none = (k) => `discount ${CODE} was not read from a quorum of at least ${k} providers: no readAssurance`;

const vectors = {};
vectors['discount-quorum-two-chains'] = {
  response: await response([quorum(1), quorum(8453, 2, 3)]),
  expected: {
    valid: true,
    readAssurance: [quorum(1), quorum(8453, 2, 3)],
    requireQuorum: { 2: null, 3: weak(3, '1', q1) },
  },
};
vectors['discount-single'] = {
  response: await response([single(1)]),
  expected: { valid: true, readAssurance: [single(1)], requireQuorum: { 2: weak(2, '1', { mode: 'single', providers: 1, of: 1 }) } },
};
vectors['discount-quorum-then-single'] = {
  response: await response([quorum(1), single(8453)]),
  expected: {
    valid: true,
    readAssurance: [quorum(1), single(8453)],
    requireQuorum: { 2: weak(2, '8453', { mode: 'single', providers: 1, of: 1 }) },
  },
};
vectors['discount-no-chain-read'] = {
  response: await response([]),
  expected: { valid: true, readAssurance: [], requireQuorum: { 2: null } },
};
vectors['discount-no-read-assurance'] = {
  response: await response(undefined),
  expected: { valid: true, readAssurance: null, requireQuorum: { 2: none(2) } },
};
const edited = structuredClone(vectors['discount-single'].response);
edited.data.verification.discount.readAssurance = [quorum(1)];
vectors['discount-single-edited-to-quorum'] = {
  response: edited,
  expected: { valid: false, failedChecks: ['signature'], readAssurance: [quorum(1)] },
};

const out = new URL('../../src/test/resources/golden/read-assurance-discount-vectors.json', import.meta.url);
const file = { namespace: 'service', now: NOW, jwks: issuer.jwks, vectors };
writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
console.log(`wrote ${Object.keys(vectors).length} vectors to ${out.pathname}`);
