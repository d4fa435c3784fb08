// The transparency-log checks (src/tlog.js) over the vectors both SDKs run
// (src/test/resources/tlog/log-vectors.json: trees, proofs and tampered proofs, the RFC 6962
// reference proofs, statement leaves, checkpoints signed with a throw-away key, malformed notes and
// forks): every expected verdict. The Java SDK's LogVectorsAgreementTest runs the same vectors and
// compares its verdicts with this package's. Also the note key as GET /v1/log/key publishes it, and
// a checkpoint signed here with WebCrypto.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LogKey, MalformedCheckpoint, SignedCheckpoint, leafHash, verifyConsistency, verifyInclusion } from '../src/index.js';
import { VECTORS, verdicts } from '../tools/tlog-verdicts.mjs';

const vectors = JSON.parse(readFileSync(VECTORS, 'utf8'));
const ours = await verdicts(vectors);

for (const kind of ['statements', 'inclusion', 'consistency', 'checkpoints', 'forks']) {
  test(`${kind}: every expected verdict (${vectors[kind].length} vectors)`, () => {
    assert.equal(ours[kind].length, vectors[kind].length);
    vectors[kind].forEach((v, i) => {
      assert.deepEqual(ours[kind][i], kind === 'statements' ? v.leafHash : v.expected, v.label ?? `${v.kind} ${v.kid}`);
    });
  });
}

test('the vectors hold valid and tampered proofs, rewritten histories and wrong signatures', () => {
  const count = (list, value) => list.filter((v) => v === value).length;
  assert.ok(count(ours.inclusion, true) >= 55 && count(ours.inclusion, false) > 200);
  assert.ok(count(ours.consistency, true) >= 55 && count(ours.consistency, false) > 200);
  assert.ok(ours.forks.some((f) => f.olderSigned && f.newerSigned && !f.consistent));
  assert.ok(ours.checkpoints.some((c) => c.signedBy === false) && ours.checkpoints.some((c) => c.error));
});

const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

test('the note key is read as GET /v1/log/key publishes it, and its keyId and algorithm are checked', async () => {
  const published = vectors.keys.log;
  const key = await LogKey.from(published);
  assert.equal(key.keyIdHex, published.keyId);
  assert.equal((await LogKey.from({ data: published })).keyIdHex, published.keyId);
  assert.equal((await LogKey.from(` ${published.publicKey}\n`)).keyIdHex, published.keyId);
  await assert.rejects(LogKey.from({ ...published, keyId: '00000000' }), MalformedCheckpoint);
  await assert.rejects(LogKey.from({ ...published, algorithm: 'Ed25519' }), /not ES256/);
  await assert.rejects(LogKey.from('AAAA'), /not a base64 P-256 public key/);
  const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
  await assert.rejects(LogKey.from(b64(await crypto.subtle.exportKey('spki', p384.publicKey))), /P-256/);
});

/** r || s as DER (what the service writes), from WebCrypto's raw form. */
function der(raw) {
  const int = (bytes) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const v = bytes.slice(i);
    return v[0] & 0x80 ? [0x02, v.length + 1, 0, ...v] : [0x02, v.length, ...v];
  };
  const body = [...int(raw.slice(0, 32)), ...int(raw.slice(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

test('a checkpoint signed with WebCrypto verifies with its key and not after a change', async () => {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const key = await LogKey.from(b64(spki));
  const leaves = await Promise.all([0, 1, 2].map((i) => leafHash(Uint8Array.of(i))));
  const node = async (l, r) => new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from([1, ...l, ...r])));
  const root2 = await node(leaves[0], leaves[1]);
  const root3 = await node(root2, leaves[2]);
  const body = `example.test/log\n3\n${b64(root3)}\ntime 1764322000\n`;
  const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(body)));
  const note = `${body}\n\u2014 example.test/log ${b64([...key.keyId, ...der(raw)])}\n`;
  const checkpoint = SignedCheckpoint.parse(note);
  assert.equal(checkpoint.size, 3n);
  assert.deepEqual(checkpoint.extensions, ['time 1764322000']);
  assert.equal(await checkpoint.signedBy(key), true);
  assert.equal(await SignedCheckpoint.parse(note.replace('\n3\n', '\n4\n')).signedBy(key), false);
  assert.equal(await verifyInclusion(2, checkpoint.size, leaves[2], [root2], checkpoint.root), true);
  assert.equal(await verifyInclusion(2, checkpoint.size, leaves[1], [root2], checkpoint.root), false);
  assert.equal(await verifyConsistency(2, 3n, root2, checkpoint.root, [leaves[2]]), true);
  assert.equal(await verifyConsistency(2, 3n, leaves[0], checkpoint.root, [leaves[2]]), false);
  assert.throws(() => SignedCheckpoint.parse(body), MalformedCheckpoint);
});

test('sizes beyond what a number holds exactly are refused, not rounded', async () => {
  const h = new Uint8Array(32);
  assert.equal(await verifyInclusion(2 ** 53, 2 ** 53 + 2, h, [], h), false);
  assert.equal(await verifyInclusion(0.5, 2, h, [], h), false);
  assert.equal(await verifyInclusion(0n, 1n << 63n, h, [], h), false);
  assert.equal(await verifyInclusion(0n, 1n, h, [], h), true);
});

const ed25519Vectors = JSON.parse(readFileSync(new URL('../../src/test/resources/tlog/log-ed25519-vectors.json', import.meta.url), 'utf8'));

test(`Ed25519 checkpoint lines: every expected verdict (${ed25519Vectors.checkpoints.length} vectors)`, async () => {
  const ed = await verdicts(ed25519Vectors);
  assert.equal(ed.checkpoints.length, ed25519Vectors.checkpoints.length);
  ed25519Vectors.checkpoints.forEach((v, i) => assert.deepEqual(ed.checkpoints[i], v.expected, v.label));
  assert.equal(ed.checkpoints.filter((c) => c.signedBy).length, 4);
});

test('an Ed25519 verifier key is read, and one whose key id is not its own is refused', async () => {
  const vkey = ed25519Vectors.keys.log;
  const key = await LogKey.from(vkey);
  assert.equal(key.algorithm, 'Ed25519');
  assert.equal(key.raw.length, 32);
  const [, , id, typed] = /^([^+]+)\+([0-9a-f]{8})\+(.+)$/.exec(vkey);
  await assert.rejects(LogKey.from(`other.test/log+${id}+${typed}`), /key id is not its key's/);
  await assert.rejects(LogKey.from(`log.example.test/log+${id}+AAAA`), /not an Ed25519 key/);
});

test('a checkpoint signed with a WebCrypto Ed25519 key verifies with its verifier key and not after a change', async () => {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const origin = 'web.example.test/log';
  const id = new Uint8Array(
    await crypto.subtle.digest('SHA-256', Uint8Array.from([...new TextEncoder().encode(`${origin}\n`), 1, ...raw])),
  ).slice(0, 4);
  const hexId = Array.from(id, (b) => b.toString(16).padStart(2, '0')).join('');
  const key = await LogKey.from(`${origin}+${hexId}+${b64(Uint8Array.from([1, ...raw]))}`);
  const body = `${origin}\n3\n${b64(new Uint8Array(32))}\ntime 1764322000\n`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(body)));
  const line = `\u2014 ${origin} ${b64(Uint8Array.from([...id, ...signature]))}\n`;
  assert.equal(await SignedCheckpoint.parse(`${body}\n${line}`).signedBy(key), true);
  assert.equal(await SignedCheckpoint.parse(`${body.replace('\n3\n', '\n4\n')}\n${line}`).signedBy(key), false);
});
