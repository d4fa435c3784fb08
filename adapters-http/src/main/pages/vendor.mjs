// Vendors the pages' browser libraries from the npm registry into the service's static assets:
// `npm ci` (only when node_modules does not match package-lock.json), then the three files the
// pages load and their licence texts into <out>/vendor (default target/classes/META-INF/resources).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, '../../../target/classes/META-INF/resources'), 'vendor');

// served name -> [package, file in the package, licence file in the package or null when the
// licence is the notice at the top of the file itself]
const FILES = {
  'qrcode-generator.js': ['qrcode-generator', 'dist/qrcode.js', null],
  'jsqr.js': ['jsqr', 'dist/jsQR.js', 'LICENSE'],
  'js-sha3.js': ['js-sha3', 'build/sha3.min.js', 'LICENSE.txt'],
};

const stamp = join(here, 'node_modules', '.walletstate-pages.sha256');
const hash = createHash('sha256');
for (const f of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(here, f)));
hash.update(process.version.split('.')[0]);
const want = hash.digest('hex');
const present = Object.values(FILES).every(([pkg, file]) => existsSync(join(here, 'node_modules', pkg, file)));
if (!(present && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === want)) {
  console.log('pages: installing the QR libraries (npm ci)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`pages: npm ci failed (${run.error?.message ?? `exit ${run.status}`})`);
    process.exit(1);
  }
  writeFileSync(stamp, want + '\n');
}

mkdirSync(out, { recursive: true });
const lock = JSON.parse(readFileSync(join(here, 'package-lock.json'), 'utf8'));
const notices = ['Third-party files served under /vendor/ (vendored from the npm registry at build time)', ''];
for (const [served, [pkg, file, licence]] of Object.entries(FILES)) {
  copyFileSync(join(here, 'node_modules', pkg, file), join(out, served));
  const meta = JSON.parse(readFileSync(join(here, 'node_modules', pkg, 'package.json'), 'utf8'));
  const locked = lock.packages[`node_modules/${pkg}`];
  if (locked.version !== meta.version) {
    console.error(`pages: ${pkg} is ${meta.version} but package-lock.json names ${locked.version}`);
    process.exit(1);
  }
  notices.push(`/vendor/${served}: ${pkg} ${meta.version} (${file}), licence ${meta.license}, npm registry`);
  if (licence) {
    copyFileSync(join(here, 'node_modules', pkg, licence), join(out, `${served}.LICENSE.txt`));
    notices.push(`  licence text: /vendor/${served}.LICENSE.txt`);
  } else {
    notices.push('  licence text: the notice at the top of the file');
  }
}
writeFileSync(join(out, 'THIRD-PARTY.txt'), notices.join('\n') + '\n');
console.log(`pages: vendored ${Object.keys(FILES).join(', ')} into ${out}`);
