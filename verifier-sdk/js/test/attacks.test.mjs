// Statements signed here under keys the test holds, in the service's namespace, and what an
// attacker who reads every answer and holds free keys would try with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVerifier, KeySet, VerificationRejected } from '../src/index.js';
import { newIssuer, sampleAttestation, sampleTrustProfile } from '../tools/issuer.mjs';

const issuer = await newIssuer();
const stranger = await newIssuer('service', 9);
const ISSUED = '2026-11-01T10:00:00.000Z';
const at = (ms) => new Date(Date.parse(ISSUED) + ms).toISOString();
const verifier = (options = {}) => createVerifier({ keys: KeySet.parse(issuer.jwks), now: at(10_000), ...options });
const copy = (v) => structuredClone(v);

async function signed(edit = () => {}) {
  const attestation = await sampleAttestation(ISSUED);
  edit(attestation);
  return { data: await issuer.attestation(attestation) };
}

test('a statement as issued passes every check, companion verified', async () => {
  const report = await verifier().verify(await signed());
  assert.equal(report.valid, true);
  assert.equal(report.pq.status, 'verified');
  assert.deepEqual(report.failedChecks, []);
});

test('a tampered signed field fails the signature and refutes the companion', async () => {
  for (const edit of [(d) => (d.attestation.results[0].met = false), (d) => (d.attestation.pass = false), (d) => (d.attestation.id = 'ATST-0000000000000000')]) {
    const response = await signed();
    edit(response.data);
    const report = await verifier().report(response);
    assert.equal(report.checks.signature.passed, false);
    assert.equal(report.pq.status, 'refuted');
    await assert.rejects(verifier().verify(response), VerificationRejected);
  }
});

test('an edited condition fails its condition hash as well as the signature', async () => {
  const response = await signed();
  response.data.attestation.results[0].evaluatedCondition.threshold = 1;
  const report = await verifier().report(response);
  assert.deepEqual(report.conditionHashFailures, [0]);
  assert.deepEqual(report.failedChecks, ['signature', 'conditionHashes', 'pq']);
});

test('an expired statement fails expiry; an extended (unsigned) expiresAt is treated as tampered', async () => {
  const response = await signed();
  const late = await verifier({ now: at(30 * 60_000 + 61_000) }).report(response);
  assert.deepEqual(late.failedChecks, ['expiry']);
  const extended = copy(response);
  extended.data.attestation.expiresAt = at(3 * 3600_000);
  const report = await verifier().report(extended);
  assert.equal(report.checks.signature.passed, true, 'expiresAt is not signed');
  assert.match(report.checks.expiry.reason, /treated as tampered/);
});

test('a foreign key signing under the service kid is refused; no key is tried but the kid', async () => {
  const forged = { data: await stranger.attestation(await sampleAttestation(ISSUED)) };
  const report = await verifier().report(forged);
  assert.equal(report.checks.signature.passed, false);
  assert.equal(report.pq.status, 'refuted');
  const unknown = copy(forged);
  unknown.data.kid = 'service-attest-v9';
  assert.match((await verifier().report(unknown)).checks.signature.reason, /no key matching kid/);
  const none = await createVerifier({ keys: KeySet.empty(), now: at(0) }).report(await signed());
  assert.equal(none.checks.signature.passed, false);
});

test('a kid of another statement type or scheme never verifies the attestation', async () => {
  for (const kid of ['service-trust-v2', 'service-attest-v1', 'service-attest-pq1']) {
    const response = await signed();
    response.data.kid = kid;
    assert.equal((await verifier().report(response)).checks.signature.passed, false, kid);
  }
  const response = await signed();
  response.data.pqKid = 'service-trust-pq1';
  assert.equal((await verifier().report(response)).pq.status, 'unverifiable');
});

test('freshness holds each anchor to the maximum age plus the skew', async () => {
  const response = await signed();
  assert.equal((await verifier({ maxAgeSeconds: 300, now: at(350_000) }).report(response)).checks.freshness.passed, true);
  const stale = await verifier({ maxAgeSeconds: 300, now: at(361_000) }).report(response);
  assert.match(stale.checks.freshness.reason, /result 0 blockTimestamp is 361s old/);
});

test('the jwt pair binds to the attestation; a token of another answer or an edited companion fails', async () => {
  const attestation = await sampleAttestation(ISSUED);
  const data = await issuer.attestation(attestation, { tokens: true });
  const good = await verifier().verify({ data });
  assert.equal(good.jwt.passed, true);
  assert.equal(good.subject, '0xabc');
  const tokenOnly = await verifier().verifyToken(data.jwt, data.pqJwt);
  assert.equal(tokenOnly.pq.status, 'verified');

  const other = await sampleAttestation(ISSUED);
  other.id = 'ATST-00000000000000FF';
  const swapped = { ...data, jwt: (await issuer.attestation(other, { tokens: true })).jwt };
  assert.match((await verifier().report({ data: swapped })).jwt.reason, /claim "jti" differs/);

  const claims = JSON.parse(Buffer.from(data.jwt.split('.')[1], 'base64url'));
  const resigned = { ...data, pqJwt: issuer.pqToken({ ...claims, sub: '0xdef' }) };
  const report = await verifier().report({ data: resigned });
  assert.equal(report.jwt.passed, false);
  assert.equal(report.jwt.pq.status, 'refuted');
});

test('an unsigned token (alg none) and a token under a foreign key are refused', async () => {
  const data = await issuer.attestation(await sampleAttestation(ISSUED), { tokens: true });
  const [, payload] = data.jwt.split('.');
  const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'service-attest-v2' })).toString('base64url') + '.' + payload + '.';
  assert.equal((await verifier().reportToken(none)).checks.signature.passed, false);
  const foreign = await stranger.attestation(await sampleAttestation(ISSUED), { tokens: true });
  assert.equal((await verifier().reportToken(foreign.jwt)).checks.signature.passed, false);
});

test('attacker-sized nesting is refused as a verdict, never a crash', async () => {
  const response = await signed();
  response.data.attestation.results[0].deep = 'HERE';
  const nested = (depth) => JSON.stringify(response).replace('"HERE"', '['.repeat(depth) + ']'.repeat(depth));
  const walked = await verifier().report(nested(500));
  assert.match(walked.checks.signature.reason, /refused: artifact nests deeper than 128/);
  assert.equal(walked.valid, false);
  const parsed = await verifier().report(nested(5000));
  assert.match(parsed.checks.structure.reason, /malformed JSON: nesting depth exceeds 1000/);
});

test('a duplicate member name is refused: two parsers could read different statements', async () => {
  const text = JSON.stringify(await signed()).replace('"pass":true', '"pass":true,"pass":false');
  const report = await verifier().report(text);
  assert.match(report.checks.structure.reason, /duplicate member name "pass"/);
  const escaped = JSON.stringify(await signed()).replace('"pass":true', '"pass":true,"p\\u0061ss":false');
  assert.match((await verifier().report(escaped)).checks.structure.reason, /duplicate member name "pass"/);
  const inString = await signed();
  inString.data.attestation.results[0].label = '{"a":1,"a":2}';
  assert.equal((await verifier().report(JSON.stringify(inString))).checks.structure.passed, true);
});

test('a trust profile verifies whole, with members the verifier does not know (additive spec)', async () => {
  const profile = sampleTrustProfile(ISSUED);
  profile.dimensions.stablecoins.checks[0].newlyAddedMember = { any: 'shape' };
  profile.anotherTopLevelMember = [1, 2, 3];
  const data = await issuer.trust(profile);
  const report = await verifier().verifyTrustProfile({ data });
  assert.equal(report.pq.status, 'verified');
  assert.equal(report.statement.dimensions.xrpl.checks[0].trustLineState, 'none');

  const edited = copy(data);
  edited.trust.dimensions.xrpl.checks[0].met = true;
  const refused = await verifier().reportTrustProfile({ data: edited });
  assert.deepEqual(refused.failedChecks, ['signature', 'pq']);
  const asAttestation = { data: { ...copy(data), kid: 'service-attest-v2' } };
  assert.equal((await verifier().reportTrustProfile(asAttestation)).checks.signature.passed, false);
});

test('malformed input gets every verdict failed with the reason, never an exception', async () => {
  for (const input of ['{"data":', '[1]', '{"data":5}', '{}', 'a.b.c', 'nope']) {
    const report = await verifier().report(input);
    assert.equal(report.valid, false, input);
    assert.equal(report.checks.structure.passed, false, input);
  }
});
