// A signer in the service's wire format (docs/signing.md), for tests that need statements under
// keys they hold: it builds the preimages itself rather than through the verifier under test.
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { exportJWK, SignJWT } from 'jose';

const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sorted = (v) =>
  Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
const canonicalText = (v) => JSON.stringify(sorted(v));
const lines = (tag, body) => Buffer.concat([Buffer.from(tag + '\n'), Buffer.from(body)]);

export async function newIssuer(ns = 'service', seed = 7) {
  const ec = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const pq = ml_dsa65.keygen(new Uint8Array(32).fill(seed));
  const jwk = await exportJWK(ec.publicKey);
  const kids = {
    attest: `${ns}-attest-v2`,
    trust: `${ns}-trust-v2`,
    pass: `${ns}-pass-v2`,
    discount: `${ns}-discount-v2`,
    attestPq: `${ns}-attest-pq1`,
    trustPq: `${ns}-trust-pq1`,
    passPq: `${ns}-pass-pq1`,
    discountPq: `${ns}-discount-pq1`,
  };
  const jwks = {
    keys: [
      ...[kids.attest, kids.trust, kids.pass, kids.discount, `${ns}-attest-v1`].map((kid) => ({ ...jwk, kid, alg: 'ES256', use: 'sig' })),
      ...[kids.attestPq, kids.trustPq, kids.passPq, kids.discountPq].map((kid) => ({ kty: 'AKP', alg: 'ML-DSA-65', kid, pub: b64url(pq.publicKey) })),
    ],
  };
  const es256 = async (bytes) =>
    new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, ec.privateKey, bytes));

  /** data {attestation, sig, kid, pqSig, pqKid} of a v2 attestation, and its jwt pair when asked. */
  async function attestation(attestation, { tokens = false, subject = '0xabc' } = {}) {
    const { id, pass, results, attestedAt } = attestation;
    const classical = lines(`${ns}.attestation.v2`, canonicalText({ v: 2, id, pass, results, attestedAt }));
    const data = {
      attestation,
      sig: b64(await es256(classical)),
      kid: kids.attest,
      pqSig: b64(ml_dsa65.sign(lines(`${ns}.attestation.pq1`, classical), pq.secretKey)),
      pqKid: kids.attestPq,
    };
    if (!tokens) return data;
    const claims = { sub: subject, jti: id, pass, results, iat: Math.floor(Date.parse(attestedAt) / 1000), exp: Math.floor(Date.parse(attestation.expiresAt) / 1000) };
    data.jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: kids.attest, typ: 'JWT' }).sign(ec.privateKey);
    data.pqJwt = pqToken(claims);
    return data;
  }

  function pqToken(claims) {
    const head = b64url(Buffer.from(JSON.stringify({ alg: 'ML-DSA-65', kid: kids.attestPq, typ: 'JWT' })));
    const body = b64url(Buffer.from(JSON.stringify(claims)));
    return `${head}.${body}.${b64url(ml_dsa65.sign(Buffer.from(`${head}.${body}`), pq.secretKey))}`;
  }

  /** data {trust, sig, kid, pqSig, pqKid} of a v2 trust profile, signed whole. */
  async function trust(profile) {
    const classical = lines(`${ns}.trust.v2`, canonicalText(profile));
    return {
      trust: profile,
      sig: b64(await es256(classical)),
      kid: kids.trust,
      pqSig: b64(ml_dsa65.sign(lines(`${ns}.trust.pq1`, classical), pq.secretKey)),
      pqKid: kids.trustPq,
    };
  }

  /** data {pass, sig, kid, pqSig, pqKid} of an in-store pass, signed whole. */
  async function pass(p) {
    const classical = lines(`${ns}.pass.v2`, canonicalText(p));
    return {
      pass: p,
      sig: b64(await es256(classical)),
      kid: kids.pass,
      pqSig: b64(ml_dsa65.sign(lines(`${ns}.pass.pq1`, classical), pq.secretKey)),
      pqKid: kids.passPq,
    };
  }

  /** The verification block {code, expiresAt, walletProven, discount, sig, kid, pqSig, pqKid} of a discount. */
  async function discount(statement) {
    const classical = lines(`${ns}.discount.v2`, canonicalText(statement));
    return {
      code: statement.code,
      expiresAt: statement.expiresAt,
      walletProven: statement.walletProven,
      discount: statement,
      sig: b64(await es256(classical)),
      kid: kids.discount,
      pqSig: b64(ml_dsa65.sign(lines(`${ns}.discount.pq1`, classical), pq.secretKey)),
      pqKid: kids.discountPq,
    };
  }

  return { jwks, kids, attestation, trust, pass, discount, pqToken };
}

export async function conditionHashOf(condition) {
  const digest = await crypto.subtle.digest('SHA-256', Buffer.from(canonicalText(condition)));
  return '0x' + Buffer.from(digest).toString('hex');
}

/** A v2 attestation issued at `attestedAt` with one EVM result. */
export async function sampleAttestation(attestedAt = '2026-11-01T10:00:00.000Z') {
  const evaluatedCondition = { type: 'token_balance', chainId: 1, contractAddress: '0x1111111111111111111111111111111111111111', threshold: 100, decimals: 6 };
  return {
    id: 'ATST-00000000000000A1',
    pass: true,
    results: [
      { condition: 0, label: 'holds', type: 'token_balance', chainId: 1, met: true, evaluatedCondition,
        conditionHash: await conditionHashOf(evaluatedCondition), blockNumber: '0x10', blockTimestamp: attestedAt },
    ],
    passCount: 1,
    failCount: 0,
    attestedAt,
    expiresAt: new Date(Date.parse(attestedAt) + 30 * 60_000).toISOString(),
  };
}

export function sampleTrustProfile(profiledAt = '2026-11-01T10:00:00.000Z') {
  return {
    id: 'TRST-00000000000000B2',
    wallet: '0x2222222222222222222222222222222222222222',
    conditionSetVersion: 'v1',
    dimensions: {
      stablecoins: { checks: [{ label: 'USDC on Ethereum', chainId: 1, met: true, blockTimestamp: profiledAt }], passCount: 1, failCount: 0, total: 1 },
      xrpl: { checks: [{ label: 'RLUSD on XRPL', chainId: 'xrpl', met: false, evaluated: false, trustLineState: 'none' }], passCount: 0, failCount: 1, total: 1 },
    },
    summary: { totalChecks: 2, totalPassed: 1, totalFailed: 1, dimensionsWithActivity: 1, dimensionsChecked: 2 },
    profiledAt,
    expiresAt: new Date(Date.parse(profiledAt) + 30 * 60_000).toISOString(),
  };
}
