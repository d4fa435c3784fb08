// What the log commands (`monitor` and `inclusion`) share: reading their options, the note key
// given as a file or as text, and the base64 proof hashes of the log's answers.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { LogKey } from './tlog.js';

/**
 * Reads `args` as `--name value` pairs and bare flags: `valued` maps an option to how its value is
 * kept, `flags` a bare option to what it sets; anything else is a usage error.
 */
export function readOptions(args, options, valued, flags = {}) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (Object.hasOwn(valued, arg)) {
      if (++i >= args.length) throw new TypeError(`${arg} needs a value`);
      valued[arg](options, args[i]);
    } else if (Object.hasOwn(flags, arg)) flags[arg](options);
    else throw new TypeError(`unknown option ${arg}`);
  }
  return options;
}

/** Whether `path` names a regular file. */
export const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The note key of `--key`: a file holding it, or the key's text itself. */
export async function noteKey(key) {
  return LogKey.from(isFile(key) ? await readFile(key, 'utf8') : key);
}

/** The log's base64 proof hashes as bytes; throws on a proof that is not a list of base64 hashes. */
export function proofHashes(hashes) {
  if (!Array.isArray(hashes)) throw new TypeError('the proof is not a list of hashes');
  return hashes.map((h) => {
    if (typeof h !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(h)) throw new TypeError('a proof hash is not base64');
    return new Uint8Array(Buffer.from(h, 'base64'));
  });
}

/** A checkpoint root, as the commands print it. */
export const b64 = (bytes) => Buffer.from(bytes).toString('base64');
