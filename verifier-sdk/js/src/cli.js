// Command-line verification of a saved answer against a key set; the exit code is the verdict:
// 0 valid, 1 not valid, 2 usage or input error. Same options and lines as the Java SDK's CLI, and
// as its `monitor` (src/monitor.js), which follows the transparency log, and `inclusion`
// (src/inclusion.js), which checks one entry's inclusion proof.
import { readFile } from 'node:fs/promises';
import { createVerifier } from './index.js';
import { KeySet } from './keys.js';
import { PROOF_USAGE, printProofs, proofOption, proofVerifierOf } from './cli-proofs.js';
import { MONITOR_USAGE, runMonitor } from './monitor.js';
import { INCLUSION_USAGE, runInclusion } from './inclusion.js';

export const VALID = 0;
export const INVALID = 1;
export const USAGE = 2;

export const USAGE_TEXT =
  'usage: walletstate-verify [verify] --jwks <jwks.json|https-url> [--namespace WORD]' +
  ' [--trust | --discount | --pass] [--at ISO-INSTANT] [--max-age SECONDS]' +
  ' [--pq-required-from ISO-INSTANT] [--evidence] [--json]' +
  PROOF_USAGE +
  ' <answer.json|->\n       ' +
  MONITOR_USAGE.slice('usage: '.length) +
  '\n       ' +
  INCLUSION_USAGE.slice('usage: '.length);

function parseArgs(args) {
  const options = { positional: [] };
  const value = (i) => {
    if (i >= args.length) throw new TypeError(`${args[i - 1]} needs a value`);
    return args[i];
  };
  for (let i = args[0] === 'verify' ? 1 : 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--jwks' || arg === '--keys') options.keys = value(++i);
    else if (arg === '--namespace') options.namespace = value(++i);
    else if (arg === '--trust' || arg === '--discount' || arg === '--pass') {
      if (options.kind) throw new TypeError('--trust, --discount and --pass exclude each other');
      options.kind = arg.slice(2);
    }
    else if (arg === '--at') options.at = value(++i);
    else if (arg === '--max-age') options.maxAge = Number.parseInt(value(++i), 10);
    else if (arg === '--pq-required-from') options.pqRequiredFrom = value(++i);
    else if (arg === '--evidence') options.mode = 'evidence';
    else if (arg === '--json') options.json = true;
    else if (arg === '-h' || arg === '--help') options.help = true;
    else {
      const last = proofOption(args, i, options, value);
      if (last < 0) options.positional.push(arg);
      else i = last;
    }
  }
  return options;
}

async function loadKeys(location) {
  if (/^https?:\/\//.test(location)) {
    const response = await fetch(location, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new TypeError(`${location} answered ${response.status}`);
    return KeySet.parse(await response.text(), location);
  }
  return KeySet.parse(await readFile(location, 'utf8'), location);
}

async function readInput(input, stdin) {
  if (input !== '-') return readFile(input, 'utf8');
  const chunks = [];
  for await (const chunk of stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const line = (out, check, passed, detail) =>
  out.write(`${check.padEnd(16)} ${(passed ? 'ok' : 'FAIL').padEnd(4)} ${String(detail ?? '').trim()}\n`);

/** Prints the verdict lines the Java CLI prints, in its order; `proofs` only for attestations. */
export function printReport(out, report, kind, proofs = undefined) {
  const c = report.checks;
  if (!c.structure.passed && kind !== 'trust' && kind !== 'discount') line(out, 'structure', false, c.structure.reason);
  line(out, 'signature', c.signature.passed, c.signature.reason);
  if (kind === 'attestation') line(out, 'conditionHashes', c.conditionHashes.passed, c.conditionHashes.reason);
  line(out, 'freshness', c.freshness.passed, c.freshness.reason);
  line(out, 'expiry', c.expiry.passed, c.expiry.reason);
  line(out, 'pq', report.pq.passed, `${report.pq.status} ${report.pq.reason ?? ''}`);
  if (kind === 'attestation' && report.jwt) line(out, 'jwt', report.jwt.passed, report.jwt.reason);
  const proofsGood = proofs === undefined ? true : printProofs(line, out, report, proofs);
  line(out, 'valid', report.valid && proofsGood, '');
}

/** Good unless a proof was rejected, had no trusted root, or was not checked. */
const proofsPass = (proofs) =>
  proofs === undefined || (proofs !== null && proofs.every((v) => v.status !== 'REJECTED' && v.status !== 'NO_TRUSTED_ROOT'));

/** Runs the command; resolves to the exit code. */
export async function run(args, { stdout = process.stdout, stderr = process.stderr, stdin = process.stdin } = {}) {
  if (args[0] === 'monitor') return runMonitor(args.slice(1), { stdout, stderr });
  if (args[0] === 'inclusion') return runInclusion(args.slice(1), { stdout, stderr });
  let options;
  let verifier;
  let proofVerifier;
  try {
    options = parseArgs(args);
    if (options.help) {
      stdout.write(USAGE_TEXT + '\n');
      return VALID;
    }
    if (!options.keys || options.positional.length !== 1) {
      stderr.write(USAGE_TEXT + '\n');
      return USAGE;
    }
    if (options.maxAge !== undefined && !(options.maxAge >= 0)) throw new TypeError('--max-age needs whole seconds');
    verifier = createVerifier({
      keys: await loadKeys(options.keys),
      namespace: options.namespace,
      now: options.at,
      maxAgeSeconds: options.maxAge,
      pqRequiredFrom: options.pqRequiredFrom,
      mode: options.mode,
    });
    proofVerifier = await proofVerifierOf(options.proofs);
  } catch (e) {
    stderr.write(`error: ${e.message}\n${USAGE_TEXT}\n`);
    return USAGE;
  }
  let text;
  try {
    text = await readInput(options.positional[0], stdin);
  } catch (e) {
    stderr.write(`error: cannot read ${options.positional[0]}: ${e.message}\n`);
    return USAGE;
  }
  const kind = options.kind ?? 'attestation';
  const methods = { attestation: 'report', trust: 'reportTrustProfile', discount: 'reportDiscount', pass: 'reportPass' };
  const report = await verifier[methods[kind]](text);
  // as the Java CLI: proofs of attestations only, and only once the attestation verifies
  let proofs;
  if (proofVerifier !== null && kind === 'attestation') proofs = report.valid ? await proofVerifier.verify(report) : null;
  const valid = report.valid && proofsPass(proofs);
  if (options.json) stdout.write(JSON.stringify(proofs === undefined ? report : { ...report, proofs, valid }, null, 2) + '\n');
  else printReport(stdout, report, kind, proofs);
  return valid ? VALID : INVALID;
}
