// `walletstate-verify inclusion`: checks one statement's entry in a transparency log, as the Java
// CLI's `verify inclusion` does, with the same options, output lines and exit codes. Fetches
// GET /v1/log/entries/{id}, checks the checkpoint it is proved against with the note key (P-256 or
// Ed25519), that the leaf is the entry's `<kind> <kid> <statement hash>` (and the id's hash when the
// id is one), that the index is the one the answer carried (--index), and the inclusion proof of
// the leaf against the checkpoint's root and size.
import { SignedCheckpoint, leafHash, verifyInclusion } from './tlog.js';
import { b64, noteKey, proofHashes, readOptions } from './log-command.js';
import { utf8 } from './bytes.js';

export const INCLUDED = 0;
export const UNAVAILABLE = 1;
export const USAGE = 2;
export const NOT_INCLUDED = 3;
export const BAD_SIGNATURE = 4;

export const INCLUSION_USAGE =
  'usage: walletstate-verify inclusion --log <base-url> --key <note-key-file|base64|vkey> --id <statement id|hash> [--index N]';

function parseArgs(args) {
  const options = readOptions(args, {}, {
    '--log': (o, v) => { o.log = v; },
    '--key': (o, v) => { o.key = v; },
    '--id': (o, v) => { o.id = v; },
    '--index': (o, v) => {
      if (!/^\d{1,18}$/.test(v)) throw new TypeError(`--index: not a leaf index: ${v}`);
      o.index = BigInt(v);
    },
  });
  if (options.log === undefined || options.key === undefined || !/^[A-Za-z0-9_-]{1,128}$/.test(options.id ?? '')) {
    throw new TypeError('--log, --key and --id (1 to 128 of A-Z a-z 0-9 _ -) are required');
  }
  return options;
}

const whole = (n) => (typeof n === 'number' && Number.isSafeInteger(n) ? BigInt(n) : null);

/** What in the entry does not match what was asked or its checkpoint, or null. */
function mismatch(entry, id, expected, checkpoint) {
  const hash = String(entry.statementHash);
  if (entry.leaf !== `${entry.kind} ${entry.kid} ${hash}`) return 'the leaf is not the entry\'s kind, kid and statement hash';
  if (/^[0-9a-f]{64}$/.test(id) && id !== hash) return 'the log answered the entry of another statement hash';
  if (expected !== undefined && whole(entry.index) !== expected) return `the log has it at index ${entry.index}, not ${expected}`;
  if (whole(entry.treeSize) !== checkpoint.size) return "the proof's tree size is not its checkpoint's";
  return null;
}

async function check(body, options, key, out) {
  let entry;
  let checkpoint;
  let proof;
  try {
    entry = JSON.parse(body)?.data ?? {};
    if (entry.integrated !== true) {
      out(`PENDING ${options.id} is at index ${entry.index ?? '?'} and not yet under a checkpoint; retry in a few seconds`);
      return UNAVAILABLE;
    }
    checkpoint = SignedCheckpoint.parse(entry.checkpoint);
    proof = proofHashes(entry.inclusionProof ?? []);
  } catch (e) {
    out(`UNAVAILABLE the entry is not a log entry: ${e.message}`);
    return UNAVAILABLE;
  }
  if (!(await checkpoint.signedBy(key))) {
    out(`BAD-SIGNATURE checkpoint of size ${checkpoint.size} is not signed by the key`);
    return BAD_SIGNATURE;
  }
  let wrong = mismatch(entry, options.id, options.index, checkpoint);
  const index = whole(entry.index) ?? -1n;
  if (wrong === null && !(await verifyInclusion(index, checkpoint.size, await leafHash(utf8(entry.leaf)), proof, checkpoint.root))) {
    wrong = "the inclusion proof does not verify against the checkpoint's root";
  }
  if (wrong !== null) {
    out(`NOT-INCLUDED ${options.id}: ${wrong}`);
    return NOT_INCLUDED;
  }
  out(`INCLUDED ${options.id} index ${index} tree size ${checkpoint.size} root ${b64(checkpoint.root)}`);
  return INCLUDED;
}

/**
 * Runs `inclusion` (its arguments after the word `inclusion`); resolves to the exit code: 0
 * included, 1 the log unreachable or the entry not yet under a checkpoint, 2 usage, 3 not included
 * (or not in the log), 4 a checkpoint not signed by the key.
 */
export async function runInclusion(args, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const out = (line) => stdout.write(`${line}\n`);
  let options;
  let key;
  try {
    options = parseArgs(args);
    key = await noteKey(options.key);
  } catch (e) {
    stderr.write(`error: ${e.message}\n${INCLUSION_USAGE}\n`);
    return USAGE;
  }
  let response;
  try {
    response = await fetch(`${options.log.replace(/\/+$/, '')}/v1/log/entries/${options.id}`, {
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    out(`UNAVAILABLE the entry could not be read: ${e.message}`);
    return UNAVAILABLE;
  }
  if (response.status === 404) {
    out(`NOT-INCLUDED the log has no entry for ${options.id}`);
    return NOT_INCLUDED;
  }
  if (response.status !== 200) {
    out(`UNAVAILABLE the entry answered ${response.status}`);
    return UNAVAILABLE;
  }
  return check(await response.text(), options, key, out);
}
