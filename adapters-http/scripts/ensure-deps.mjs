// Installs this module's npm packages (the build checks' tools) with `npm ci`, unless node_modules
// already holds exactly what package-lock.json names for this Node major version. The stamp is
// written only after `npm ci` succeeded, so a half-finished install never counts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'node_modules', '.walletstate-deps.sha256');
const required = [
  'node_modules/kubernetes-models/package.json',
  'node_modules/@kubernetes-models/prometheus-operator/package.json',
  'node_modules/yaml/package.json',
  'node_modules/@redocly/cli/package.json',
  'node_modules/ajv/package.json',
  'node_modules/ajv-formats/package.json',
];

const hash = createHash('sha256');
for (const f of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(root, f)));
hash.update(process.version.split('.')[0]);
const want = hash.digest('hex');

const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have === want && required.every((f) => existsSync(join(root, f)))) {
  console.log('adapters-http: build-check tools in sync with package-lock.json, npm ci skipped');
  process.exit(0);
}
console.log('adapters-http: installing the build-check tools (npm ci)');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) {
  console.error(`adapters-http: npm ci failed (${run.error?.message ?? `exit ${run.status}`})`);
  process.exit(1);
}
const missing = required.filter((f) => !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(`adapters-http: npm ci finished but these are missing: ${missing.join(', ')}`);
  process.exit(1);
}
writeFileSync(stamp, want + '\n');
