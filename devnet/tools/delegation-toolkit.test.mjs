// The toolkit tool reproduces the published vector of @metamask/smart-accounts-kit 2.0.0
// (shared reference: ERC-20 transfer amount scope, test account #0 to #1 on Base, salt 0x01).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tool = join(dirname(fileURLToPath(import.meta.url)), 'delegation-toolkit.mjs');

function make(request) {
  const r = spawnSync(process.execPath, [tool], { input: JSON.stringify(request), encoding: 'utf8' });
  return { status: r.status, out: r.status === 0 ? JSON.parse(r.stdout) : null, err: r.stderr };
}

test('the erc20TransferAmount scope gives the published hash and signature', () => {
  const { status, out } = make({
    signerKeys: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
    delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    salt: '0x01',
    scope: { type: 'erc20TransferAmount', tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', maxAmount: '1000000' },
  });
  assert.equal(status, 0);
  assert.equal(out.delegationHash, '0x2f8f7b719685779f43de9baf925ddaa1d78b9932c307684eca3c14a884359b8e');
  assert.equal(
    out.delegation.signature,
    '0x4fbea68dba382c266bd714495536f1c60497e0885db3137873516c3cc30fa2eb00deb05f62dd34eb687880b062b1b25262d395be17c1128f770ead453870ca431c',
  );
  assert.equal(out.delegationManager, '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3');
});

test('two signer keys give two concatenated signatures', () => {
  const { status, out } = make({
    signerKeys: [
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    ],
    delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    salt: '0x02',
    caveats: [{ type: 'limitedCalls', limit: 5 }],
  });
  assert.equal(status, 0);
  assert.equal(out.delegation.signature.length, 2 + 130 * 2);
  assert.equal(out.delegation.caveats[0].enforcer, '0x04658B29F6b82ed55274221a06Fc97D318E25416');
});

test('input it cannot use exits 2', () => {
  assert.equal(make({}).status, 2);
});
