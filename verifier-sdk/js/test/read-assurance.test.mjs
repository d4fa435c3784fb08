// The read-assurance vectors shared with the Java SDK (ReadAssuranceVectorsTest): the same signed
// attestations give the same readAssurance per result and the same requireQuorum outcome and text.
// The vectors with providers' names are a file of their own, under keys of their own; so are the
// trust-profile vectors (readAssurance per row, requireTrustQuorum) and the discount vectors
// (readAssurance per chain, requireDiscountQuorum).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  createVerifier,
  InsufficientAssurance,
  isQuorumOf,
  KeySet,
  readAssuranceOf,
  requireQuorum,
  requireTrustQuorum,
  trustReadAssurances,
  discountReadAssurances,
  requireDiscountQuorum,
} from '../src/index.js';

const golden = (name) => JSON.parse(readFileSync(new URL(`../../src/test/resources/golden/${name}`, import.meta.url), 'utf8'));
const file = golden('read-assurance-vectors.json');
const names = golden('read-assurance-names-vectors.json');
const verifierOf = (f) => createVerifier({ keys: KeySet.parse(JSON.stringify(f.jwks), 'read-assurance'), namespace: f.namespace, now: f.now });
const verifier = verifierOf(file);

test('the file holds the six vectors, the names file four', () => {
  assert.equal(Object.keys(file.vectors).length, 6);
  assert.equal(Object.keys(names.vectors).length, 4);
});

const asRead = (a) => (a === null ? null : { ...a, ...(a.names ? { names: [...a.names] } : {}) });

for (const f of [file, names]) {
  const verifying = verifierOf(f);
  for (const [name, vector] of Object.entries(f.vectors)) {
    test(`${name}: verdict, readAssurance and requireQuorum`, async () => {
      const report = await verifying.report(JSON.stringify(vector.response));
      assert.equal(report.valid, vector.expected.valid, JSON.stringify(report.failedChecks));
      if (vector.expected.failedChecks) assert.ok(vector.expected.failedChecks.every((c) => report.failedChecks.includes(c)));
      assert.deepEqual(report.readAssurance.map(asRead), vector.expected.readAssurance);
      for (const [k, refusal] of Object.entries(vector.expected.requireQuorum ?? {})) {
        if (refusal === null) assert.equal(requireQuorum(report, Number(k)), report);
        else assert.throws(() => requireQuorum(report, Number(k)), (e) => e instanceof InsufficientAssurance && e.message === refusal);
      }
      if (!vector.expected.valid) {
        assert.throws(() => requireQuorum(report, 2), InsufficientAssurance, 'an invalid report vouches for no read');
      }
    });
  }
}

test('a quorum below 2 is refused as an argument', async () => {
  const report = await verifier.report(JSON.stringify(file.vectors['quorum-2-of-2'].response));
  assert.throws(() => requireQuorum(report, 1), RangeError);
});

test('readAssuranceOf and isQuorumOf on bare results', () => {
  assert.deepEqual({ ...readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 3, of: 4 } }) }, { mode: 'quorum', providers: 3, of: 4 });
  assert.equal(readAssuranceOf({}), null);
  assert.equal(readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2.5, of: 3 } }), null);
  assert.equal(isQuorumOf({ mode: 'quorum', providers: 3, of: 4 }, 3), true);
  assert.equal(isQuorumOf({ mode: 'quorum', providers: 2, of: 4 }, 3), false);
  assert.equal(isQuorumOf({ mode: 'single', providers: 1, of: 1 }, 2), false);
  assert.equal(isQuorumOf(null, 2), false);
});

test('readAssuranceOf keeps names only when there is one string per provider', () => {
  const named = readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2, of: 3, names: ['alchemy', 'infura'] } });
  assert.deepEqual([...named.names], ['alchemy', 'infura']);
  assert.ok(Object.isFrozen(named.names));
  assert.equal('names' in readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2, of: 3 } }), false);
  assert.equal(readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2, of: 3, names: ['alchemy', 7] } }), null);
  assert.equal(readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2, of: 3, names: 'alchemy,infura' } }), null);
  assert.equal(readAssuranceOf({ readAssurance: { mode: 'quorum', providers: 2, of: 3, names: [] } }), null);
});

const trust = golden('read-assurance-trust-vectors.json');

test('the trust file holds five vectors', () => {
  assert.equal(Object.keys(trust.vectors).length, 5);
});

for (const [name, vector] of Object.entries(trust.vectors)) {
  test(`${name}: verdict, readAssurance per row and requireTrustQuorum`, async () => {
    const report = await verifierOf(trust).reportTrustProfile(JSON.stringify(vector.response));
    assert.equal(report.valid, vector.expected.valid, JSON.stringify(report.failedChecks));
    if (vector.expected.failedChecks) assert.ok(vector.expected.failedChecks.every((c) => report.failedChecks.includes(c)));
    const rows = trustReadAssurances(report.statement ?? vector.response.data.trust);
    assert.deepEqual(
      rows.map((r) => asRead(r.readAssurance)),
      vector.expected.readAssurance,
    );
    for (const [k, refusal] of Object.entries(vector.expected.requireQuorum ?? {})) {
      if (refusal === null) assert.equal(requireTrustQuorum(report, Number(k)), report);
      else assert.throws(() => requireTrustQuorum(report, Number(k)), (e) => e instanceof InsufficientAssurance && e.message === refusal);
    }
    if (!vector.expected.valid) {
      assert.throws(() => requireTrustQuorum(report, 2), InsufficientAssurance, 'an invalid report vouches for no read');
    }
  });
}

test('requireTrustQuorum refuses a quorum below 2 as an argument', async () => {
  const report = await verifierOf(trust).reportTrustProfile(JSON.stringify(trust.vectors['trust-quorum-2-of-2'].response));
  assert.throws(() => requireTrustQuorum(report, 1), RangeError);
});

const discounts = golden('read-assurance-discount-vectors.json');

test('the discount file holds six vectors', () => {
  assert.equal(Object.keys(discounts.vectors).length, 6);
});

const chainsRead = (rows) => (rows === null ? null : rows.map((r) => ({ chainId: Number(r.chainId), ...asRead(r.readAssurance) })));

for (const [name, vector] of Object.entries(discounts.vectors)) {
  test(`${name}: verdict, readAssurance per chain and requireDiscountQuorum`, async () => {
    const report = await verifierOf(discounts).reportDiscount(JSON.stringify(vector.response));
    assert.equal(report.valid, vector.expected.valid, JSON.stringify(report.failedChecks));
    if (vector.expected.failedChecks) assert.ok(vector.expected.failedChecks.every((c) => report.failedChecks.includes(c)));
    const rows = discountReadAssurances(report.statement ?? vector.response.data.verification.discount);
    assert.deepEqual(chainsRead(rows), vector.expected.readAssurance);
    for (const [k, refusal] of Object.entries(vector.expected.requireQuorum ?? {})) {
      if (refusal === null) assert.equal(requireDiscountQuorum(report, Number(k)), report);
      else assert.throws(() => requireDiscountQuorum(report, Number(k)), (e) => e instanceof InsufficientAssurance && e.message === refusal);
    }
    if (!vector.expected.valid) {
      assert.throws(() => requireDiscountQuorum(report, 2), InsufficientAssurance, 'an invalid report vouches for no read');
    }
  });
}

test('discountReadAssurances refuses a malformed or repeated entry, and requireDiscountQuorum a k below 2', async () => {
  assert.equal(discountReadAssurances({ readAssurance: [{ mode: 'quorum', providers: 2, of: 2 }] }), null);
  assert.equal(discountReadAssurances({ readAssurance: { chainId: 1, mode: 'quorum', providers: 2, of: 2 } }), null);
  const twice = { chainId: 1, mode: 'quorum', providers: 2, of: 2 };
  assert.equal(discountReadAssurances({ readAssurance: [twice, twice] }), null);
  assert.equal(discountReadAssurances({}), null);
  const report = await verifierOf(discounts).reportDiscount(JSON.stringify(discounts.vectors['discount-quorum-two-chains'].response));
  assert.throws(() => requireDiscountQuorum(report, 1), RangeError);
});
