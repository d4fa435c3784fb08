// The command line's proof options (the Java CLI's): --proof with a trusted --state-root, or a
// --header file that must hash to --block-hash (optionally for --chain-id), --wallet and --decimals
// pins; one line per result's proof.
import { readFile } from 'node:fs/promises';
import { ProofVerifier } from './proofs.js';

export const PROOF_USAGE =
  ' [--proof (--state-root 0x... | --header header.json --block-hash 0x...)' +
  ' [--chain-id N] [--wallet 0x...] [--decimals CHAIN:0xTOKEN=N]...]';

/** Takes a proof option at args[i]; returns the index of its last word, or -1 when it is none. */
export function proofOption(args, i, options, value) {
  const p = (options.proofs ??= { decimals: [] });
  switch (args[i]) {
    case '--proof':
      p.on = true;
      return i;
    case '--state-root':
      p.stateRoot = value(i + 1);
      return i + 1;
    case '--header':
      p.header = value(i + 1);
      return i + 1;
    case '--block-hash':
      p.blockHash = value(i + 1);
      return i + 1;
    case '--chain-id':
      p.chainId = wholeNumber(value(i + 1), '--chain-id');
      return i + 1;
    case '--wallet':
      p.wallet = value(i + 1);
      return i + 1;
    case '--decimals':
      p.decimals.push(value(i + 1));
      return i + 1;
    default:
      return -1;
  }
}

function wholeNumber(text, what) {
  if (!/^-?\d+$/.test(text)) throw new TypeError(`${what} needs a whole number, got ${text}`);
  return BigInt(text);
}

/** The proof verifier the options describe, or null without --proof. */
export async function proofVerifierOf(p) {
  if (!p?.on) {
    if (p && (p.stateRoot || p.header || p.blockHash)) throw new TypeError('--state-root, --header and --block-hash go with --proof');
    return null;
  }
  if ((p.stateRoot === undefined) === (p.header === undefined)) throw new TypeError('--proof needs either --state-root or --header');
  const builder = ProofVerifier.builder();
  if (p.stateRoot !== undefined) {
    if (p.chainId !== undefined) throw new TypeError('--chain-id goes with --header (a bare state root is trusted for every result)');
    builder.trustStateRoot(p.stateRoot);
  } else {
    if (p.blockHash === undefined) throw new TypeError('--header needs --block-hash, the hash you trust');
    const json = JSON.parse(await readFile(p.header, 'utf8'));
    // a saved JSON-RPC answer or the bare block object
    builder.trustHeader(p.chainId ?? null, json !== null && Object.hasOwn(json, 'result') ? json.result : json, p.blockHash);
  }
  if (p.wallet !== undefined) builder.wallet(p.wallet);
  for (const d of p.decimals) {
    const colon = d.indexOf(':');
    const equals = d.indexOf('=');
    if (colon < 0 || equals < colon) throw new TypeError(`--decimals is CHAIN:0xTOKEN=N, got ${d}`);
    builder.tokenDecimals(wholeNumber(d.slice(0, colon), '--decimals'), d.slice(colon + 1, equals), Number(wholeNumber(d.slice(equals + 1), '--decimals')));
  }
  return builder.build();
}

/** One line per result's proof; false when one was rejected or had no trusted root. */
export function printProofs(line, out, report, verdicts) {
  if (verdicts === null) {
    line(out, 'proofs', false, 'not checked: the attestation itself does not verify');
    return false;
  }
  let allGood = true;
  for (const v of verdicts) {
    const good = v.status !== 'REJECTED' && v.status !== 'NO_TRUSTED_ROOT';
    allGood &&= good;
    let detail = v.status;
    if (v.failedStep !== null) detail += ` at ${v.failedStep}`;
    if (v.subject !== null) detail += ` ${v.subject}`;
    detail += `: ${v.detail}`;
    if (v.limitation !== null) detail += ` (limitation: ${v.limitation})`;
    line(out, `proof[${v.index}]`, good, detail);
  }
  return allGood;
}
