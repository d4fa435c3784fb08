#!/usr/bin/env node
// Independent EIP-1186 checker: walks an eth_getProof answer through the Merkle-Patricia trie with
// its own code (ethers only for keccak256 and RLP), from a state root or from a block header whose
// hash it recomputes from the header fields.
//
//   node tools/verify-proof.mjs [FILE]        reads JSON from FILE or standard input:
//     { "proof": <eth_getProof result>, "stateRoot": "0x..." }            or
//     { "proof": <eth_getProof result>, "header": <eth_getBlockByNumber result> }
//
// Prints a JSON report and exits 0 when every check holds, 1 when one fails, 2 on unusable input.
// As a module: import { checkProof, verifyTrieProof, blockHashOf } from './verify-proof.mjs'.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeRlp, encodeRlp, getBytes, hexlify, keccak256, toBeArray, zeroPadValue } from 'ethers';

export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
export const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

function nibbles(bytes) {
  const out = [];
  for (const b of bytes) out.push(b >> 4, b & 0x0f);
  return out;
}

/** Decodes a hex-prefix encoded path: returns { leaf, path: nibble[] }. */
function hexPrefix(encoded) {
  const n = nibbles(getBytes(encoded));
  const flag = n[0];
  if (flag > 3) throw new Error(`bad hex-prefix flag ${flag}`);
  return { leaf: flag >= 2, path: flag % 2 === 1 ? n.slice(1) : n.slice(2) };
}

const isEmpty = (x) => typeof x === 'string' && x === '0x';

/**
 * Verifies `proof` (array of RLP node hex strings) for `key` (bytes, already hashed) under `root`.
 * Returns the RLP-encoded value (hex) when the key is included, null when the proof shows it is
 * absent; throws when the proof does not hang together.
 */
export function verifyTrieProof(root, key, proof) {
  let path = nibbles(getBytes(key));
  let expected = root.toLowerCase();
  let inline = null;
  let i = 0;
  for (;;) {
    let node;
    if (inline !== null) {
      node = inline;
      inline = null;
    } else {
      if (i >= proof.length) throw new Error(`proof ends before the path does (after ${i} nodes)`);
      const raw = proof[i];
      const h = keccak256(raw);
      if (h !== expected) throw new Error(`hash mismatch at proof[${i}]: ${h} != ${expected}`);
      node = decodeRlp(raw);
      i++;
    }
    if (!Array.isArray(node)) throw new Error('trie node is not a list');
    let next;
    if (node.length === 17) {
      if (path.length === 0) return isEmpty(node[16]) ? null : node[16];
      next = node[path[0]];
      path = path.slice(1);
    } else if (node.length === 2) {
      const { leaf, path: seg } = hexPrefix(node[0]);
      const matches = seg.length <= path.length && seg.every((x, k) => x === path[k]);
      if (leaf) {
        if (matches && seg.length === path.length) return node[1];
        return null; // a different leaf sits where the key would be
      }
      if (!matches) return null; // the extension leads elsewhere
      path = path.slice(seg.length);
      next = node[1];
    } else {
      throw new Error(`trie node with ${node.length} items`);
    }
    if (Array.isArray(next)) inline = next; // node shorter than 32 bytes, embedded in its parent
    else if (isEmpty(next)) return null; // empty branch slot: key absent
    else expected = next.toLowerCase();
    if (inline === null && i >= proof.length) throw new Error('proof ends before the path does');
  }
}

const quantity = (hex) => BigInt(hex === '0x' ? 0 : hex);

function rlpQuantity(value) {
  const v = BigInt(value);
  return v === 0n ? '0x' : hexlify(toBeArray(v));
}

/** Keccak of the RLP of the header fields, in the order of the forks that added them. */
export function blockHashOf(header) {
  const fields = [
    header.parentHash,
    header.sha3Uncles,
    header.miner,
    header.stateRoot,
    header.transactionsRoot,
    header.receiptsRoot,
    header.logsBloom,
    rlpQuantity(header.difficulty),
    rlpQuantity(header.number),
    rlpQuantity(header.gasLimit),
    rlpQuantity(header.gasUsed),
    rlpQuantity(header.timestamp),
    header.extraData,
    header.mixHash,
    header.nonce,
  ];
  const optional = [
    ['baseFeePerGas', true],
    ['withdrawalsRoot', false],
    ['blobGasUsed', true],
    ['excessBlobGas', true],
    ['parentBeaconBlockRoot', false],
    ['requestsHash', false],
  ];
  for (const [name, isQuantity] of optional) {
    if (header[name] === undefined || header[name] === null) break;
    fields.push(isQuantity ? rlpQuantity(header[name]) : header[name]);
  }
  return keccak256(encodeRlp(fields));
}

/** Checks a whole eth_getProof answer. Returns a report; `report.ok` is the verdict. */
export function checkProof({ proof, stateRoot, header }) {
  const report = { ok: true, checks: [] };
  const check = (name, ok, detail = {}) => {
    report.checks.push({ name, ok, ...detail });
    if (!ok) report.ok = false;
    return ok;
  };
  let root = stateRoot;
  if (header) {
    const computed = blockHashOf(header);
    check('blockHash', computed === header.hash, { computed, expected: header.hash, blockNumber: Number(header.number) });
    if (root && root.toLowerCase() !== header.stateRoot.toLowerCase()) {
      check('stateRootMatchesHeader', false, { given: root, header: header.stateRoot });
    }
    root = header.stateRoot;
  }
  if (!root) throw new Error('need a stateRoot or a header');
  report.stateRoot = root;

  const address = proof.address;
  let accountValue;
  try {
    accountValue = verifyTrieProof(root, keccak256(address), proof.accountProof);
  } catch (e) {
    check('account', false, { address, error: e.message });
    return report;
  }
  const claimed = {
    nonce: quantity(proof.nonce),
    balance: quantity(proof.balance),
    storageHash: proof.storageHash.toLowerCase(),
    codeHash: proof.codeHash.toLowerCase(),
  };
  let proven;
  if (accountValue === null) {
    proven = { nonce: 0n, balance: 0n, storageHash: EMPTY_TRIE_ROOT, codeHash: EMPTY_CODE_HASH };
    // nodes answer for an absent account with empty-code hash or all zeros
    const zero = '0x' + '00'.repeat(32);
    const ok =
      claimed.nonce === 0n &&
      claimed.balance === 0n &&
      [EMPTY_TRIE_ROOT, zero].includes(claimed.storageHash) &&
      [EMPTY_CODE_HASH, zero].includes(claimed.codeHash);
    check('account', ok, { address, included: false });
  } else {
    const [nonce, balance, storageHash, codeHash] = decodeRlp(accountValue);
    proven = { nonce: quantity(nonce), balance: quantity(balance), storageHash: storageHash.toLowerCase(), codeHash: codeHash.toLowerCase() };
    const ok = Object.keys(claimed).every((k) => claimed[k] === proven[k]);
    check('account', ok, {
      address,
      included: true,
      nonce: proven.nonce.toString(),
      balance: proven.balance.toString(),
      storageHash: proven.storageHash,
      codeHash: proven.codeHash,
    });
  }

  for (const sp of proof.storageProof ?? []) {
    const slot = zeroPadValue(sp.key.length % 2 === 1 ? '0x0' + sp.key.slice(2) : sp.key, 32);
    try {
      const v = verifyTrieProof(proven.storageHash, keccak256(slot), sp.proof);
      const value = v === null ? 0n : quantity(decodeRlp(v));
      check('storage', value === quantity(sp.value), {
        key: slot,
        included: v !== null,
        value: '0x' + value.toString(16),
        claimed: sp.value,
      });
    } catch (e) {
      check('storage', false, { key: slot, error: e.message });
    }
  }
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let input;
  try {
    const text = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : readFileSync(0, 'utf8');
    input = JSON.parse(text);
    if (!input.proof) throw new Error('input has no "proof"');
  } catch (e) {
    process.stderr.write(`verify-proof: ${e.message}\n`);
    process.exit(2);
  }
  let report;
  try {
    report = checkProof(input);
  } catch (e) {
    process.stderr.write(`verify-proof: ${e.message}\n`);
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  process.exit(report.ok ? 0 : 1);
}
