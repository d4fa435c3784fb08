// The 27 published vectors (namespace insumer, the saved key set, none for vector 23) reproduce
// every expected verdict, and read inside their own window the otherwise passing ones verify.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createVerifier, KeySet } from '../src/index.js';

const corpus = new URL('../../src/test/resources/conformance/', import.meta.url);
const vectors = JSON.parse(readFileSync(new URL('state-attestation-test-vectors.json', corpus), 'utf8')).vectors;
const jwks = readFileSync(new URL('jwks.json', corpus), 'utf8');
const AFTER_ALL_WINDOWS = '2026-10-01T00:00:00Z';

function verifierFor(vector, now) {
  return createVerifier({
    keys: vector.options ? KeySet.parse(jwks, 'saved jwks.json') : KeySet.empty(),
    namespace: 'insumer',
    now,
    pqRequiredFrom: vector.options?.pqRequiredFrom ?? null,
  });
}

const isTrust = (vector) => vector.response?.data?.trust !== undefined;
const reportOf = (verifier, vector) =>
  isTrust(vector) ? verifier.reportTrustProfile(JSON.stringify(vector.response)) : verifier.report(JSON.stringify(vector.response));

test('the corpus holds all 27 vectors', () => {
  assert.equal(Object.keys(vectors).length, 27);
});

for (const [name, vector] of Object.entries(vectors)) {
  test(`${name}: every expected verdict`, async () => {
    const report = await reportOf(verifierFor(vector, AFTER_ALL_WINDOWS), vector);
    const actual = Object.fromEntries(Object.keys(vector.expected.checks).map((c) => [c, report.checks[c]?.passed]));
    assert.deepEqual(actual, vector.expected.checks);
    // no check is reported that the vector does not expect (trust profiles have no conditionHashes)
    const reported = Object.keys(report.checks).filter((c) => c !== 'structure');
    assert.deepEqual(reported.sort(), Object.keys(vector.expected.checks).sort());
    assert.equal(report.pq.status, vector.expected.pq.status);
    assert.equal(report.checks.structure.passed, true);
    assert.equal(report.valid, false, 'expiry is past in every vector');
  });

  test(`${name}: inside its window`, async () => {
    const data = vector.response.data;
    const issued = data.trust
      ? Date.parse(data.trust.profiledAt)
      : data.attestation
        ? Date.parse(data.attestation.attestedAt)
        : JSON.parse(Buffer.from(data.jwt.split('.')[1], 'base64url')).iat * 1000;
    const now = issued + 60_000;
    const cutoff = vector.options?.pqRequiredFrom;
    const cutoffInForce = cutoff !== undefined && now >= Date.parse(cutoff);
    const pqFailsOnlyByCutoff = ['absent', 'unverifiable'].includes(vector.expected.pq.status);
    const otherwisePassing = Object.entries(vector.expected.checks).every(
      ([check, passed]) => passed || check === 'expiry' || (check === 'pq' && pqFailsOnlyByCutoff && !cutoffInForce),
    );
    const report = await reportOf(verifierFor(vector, now), vector);
    assert.equal(report.valid, otherwisePassing, JSON.stringify(report.checks));
    if (otherwisePassing && vector.expected.attestation) {
      assert.equal(report.statement.pass, vector.expected.attestation.pass);
      assert.deepEqual(
        report.statement.results.map((r) => r.met),
        vector.expected.attestation.results.map((r) => r.met),
      );
    }
    if (otherwisePassing && vector.expected.trust?.summary) {
      for (const [member, value] of Object.entries(vector.expected.trust.summary)) {
        assert.equal(report.statement.summary[member], value, member);
      }
    }
  });
}
