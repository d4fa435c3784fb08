// Runs `npm ci` unless node_modules was installed from exactly this package.json + package-lock.json.
// npm writes to target/js/npm-ci.log with stdin closed; nothing reaches the build's own streams.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = resolve(root, '..', 'target', 'js');
const stamp = join(root, 'node_modules', '.walletstate-deps.sha256');
const mustExist = [
  'node_modules/jose/package.json',
  'node_modules/@noble/post-quantum/ml-dsa.js',
  'node_modules/@noble/hashes/sha3.js',
  'node_modules/@ethereumjs/mpt/package.json',
  'node_modules/@ethereumjs/rlp/package.json',
  'node_modules/typescript/bin/tsc',
  'node_modules/@sigstore/verify/dist/tlog/merkle.js',
  'node_modules/esbuild/package.json',
];

const h = createHash('sha256');
for (const f of ['package.json', 'package-lock.json']) h.update(readFileSync(join(root, f)));
h.update(process.version.split('.')[0]);
const want = h.digest('hex');
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have === want && mustExist.every((f) => existsSync(join(root, f)))) {
  console.log('verifier-sdk/js: node_modules in sync with package-lock.json, npm ci skipped');
  process.exit(0);
}
mkdirSync(logDir, { recursive: true });
const log = join(logDir, 'npm-ci.log');
const fd = openSync(log, 'w');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', fd, fd] });
closeSync(fd);
if (r.status !== 0) {
  console.error(`verifier-sdk/js: npm ci failed (${r.error?.message ?? `exit ${r.status}`}); see ${log}`);
  process.exit(1);
}
const missing = mustExist.filter((f) => !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(`verifier-sdk/js: npm ci finished but these are missing: ${missing.join(', ')}`);
  process.exit(1);
}
writeFileSync(stamp, want + '\n');
console.log(`verifier-sdk/js: npm ci done (log ${log})`);
