// Runs `npm ci` unless node_modules was installed from exactly this package.json + package-lock.json.
// The stamp is written only after a successful `npm ci` (which empties node_modules first), so a
// half-finished or foreign install never counts as in sync.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'node_modules', '.walletstate-deps.sha256');
const mustExist = [
  'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil',
  'node_modules/solc/soljson.js',
  'node_modules/ethers/package.json',
  'node_modules/@ethereum-attestation-service/eas-contracts/package.json',
  'node_modules/@metamask/delegation-abis/package.json',
  'node_modules/@metamask/smart-accounts-kit/package.json',
  'node_modules/@openzeppelin/contracts/package.json',
  'node_modules/viem/package.json',
  'node_modules/siwe/package.json',
];

const h = createHash('sha256');
for (const f of ['package.json', 'package-lock.json', 'stub-hardhat/package.json']) h.update(readFileSync(join(root, f)));
h.update(process.version.split('.')[0]);
const want = h.digest('hex');

const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have === want && mustExist.every((f) => existsSync(join(root, f)))) {
  console.log('devnet: node_modules in sync with package-lock.json, npm ci skipped');
  process.exit(0);
}
console.log('devnet: running npm ci');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  console.error(`devnet: npm ci failed (${r.error?.message ?? `exit ${r.status}`})`);
  process.exit(1);
}
const missing = mustExist.filter((f) => !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(`devnet: npm ci finished but these are missing: ${missing.join(', ')}`);
  process.exit(1);
}
writeFileSync(stamp, want + '\n');
