// The package in a browser, as a web application gets it: src/index.js bundled by esbuild for the
// browser platform (a Node built-in reached from the library, its dependencies included, fails the
// bundle), loaded by Debian's headless Chromium (/usr/bin/chromium, as the point-of-sale pages'
// tests use it) from a page on 127.0.0.1, a secure context, so ES256 runs on WebCrypto. The page
// runs tools/browser-cases.mjs (the 27 published vectors at two clocks; a trust profile alone and
// as a batch entry, a pass, its QR-code text and an attestation with an EIP-1186 proof, signed here,
// as issued and edited; the proof against the devnet's header) and posts its reports back: they
// must be the ones Node gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { browserCases } from '../tools/browser-cases.mjs';
import { conditionHashOf, newIssuer } from '../tools/issuer.mjs';

const CHROMIUM = '/usr/bin/chromium';
const resources = new URL('../../src/test/resources/', import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, resources), 'utf8'));
const pad = (hex) => '0x' + hex.slice(2).padStart(64, '0');
const NOW = '2026-11-01T10:00:20.000Z';

/** An answer's data with one ERC-20 balance result (6 decimals, met) carrying its saved proof. */
async function proofAnswer(issuer, f) {
  const a = f.holderToken6;
  const s = a.storageProof[0];
  const evaluatedCondition = { type: 'token_balance', chainId: 8453, contractAddress: f.token6, operator: 'gte', threshold: '1500.25' };
  const proof = { available: true, type: 'merkle', blockNumber: f.blockNumber, address: a.address, contractAddress: a.address };
  Object.assign(proof, { holder: f.holder, mappingSlot: '0x0', layout: 'solidity', storageKey: pad(s.key), decimals: 6 });
  Object.assign(proof, { nonce: a.nonce, balance: a.balance, codeHash: a.codeHash, storageHash: a.storageHash, accountProof: a.accountProof });
  proof.storageProof = [{ key: pad(s.key), value: s.value, proof: s.proof }];
  const at = '2026-11-01T10:00:00.000Z';
  const result = { condition: 0, type: 'token_balance', chainId: 8453, met: true, evaluatedCondition };
  Object.assign(result, { conditionHash: await conditionHashOf(evaluatedCondition), blockNumber: f.blockNumber, blockTimestamp: at, proof });
  const attestation = { id: 'ATST-00000000000000E7', pass: true, results: [result], passCount: 1, failCount: 0, attestedAt: at, expiresAt: '2026-11-01T10:30:00.000Z' };
  return issuer.attestation(attestation, { tokens: true, subject: f.holder });
}

async function inputs() {
  const conformance = readJson('conformance/state-attestation-test-vectors.json').vectors;
  const f = readJson('proofs/anvil-8453.json');
  const issuer = await newIssuer();
  const trust = await issuer.trust({
    id: 'TRST-00000000000000E2',
    wallet: f.holder,
    conditionSetVersion: 'v1',
    dimensions: { stablecoins: { checks: [{ label: 'USDC on Base', chainId: 8453, met: true, blockTimestamp: '2026-11-01T10:00:00.000Z' }], passCount: 1, failCount: 0, total: 1 } },
    summary: { totalChecks: 1, totalPassed: 1, totalFailed: 0, dimensionsWithActivity: 1, dimensionsChecked: 1 },
    profiledAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-01T10:30:00.000Z',
  });
  const pass = await issuer.pass({ wallet: f.holder, merchantId: 'shop-1', issuedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2026-11-01T10:01:00.000Z' });
  const answer = await proofAnswer(issuer, f);
  const tampered = structuredClone(answer);
  tampered.attestation.results[0].proof.storageProof[0].value = '0x5f5e1000';
  const trustEdited = structuredClone(trust);
  trustEdited.trust.summary.totalPassed = 0;
  const passEdited = structuredClone(pass);
  passEdited.pass.merchantId = 'shop-2';
  return {
    vectors: conformance,
    jwks: readFileSync(new URL('conformance/jwks.json', resources), 'utf8'),
    signed: { jwks: issuer.jwks, now: NOW, trust, trustEdited, pass, passEdited, proofAnswer: answer, proofTampered: tampered },
    header: { chainId: 8453, header: f.header, holder: f.holder, otherStateRoot: readJson('proofs/anvil-1.json').header.stateRoot },
  };
}

async function bundle() {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('../tools/browser-page.mjs', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** Serves the page, the bundle and the inputs; resolves with what the page posts to /result. */
function serve(script, inputText) {
  let deliver;
  const posted = new Promise((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/result') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        res.end();
        deliver(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      return;
    }
    const body = {
      '/': ['text/html', '<!doctype html><meta charset="utf-8"><title>verifier</title><script type="module" src="/page.js"></script>'],
      '/page.js': ['text/javascript', script],
      '/inputs.json': ['application/json', inputText],
    }[req.url];
    res.writeHead(body ? 200 : 404, { 'content-type': body ? body[0] : 'text/plain' });
    res.end(body ? body[1] : '');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, posted })));
}

/** Chromium on a fresh profile showing `url` until `posted` settles (or 120 s pass). */
async function inChromium(url, posted) {
  const profile = mkdtempSync(join(tmpdir(), 'verifier-chromium-'));
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`];
  const browser = spawn(CHROMIUM, [...flags, url], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  browser.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise((resolve) => browser.on('exit', (code) => resolve({ exited: code })));
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve({ timeout: true }), 120_000)));
  try {
    const outcome = await Promise.race([posted, exited, timeout]);
    assert.ok(!outcome.exited && !outcome.timeout, `the page posted nothing (${JSON.stringify(outcome)}): ${stderr}`);
    return outcome;
  } finally {
    clearTimeout(timer);
    if (browser.exitCode === null) process.kill(-browser.pid, 'SIGKILL');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }
}

test('in Chromium, the bundled package gives the verdicts Node gives', { timeout: 240_000 }, async () => {
  assert.ok(existsSync(CHROMIUM), "Debian's chromium package (apt-get install -y chromium; .ci/run installs it)");
  const given = await inputs();
  const inputText = JSON.stringify(given);
  const { server, posted } = await serve(await bundle(), inputText);
  try {
    const page = await inChromium(`http://127.0.0.1:${server.address().port}/`, posted);
    assert.equal(page.error, undefined, page.error);
    assert.deepEqual(page.environment, { subtle: 'object', buffer: 'undefined', process: 'undefined' });
    const node = await browserCases(JSON.parse(inputText));
    assert.equal(Object.keys(page.cases).length, 27 * 2 + 11);
    assert.deepEqual(page.cases, node);

    // and the verdicts are the right ones, not merely the same ones
    const vectors = given.vectors;
    for (const [name, vector] of Object.entries(vectors)) {
      const after = page.cases[`${name} after`];
      assert.deepEqual(Object.fromEntries(Object.entries(after.checks).filter(([c]) => c !== 'structure').map(([c, [ok]]) => [c, ok])), vector.expected.checks, name);
      assert.equal(after.pq, vector.expected.pq.status, name);
    }
    const validInside = Object.keys(vectors).filter((name) => page.cases[`${name} inside`].valid);
    assert.ok(validInside.includes('12-pq-companion-v2') && validInside.includes('26-jwt-format-whole-response'), validInside.join(', '));
    for (const name of ['trust profile', 'trust profile as a batch entry', 'pass', 'pass code', 'attestation with proof']) assert.equal(page.cases[name].valid, true, name);
    assert.equal(page.cases['pass code'].pq, 'absent');
    for (const name of ['trust profile edited', 'pass edited', 'attestation with proof, proof tampered']) {
      assert.equal(page.cases[name].valid, false, name);
      assert.equal(page.cases[name].checks.signature[0], false, name);
    }
    assert.deepEqual(page.cases['proof verdicts'].map((v) => v.status), ['VERIFIED']);
    assert.equal(page.cases['proof verdicts'][0].provenValue, '1500250000');
    assert.deepEqual(page.cases['proof verdicts, tampered'].map((v) => [v.status, v.failedStep]), [['REJECTED', 'STORAGE_PROOF']]);
    assert.deepEqual(page.cases["proof verdicts, another chain's root"].map((v) => [v.status, v.failedStep]), [['REJECTED', 'ACCOUNT_PROOF']]);
  } finally {
    server.close();
  }
});
