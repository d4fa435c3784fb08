// Package-phase check of both built artifacts: the package `npm pack` made is installed from
// its tarball into target/js/install, and the 27 published vectors go through the installed
// `walletstate-verify`: its exit code must be the one the vector's expectations imply read inside
// the vector's window, and 1 after all windows. A sample of them also goes through
// `java -jar verifier-sdk-<version>-cli.jar` (a JVM start per answer is too slow for all 27 on a
// shared machine; the per-check agreement of the two SDKs on every vector and on edited copies is
// JavaScriptVerifierAgreementTest). Then `--proof` through both tools on a signed answer carrying a
// devnet proof (cli-proof-agreement.mjs). Child output goes to target/js/*.log, stdin closed.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { proofAgreement } from './cli-proof-agreement.mjs';

const js = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = resolve(js, '..', 'target');
const work = join(target, 'js');
const jar = readdirSync(target).find((f) => f.startsWith('verifier-sdk-') && f.endsWith('-cli.jar'));
if (!jar) fail('no verifier-sdk-*-cli.jar in target/: run ./mvnw package');

function run(command, args, cwd, logName) {
  const fd = openSync(join(work, logName), 'w');
  const r = spawnSync(command, args, { cwd, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (r.error) fail(`${command}: ${r.error.message}`);
  return r.status;
}

function fail(message) {
  console.error(`cli-agreement: ${message}`);
  process.exit(1);
}

rmSync(join(work, 'install'), { recursive: true, force: true });
mkdirSync(join(work, 'install'), { recursive: true });
mkdirSync(join(work, 'answers'), { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(join(js, 'package.json'), 'utf8'));
const tarball = join(target, `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.version}.tgz`); // npm pack's name
if (!existsSync(tarball)) fail(`${tarball} is missing: the package phase packs it first`);
writeFileSync(join(work, 'install', 'package.json'), '{"name":"pack-check","private":true}\n');
if (run(npm, ['install', '--no-audit', '--no-fund', tarball], join(work, 'install'), 'npm-install.log') !== 0) {
  fail(`npm install ${tarball} failed`);
}
const installedCli = join(work, 'install', 'node_modules', '.bin', 'walletstate-verify');

const conformance = resolve(js, '..', 'src', 'test', 'resources', 'conformance');
const vectors = JSON.parse(readFileSync(join(conformance, 'state-attestation-test-vectors.json'), 'utf8')).vectors;
const emptyKeys = join(work, 'answers', 'no-keys.json');
writeFileSync(emptyKeys, '{"keys":[]}');

function issuedAt(data) {
  if (data.trust) return Date.parse(data.trust.profiledAt);
  if (data.attestation) return Date.parse(data.attestation.attestedAt);
  return JSON.parse(Buffer.from(data.jwt.split('.')[1], 'base64url')).iat * 1000;
}

/** Valid inside the window: every expected check passes but expiry, and pq unless the cutoff holds. */
function expectedInside(vector, now) {
  const cutoff = vector.options?.pqRequiredFrom;
  const cutoffInForce = cutoff !== undefined && now >= Date.parse(cutoff);
  const soft = ['absent', 'unverifiable'].includes(vector.expected.pq.status);
  return Object.entries(vector.expected.checks).every(
    ([c, ok]) => ok || c === 'expiry' || (c === 'pq' && soft && !cutoffInForce),
  );
}

/** One answer of each outcome: valid, tampered signature, companion, trust profile, edited token. */
const JAVA_SAMPLE = new Set([
  '01-token-balance-met',
  '09-tampered-signature',
  '12-pq-companion-v2',
  '18-trust-profile-not-evaluated',
  '27-jwt-format-token-edited',
]);
let passed = 0;
let failed = 0;
for (const [name, vector] of Object.entries(vectors)) {
  const answer = join(work, 'answers', `${name}.json`);
  writeFileSync(answer, JSON.stringify(vector.response));
  const now = new Date(issuedAt(vector.response.data) + 60_000).toISOString();
  const args = ['--namespace', 'insumer', '--keys', vector.options ? join(conformance, 'jwks.json') : emptyKeys];
  if (vector.options?.pqRequiredFrom) args.push('--pq-required-from', vector.options.pqRequiredFrom);
  if (vector.response.data.trust) args.push('--trust');
  const inside = ['verify', ...args, '--at', now, answer];
  const codes = {
    js: run(installedCli, inside, work, `js-${name}.log`),
    jsAfter: run(installedCli, ['verify', ...args, '--at', '2026-10-01T00:00:00Z', answer], work, `js-${name}-after.log`),
  };
  if (JAVA_SAMPLE.has(name)) codes.java = run('java', ['-jar', join(target, jar), ...inside], work, `java-${name}.log`);
  const want = expectedInside(vector, Date.parse(now)) ? 0 : 1;
  const ok = codes.js === want && codes.jsAfter === 1 && (codes.java === undefined || codes.java === want);
  if (ok) passed++;
  else {
    failed++;
    console.error(`cli-agreement: ${name}: expected ${want} inside / 1 after, got ${JSON.stringify(codes)}`);
  }
}
console.log(`cli-agreement: ${passed} passed, ${failed} failed`);
const proofFailures = await proofAgreement({
  run,
  installedCli,
  jar: join(target, jar),
  work,
  fixtures: resolve(js, '..', 'src', 'test', 'resources', 'proofs'),
});
process.exit(failed === 0 && proofFailures === 0 ? 0 : 1);
