// `walletstate-verify monitor` against a log served over HTTP, as the Java SDK's LogMonitorTest
// runs `verify monitor`: a log of 50 leaves whose checkpoint (signed with a throw-away P-256 key)
// and RFC 9162 consistency proofs are computed here, independently of the package. A growing log is
// followed; a rewritten entry, a shrunk log and a checkpoint signed by another key are each
// reported with the Java CLI's exit codes; a state file signed by another key is refused.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { execFile } from 'node:child_process';
import { mkdtempSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { run } from '../src/cli.js';
import { BAD_SIGNATURE, FORK, OK, UNAVAILABLE, USAGE } from '../src/monitor.js';

const BIN = fileURLToPath(new URL('../bin/verify.mjs', import.meta.url));
const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts.map((p) => Buffer.from(p)))).digest();
const leafHash = (text) => sha256([0], Buffer.from(text, 'utf8'));
const nodeHash = (l, r) => sha256([1], l, r);

/** RFC 9162 MTH(D[n]). */
function mth(d) {
  if (d.length === 1) return d[0];
  const k = 2 ** Math.floor(Math.log2(d.length - 1));
  return nodeHash(mth(d.slice(0, k)), mth(d.slice(k)));
}

/** RFC 9162 SUBPROOF(m, D[n], b). */
function subproof(m, d, b, out) {
  if (m === d.length) {
    if (!b) out.push(mth(d));
    return;
  }
  const k = 2 ** Math.floor(Math.log2(d.length - 1));
  if (m <= k) {
    subproof(m, d.slice(0, k), b, out);
    out.push(mth(d.slice(k)));
  } else {
    subproof(m - k, d.slice(k), false, out);
    out.push(mth(d.slice(0, k)));
  }
}

/** r || s as DER, from WebCrypto's raw form. */
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

const newKey = () => crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
const spki = async (pair) => new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));

/** The served log: its leaves, its size and the key its checkpoints are signed with. */
const log = {};
let server;
let base;
let dir;

/** A checkpoint of the first `n` leaves, signed by `log.signer` under the id of `log.key`. */
async function checkpoint(n) {
  const body = `test.example/log\n${n}\n${b64(mth(log.leaves.slice(0, n)))}\n`;
  const raw = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, log.signer.privateKey, new TextEncoder().encode(body)),
  );
  const id = sha256(await spki(log.key)).subarray(0, 4);
  return `${body}\n\u2014 test.example/log ${b64([...id, ...der(raw)])}\n`;
}

beforeEach(async () => {
  log.key = await newKey();
  log.signer = log.key;
  log.leaves = Array.from({ length: 50 }, (_, i) => leafHash(`statement ${i}`));
  log.size = 0;
  dir = mkdtempSync(join(tmpdir(), 'monitor-'));
  server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/v1/log/checkpoint') {
      response.end(await checkpoint(log.size));
    } else if (url.pathname === '/v1/log/consistency') {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const proof = [];
      subproof(from, log.leaves.slice(0, to), true, proof);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ ok: true, data: { proof: proof.map(b64) } }));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

afterEach(() => new Promise((resolve) => server.close(resolve)));

/** Writes what the command prints. */
function sink() {
  const chunks = [];
  return { write: (text) => chunks.push(text), toString: () => chunks.join('') };
}

async function monitor(out, { key = log.key, extra = [] } = {}) {
  const args = ['monitor', '--log', base, '--key', b64(await spki(key)), '--state', join(dir, 'state'), '--once', ...extra];
  return run(args, { stdout: out, stderr: sink() });
}

test('follows a growing log and reports a rewritten history as a fork', async () => {
  const out = sink();
  log.size = 7;
  assert.equal(await monitor(out), OK);
  log.size = 7;
  assert.equal(await monitor(out), OK);
  log.size = 30;
  assert.equal(await monitor(out), OK);
  assert.ok(existsSync(join(dir, 'state')));
  assert.match(out.toString(), /^OK size 7 root .*\nSAME size 7 root .*\nOK size 30 root /);

  // the log rewrites entry 3 and serves a bigger tree over the new history
  log.leaves[3] = leafHash('another statement');
  log.size = 40;
  assert.equal(await monitor(out), FORK);
  assert.match(out.toString(), /FORK tree size 40 does not extend the accepted tree of 30\n {2}accepted: size 30 /);
  // the fork was not accepted: the state still holds the tree of 30
  assert.match(readFileSync(join(dir, 'state'), 'utf8'), /^test\.example\/log\n30\n/);
});

test('reports a shrunk log, two roots for one size and a foreign signature', async () => {
  const out = sink();
  log.size = 20;
  assert.equal(await monitor(out), OK);
  log.size = 19;
  assert.equal(await monitor(out), FORK);
  assert.match(out.toString(), /FORK the log shrank from 20 to 19 entries/);

  log.leaves[0] = leafHash('rewritten');
  log.size = 20;
  assert.equal(await monitor(out), FORK);
  assert.match(out.toString(), /FORK two different roots for tree size 20/);

  log.size = 25;
  log.signer = await newKey();
  assert.equal(await monitor(out), BAD_SIGNATURE);
  assert.match(out.toString(), /BAD-SIGNATURE checkpoint of size 25 is not signed by the key/);
});

test('a wrong key is refused: the checkpoint is a bad signature, a state file of another key a usage error', async () => {
  log.size = 10;
  const other = await newKey();
  assert.equal(await monitor(sink(), { key: other }), BAD_SIGNATURE);
  assert.ok(!existsSync(join(dir, 'state')));

  assert.equal(await monitor(sink()), OK);
  const err = sink();
  const code = await run(['monitor', '--log', base, '--key', b64(await spki(other)), '--state', join(dir, 'state'), '--once'], {
    stdout: sink(),
    stderr: err,
  });
  assert.equal(code, USAGE);
  assert.match(err.toString(), /the state file's checkpoint is not signed by the key/);
});

test('the key may be a file; an unreachable log is UNAVAILABLE; bad options are usage errors', async () => {
  log.size = 5;
  const keyFile = join(dir, 'note.key');
  writeFileSync(keyFile, b64(await spki(log.key)) + '\n');
  const out = sink();
  assert.equal(await run(['monitor', '--log', base + '/', '--key', keyFile, '--once'], { stdout: out, stderr: sink() }), OK);
  assert.match(out.toString(), /^OK size 5 /);

  const down = sink();
  assert.equal(await run(['monitor', '--log', 'http://127.0.0.1:1', '--key', keyFile, '--once'], { stdout: down, stderr: sink() }), UNAVAILABLE);
  assert.match(down.toString(), /^UNAVAILABLE the checkpoint could not be read/);

  for (const args of [
    ['--log', base],
    ['--key', keyFile],
    ['--log', base, '--key', keyFile, '--every', '0'],
    ['--log', base, '--key', keyFile, '--every', 'soon'],
    ['--log', base, '--key', keyFile, '--bogus'],
    ['--log', base, '--key', 'not-a-key'],
  ]) {
    const err = sink();
    assert.equal(await run(['monitor', ...args], { stdout: sink(), stderr: err }), USAGE, args.join(' '));
    assert.match(err.toString(), /usage: walletstate-verify monitor --log/);
  }
});

test('the installed command exits with the verdict', async () => {
  log.size = 12;
  const key = b64(await spki(log.key));
  const exit = (args) =>
    new Promise((resolve) => execFile(process.execPath, [BIN, ...args], (error, stdout) => resolve({ code: error?.code ?? 0, stdout })));
  const state = join(dir, 'bin-state');
  assert.deepEqual((await exit(['monitor', '--log', base, '--key', key, '--state', state, '--once'])).code, OK);
  log.leaves[1] = leafHash('rewritten');
  log.size = 13;
  const forked = await exit(['monitor', '--log', base, '--key', key, '--state', state, '--every', '1']);
  assert.equal(forked.code, FORK);
  assert.match(forked.stdout, /^FORK tree size 13 does not extend the accepted tree of 12/);
});
