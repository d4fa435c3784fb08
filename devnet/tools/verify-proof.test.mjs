// node --test tools/ : the proof checker against a real anvil, and against tampered proofs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256, zeroPadValue } from 'ethers';
import { Rpc, waitForRpc } from '../scripts/rpc.mjs';
import { blockHashOf, checkProof, verifyTrieProof } from './verify-proof.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const anvilBin = join(root, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');
const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x00000000000000000000000000000000000b0b00';
let anvil;
let rpc;
let contract;

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

before(async () => {
  const port = await freePort();
  anvil = spawn(anvilBin, ['--host', '127.0.0.1', '--port', String(port), '--hardfork', 'prague', '--silent'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForRpc(url);
  rpc = new Rpc(url);
  // constructor stores 0x2a in slot 5 and leaves one byte of code
  contract = (await mined({ from: DEV, data: '0x602a60055560016000f3' })).contractAddress;
  await mined({ from: DEV, to: RECIPIENT, value: '0x1234' });
});

async function mined(tx) {
  const hash = await rpc.send('eth_sendTransaction', [tx]);
  for (let i = 0; i < 200; i++) {
    const r = await rpc.send('eth_getTransactionReceipt', [hash]);
    if (r) return r;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error(`${hash} not mined`);
}

after(() => anvil?.kill('SIGTERM'));

const slot = (n) => zeroPadValue('0x0' + n.toString(16), 32);

async function proofAt(address, slots, tag = 'latest') {
  const header = await rpc.send('eth_getBlockByNumber', [tag, false]);
  const proof = await rpc.send('eth_getProof', [address, slots, header.number]);
  return { header, proof };
}

test('a stored slot is proven included with its value, from the recomputed block hash', async () => {
  const { header, proof } = await proofAt(contract, [slot(5)]);
  const r = checkProof({ proof, header });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(blockHashOf(header), header.hash);
  const storage = r.checks.find((c) => c.name === 'storage');
  assert.equal(storage.included, true);
  assert.equal(storage.value, '0x2a');
});

test('an empty slot is proven absent (value 0)', async () => {
  const { header, proof } = await proofAt(contract, [slot(6)]);
  const r = checkProof({ proof, stateRoot: header.stateRoot });
  assert.equal(r.ok, true);
  assert.equal(r.checks.find((c) => c.name === 'storage').included, false);
});

test('an EOA balance is proven and an unknown account is proven absent', async () => {
  const { header, proof } = await proofAt(RECIPIENT, []);
  const r = checkProof({ proof, header });
  assert.equal(r.ok, true);
  assert.equal(r.checks.find((c) => c.name === 'account').balance, String(0x1234));
  const missing = await proofAt('0x000000000000000000000000000000000000dead', []);
  const m = checkProof(missing);
  assert.equal(m.ok, true);
  assert.equal(m.checks.find((c) => c.name === 'account').included, false);
});

test('an older block is proven against its own state root', async () => {
  const { header, proof } = await proofAt(contract, [slot(5)], '0x1');
  assert.equal(checkProof({ proof, header }).ok, true);
  const latest = await rpc.send('eth_getBlockByNumber', ['latest', false]);
  assert.equal(checkProof({ proof, stateRoot: latest.stateRoot }).ok, false);
});

test('a changed value, balance, node or header field is rejected', async () => {
  const { header, proof } = await proofAt(contract, [slot(5)]);
  const badValue = structuredClone(proof);
  badValue.storageProof[0].value = '0x2b';
  assert.equal(checkProof({ proof: badValue, header }).ok, false);

  const badBalance = structuredClone(proof);
  badBalance.balance = '0x1';
  assert.equal(checkProof({ proof: badBalance, header }).ok, false);

  const badNode = structuredClone(proof);
  const last = badNode.accountProof.length - 1;
  badNode.accountProof[last] = badNode.accountProof[last].slice(0, -2) + (badNode.accountProof[last].endsWith('00') ? '01' : '00');
  const r = checkProof({ proof: badNode, header });
  assert.equal(r.ok, false);
  assert.match(r.checks.find((c) => c.name === 'account').error, /hash mismatch/);

  const badHeader = { ...header, gasUsed: '0x1' };
  assert.equal(checkProof({ proof, header: badHeader }).checks.find((c) => c.name === 'blockHash').ok, false);
});

test('a proof cut short is an error, not an exclusion', () => {
  assert.throws(() => verifyTrieProof(keccak256('0x01'), keccak256(zeroPadValue('0x05', 32)), []), /proof ends/);
});
