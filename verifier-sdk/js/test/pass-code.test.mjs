// The pass's QR-code text (`P1.<pass>.<sig>`): a code made from a pass signed here verifies as the
// pass does (its companion absent, as a code leaves it out), an edited code fails the signature, and
// text that is not a code of this layout is malformed with the Java SDK's reasons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVerifier, expandPassCode, KeySet, passCodeOf, MalformedPassCode } from '../src/index.js';
import { newIssuer } from '../tools/issuer.mjs';

const issuer = await newIssuer();
const ISSUED = '2026-11-01T10:00:00.000Z';
const samplePass = { wallet: '0x2222222222222222222222222222222222222222', merchantId: 'shop-1', issuedAt: ISSUED, expiresAt: '2026-11-01T10:01:00.000Z' };
const verifier = (options = {}) => createVerifier({ keys: KeySet.parse(issuer.jwks), now: '2026-11-01T10:00:20Z', ...options });

test('a code of a signed pass verifies as the pass, the companion reported absent', async () => {
  const data = await issuer.pass(samplePass);
  const whole = await verifier().reportPass({ data });
  assert.equal(whole.valid, true, JSON.stringify(whole.checks));
  assert.equal(whole.pq.status, 'verified');
  const code = passCodeOf(data);
  assert.match(code, /^P1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const report = await verifier().reportPass(`  ${code}\n`);
  assert.equal(report.valid, true, JSON.stringify(report.checks));
  assert.equal(report.kid, 'service-pass-v2');
  assert.equal(report.pq.status, 'absent');
  assert.deepEqual(report.statement, samplePass);
  await verifier().verifyPass(code);
  const late = await verifier({ now: '2026-11-01T10:03:00Z' }).reportPass(code);
  assert.deepEqual(late.failedChecks, ['expiry']);
  const required = await verifier({ pqRequiredFrom: '2026-01-01T00:00:00Z' }).reportPass(code);
  assert.deepEqual(required.failedChecks, ['pq']);
});

test('an edited code fails the signature; a code read in another namespace names another kid', async () => {
  const code = passCodeOf(await issuer.pass(samplePass));
  const [prefix, , sig] = code.split('.');
  const edited = { ...samplePass, wallet: '0x3333333333333333333333333333333333333333' };
  const forged = `${prefix}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${sig}`;
  const report = await verifier().reportPass(forged);
  assert.equal(report.checks.signature.passed, false);
  assert.deepEqual(expandPassCode(code, 'insumer').kid, 'insumer-pass-v2');
  const foreign = await createVerifier({ keys: KeySet.parse(issuer.jwks), namespace: 'insumer', now: '2026-11-01T10:00:20Z' }).reportPass(code);
  assert.equal(foreign.valid, false);
});

test('text that is not a code of this layout is malformed, with the reasons of the Java SDK', async () => {
  const reasons = {
    'P1.a': "the pass code must be P1.<pass>.<signature> (three dot-separated parts)",
    'P1.eyJhIjoxfQ.AA+C': "the pass code's parts must be unpadded base64url",
    'P1.WzFd.AAEC': "the pass code's pass is not a JSON object",
    ['P1.' + 'A'.repeat(2000) + '.AA']: 'the pass code is longer than 1024 characters',
    'P1.eyJhIjoxLCJhIjoyfQ.AAEC': 'the pass code\'s pass is not JSON: malformed JSON: duplicate member name "a"',
  };
  for (const [code, reason] of Object.entries(reasons)) {
    assert.throws(() => expandPassCode(code), (e) => e instanceof MalformedPassCode && e.message === reason, code);
    const report = await verifier().reportPass(code);
    assert.equal(report.valid, false);
    assert.equal(report.checks.structure.passed, false);
    assert.equal(report.checks.structure.reason, reason);
  }
  assert.deepEqual(expandPassCode('P1.eyJhIjoxfQ.AAEC', 'insumer'), { pass: { a: 1 }, sig: 'AAEC', kid: 'insumer-pass-v2' });
  const shape = await verifier().reportPass('P1.eyJhIjoxfQ.AAEC');
  assert.match(shape.checks.structure.reason, /object is not a pass/);
});
