// An independent implementation over the same inclusion vectors: the RFC 6962 inclusion check of
// Sigstore's JavaScript verifier (@sigstore/verify's verifyMerkleInclusion, which takes the leaf's
// data, the index and hashes, and a checkpoint's size and root, and throws when they do not verify).
// It must give the verdict the vectors expect, and so the one both SDKs give, on every vector.
// @sigstore/verify has no consistency-proof or signed-note function usable on its own, so those
// vectors are not run through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { VECTORS } from '../tools/tlog-verdicts.mjs';

const require = createRequire(import.meta.url);
// not re-exported by the package's index: its own module, by path
const { verifyMerkleInclusion } = require('@sigstore/verify/dist/tlog/merkle.js');

const vectors = JSON.parse(readFileSync(VECTORS, 'utf8'));
const bytes = (hex) => Buffer.from(hex, 'hex');

function sigstoreVerdict(v) {
  try {
    verifyMerkleInclusion(
      { canonicalizedBody: bytes(v.leafData), inclusionProof: { logIndex: String(v.index), hashes: v.proof.map(bytes) } },
      { logSize: BigInt(v.size), logHash: bytes(v.root) },
    );
    return true;
  } catch (e) {
    if (e.code !== 'TLOG_INCLUSION_PROOF_ERROR') throw e;
    return false;
  }
}

test('@sigstore/verify gives every inclusion vector its expected verdict', () => {
  const withData = vectors.inclusion.filter((v) => typeof v.leafData === 'string');
  assert.equal(withData.length, vectors.inclusion.length, 'every inclusion vector carries its leaf data');
  let accepted = 0;
  for (const v of withData) {
    const verdict = sigstoreVerdict(v);
    assert.equal(verdict, v.expected, v.label);
    if (verdict) accepted++;
  }
  assert.ok(accepted >= 57 && withData.length - accepted > 200, `${accepted} of ${withData.length} accepted`);
});
