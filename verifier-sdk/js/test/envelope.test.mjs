// The eight envelope fixtures E01 to E08 (../shared/conformance/envelope, copied into the SDK's test
// resources): per-slot output and summary exactly as each fixture expects, as the Java SDK's
// EnvelopeFixturesTest checks them; one slot never moves another's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EnvelopeVerifier, KeySet, KeySetResolver } from '../src/index.js';

const corpus = new URL('../../src/test/resources/conformance/', import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`envelope/${name}.json`, corpus), 'utf8'));
const JWKS_URL = 'https://insumermodel.com/.well-known/jwks.json';
const saved = KeySet.parse(readFileSync(new URL('jwks.json', corpus), 'utf8'), 'saved jwks.json');
const AFTER_ALL_WINDOWS = '2026-10-01T00:00:00Z';
const NAMES = [
  'E01-two-slots-valid',
  'E02-slot0-signature-stripped',
  'E03-slot0-signature-tampered',
  'E04-required-type-present',
  'E05-required-type-absent',
  'E06-freshness-gates-the-aggregate',
  'E07-unresolvable-kid',
  'E08-slot0-object-stapled-to-jws',
];

function verify(f, resolver = KeySetResolver.fixed({ [JWKS_URL]: saved })) {
  const builder = EnvelopeVerifier.builder(resolver).now(AFTER_ALL_WINDOWS);
  if (f.options.checkExpiry !== undefined) builder.checkExpiry(f.options.checkExpiry);
  if (f.options.requiredTypes !== undefined) builder.requiredTypes(f.options.requiredTypes);
  return builder.build().verify(JSON.stringify(f.payload));
}

for (const name of NAMES) {
  test(`${name}: every slot and the summary as expected`, async () => {
    const f = fixture(name);
    const report = await verify(f);
    const expected = f.expected;
    assert.equal(report.valid, expected.valid);
    assert.equal(report.slots.length, expected.slots.length);
    report.slots.forEach((slot, i) => {
      const want = expected.slots[i];
      assert.equal(slot.signatureValid, want.signatureValid, `slot ${i} signatureValid`);
      assert.equal(slot.expired, want.expired, `slot ${i} expired`);
      assert.equal(slot.error, want.error, `slot ${i} error`);
    });
    const { total, verified, expired, failed, missingRequired } = expected.summary;
    assert.deepEqual(report.summary, { total, verified, expired, failed, missingRequired });
  });
}

test('slot 1 is the same whatever happens to slot 0', async () => {
  const baseline = (await verify(fixture('E01-two-slots-valid'))).slots[1];
  for (const name of ['E02-slot0-signature-stripped', 'E03-slot0-signature-tampered', 'E07-unresolvable-kid', 'E08-slot0-object-stapled-to-jws']) {
    assert.deepEqual((await verify(fixture(name))).slots[1], baseline, name);
  }
});

test('missing required types are listed in the order the caller named them', async () => {
  const absent = ['z_type', 'a_type', 'm_type', 'b_type', 'y_type'];
  const f = fixture('E01-two-slots-valid');
  const report = await verify({ ...f, options: { checkExpiry: false, requiredTypes: absent } });
  assert.deepEqual(report.summary.missingRequired, absent);
  assert.equal(report.valid, false);
});

test('a key set that cannot be had fails every slot that names it; a malformed envelope is reported', async () => {
  const f = fixture('E01-two-slots-valid');
  const report = await verify({ ...f, options: { checkExpiry: false } }, KeySetResolver.fixed({}));
  assert.equal(report.valid, false);
  for (const slot of report.slots) assert.equal(slot.error, `Key set at ${JWKS_URL} unavailable: no saved key set for ${JWKS_URL}`);
  const plain = await EnvelopeVerifier.builder(KeySetResolver.https()).checkExpiry(false).build().verify(
    JSON.stringify({ v: 1, attestations: [{ ...f.payload.attestations[0], jwks: 'http://127.0.0.1:9/jwks.json' }] }),
  );
  assert.equal(plain.slots[0].error, 'Key set at http://127.0.0.1:9/jwks.json unavailable: key sets are fetched over https only: http://127.0.0.1:9/jwks.json');
  assert.equal((await EnvelopeVerifier.builder(KeySetResolver.fixed({})).build().verify('{"v":1}')).error, 'invalid payload: missing attestations array');
  assert.match((await EnvelopeVerifier.builder(KeySetResolver.fixed({})).build().verify('{"v":1,')).error, /^malformed JSON: /);
  const odd = await EnvelopeVerifier.builder(KeySetResolver.fixed({})).build().verify('{"attestations":[7]}');
  assert.equal(odd.slots[0].error, 'Invalid attestation entry: expected an object');
});
