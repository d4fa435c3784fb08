// This package's verdict on every transparency-log vector (src/test/resources/tlog/log-vectors.json,
// written by the Java SDK's LogVectors): statement leaf hashes, inclusion and consistency proofs,
// signed checkpoints and forks (a file may hold only some kinds, as log-ed25519-vectors.json holds
// checkpoints only). Used by test/tlog.test.mjs and by the Java SDK's LogVectorsAgreementTest and
// LogEd25519VectorsTest, which compare them with their own.
//   node tlog-verdicts.mjs [vectors.json] [verdicts.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  LogKey,
  SignedCheckpoint,
  statementLeafHash,
  verifyConsistency,
  verifyInclusion,
} from '../src/index.js';

export const VECTORS = new URL('../../src/test/resources/tlog/log-vectors.json', import.meta.url);

const fromHex = (h) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

async function checkpointVerdict(note, key) {
  let checkpoint;
  try {
    checkpoint = SignedCheckpoint.parse(note);
  } catch (e) {
    return { error: e.message };
  }
  return {
    origin: checkpoint.origin,
    size: checkpoint.size.toString(),
    root: toBase64(checkpoint.root),
    extensions: [...checkpoint.extensions],
    signedBy: await checkpoint.signedBy(key),
  };
}

/** `{statements, inclusion, consistency, checkpoints, forks}`: one verdict per vector, in order. */
export async function verdicts(vectors) {
  const keys = {};
  for (const [name, published] of Object.entries(vectors.keys)) keys[name] = await LogKey.from(published);
  const out = { statements: [], inclusion: [], consistency: [], checkpoints: [], forks: [] };
  for (const s of vectors.statements ?? []) {
    out.statements.push(toHex(await statementLeafHash(s.kind, s.kid, Uint8Array.from(atob(s.signedBytes), (c) => c.charCodeAt(0)))));
  }
  for (const v of vectors.inclusion ?? []) {
    out.inclusion.push(await verifyInclusion(BigInt(v.index), BigInt(v.size), fromHex(v.leaf), v.proof.map(fromHex), fromHex(v.root)));
  }
  for (const v of vectors.consistency ?? []) {
    out.consistency.push(
      await verifyConsistency(BigInt(v.first), BigInt(v.second), fromHex(v.firstRoot), fromHex(v.secondRoot), v.proof.map(fromHex)),
    );
  }
  for (const v of vectors.checkpoints ?? []) out.checkpoints.push(await checkpointVerdict(v.note, keys[v.key]));
  for (const v of vectors.forks ?? []) {
    const key = keys[v.key];
    const older = SignedCheckpoint.parse(v.older);
    const newer = SignedCheckpoint.parse(v.newer);
    out.forks.push({
      olderSigned: await older.signedBy(key),
      newerSigned: await newer.signedBy(key),
      consistent: await verifyConsistency(older.size, newer.size, older.root, newer.root, v.proof.map(fromHex)),
    });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [vectorsFile, outFile] = process.argv.slice(2);
  const vectors = JSON.parse(readFileSync(vectorsFile ?? VECTORS, 'utf8'));
  const result = JSON.stringify(await verdicts(vectors));
  if (outFile) writeFileSync(outFile, result);
  else console.log(result);
}
