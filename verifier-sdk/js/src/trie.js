// What the Ethereum state trie holds, read through EIP-1186 proofs: the Merkle-Patricia walk is
// @ethereumjs/mpt's (a trie rebuilt from the proof's nodes, keys hashed with keccak), RLP is
// @ethereumjs/rlp's, keccak is @noble/hashes'. On top of the walk this module holds the proof to the
// Java SDK's rules: the nodes must be the walk's nodes in walk order, root first, none left over,
// and a proof that does not hold together is described in the Java SDK's words.
import { LeafMPTNode, createMPTFromProof } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from './bytes.js';

export const keccak = (bytes) => keccak_256(bytes);

/** keccak(rlp("")): the root of an empty trie. */
export const EMPTY_ROOT = fromHex('56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
/** keccak of no bytes: the codeHash of an account without code. */
export const EMPTY_CODE_HASH = keccak(new Uint8Array(0));
const ZERO_WORD = new Uint8Array(32);
const EMPTY_STRING_NODE = Uint8Array.of(0x80);

/** A proof that does not hold together (the Java SDK's MerklePatriciaTrie.ProofException). */
export class ProofError extends Error {}
/** A proven leaf that is not what the trie must hold there (StateTrie.LeafException). */
export class LeafError extends Error {}
/** Malformed RLP in a proven leaf (Rlp.RlpException). */
export class RlpError extends Error {}

export function fromHex(text) {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Unsigned big-endian integer of an RLP byte string; no leading zero allowed. */
export function unsigned(bytes) {
  if (bytes.length > 0 && bytes[0] === 0) throw new RlpError('an integer with a leading zero byte');
  return bytes.length === 0 ? 0n : BigInt('0x' + hex(bytes));
}

function rlpDecode(bytes) {
  try {
    return RLP.decode(bytes);
  } catch (e) {
    throw new RlpError(e.message);
  }
}

function present(used, proof, what) {
  if (used !== proof.length) throw new ProofError(`the proof has nodes after ${what}`);
}

/**
 * The value stored under `key` (the raw bytes of the leaf's value), or null when the proof shows the
 * key absent.
 *
 * @param {Uint8Array} root the trusted root, 32 bytes
 * @param {Uint8Array} key the unhashed key: a 20-byte address or a 32-byte storage slot
 * @param {Uint8Array[]} proof the RLP trie nodes, root first
 * @throws {ProofError} when the proof proves neither
 */
export async function trieGet(root, key, proof) {
  if (sameBytes(root, EMPTY_ROOT)) return emptyTrie(proof);
  if (proof.length === 0) throw new ProofError('the proof ends after 0 nodes, before the path does');
  if (!sameBytes(keccak(proof[0]), root)) throw new ProofError('node 0 does not hash to the root');
  let walk;
  try {
    const trie = await createMPTFromProof(proof, { root, useKeyHashing: true });
    walk = await trie.findPath(trie.appliedKey(key), false);
  } catch (e) {
    throw new ProofError(`a node of the proof is not a trie node: ${e.message}`);
  }
  // the nodes the walk fetched by hash (the root always; others when 32 bytes or more, shorter
  // ones are embedded in their parent), which must be the proof's nodes in order
  const fetched = walk.stack.filter((node, i) => i === 0 || node.serialize().length >= 32).map((n) => n.serialize());
  for (let i = 0; i < fetched.length; i++) {
    if (i >= proof.length || !sameBytes(fetched[i], proof[i])) {
      throw new ProofError(`node ${i} does not hash to ${i === 0 ? 'the root' : 'its reference'}`);
    }
  }
  const stopped = walk.node === null && walk.remaining.length === 0; // a referenced node is missing
  if (stopped) {
    const next = fetched.length;
    throw new ProofError(
      next < proof.length
        ? `node ${next} does not hash to its reference`
        : `the proof ends after ${next} nodes, before the path does`,
    );
  }
  if (walk.node !== null && walk.remaining.length === 0) {
    const value = walk.node.value() ?? new Uint8Array(0);
    if (walk.node instanceof LeafMPTNode || value.length > 0) {
      present(fetched.length, proof, "the key's leaf");
      return value;
    }
  }
  present(fetched.length, proof, 'the point that shows the key absent');
  return null;
}

/** The empty trie: no nodes, or its one node, the empty string. */
function emptyTrie(proof) {
  if (proof.length === 0) return null;
  if (!sameBytes(proof[0], EMPTY_STRING_NODE)) throw new ProofError('node 0 does not hash to the root');
  present(1, proof, 'the point that shows the key absent');
  return null;
}

/**
 * The account a state-trie walk ended in: `[nonce, balance, storageRoot, codeHash]` decoded, or the
 * absent account (zero nonce and balance, the empty storage trie, no code).
 */
export function account(leaf) {
  if (leaf === null) {
    return { exists: false, nonce: 0n, balance: 0n, storageRoot: EMPTY_ROOT, codeHash: EMPTY_CODE_HASH };
  }
  let fields;
  try {
    fields = RLP.decode(leaf);
  } catch {
    throw new LeafError('the account leaf does not decode');
  }
  if (!Array.isArray(fields) || fields.length !== 4) {
    throw new LeafError('the account leaf is not [nonce, balance, storageRoot, codeHash]');
  }
  if (fields.some((f) => !(f instanceof Uint8Array))) throw new LeafError('the account leaf does not decode');
  let nonce;
  let balance;
  try {
    nonce = unsigned(fields[0]);
    balance = unsigned(fields[1]);
  } catch {
    throw new LeafError('the account leaf does not decode');
  }
  const [, , storageRoot, codeHash] = fields;
  if (storageRoot.length !== 32 || codeHash.length !== 32) {
    throw new LeafError("the account leaf's hashes are not 32 bytes");
  }
  return { exists: true, nonce, balance, storageRoot, codeHash };
}

/**
 * Why the claimed account fields are not the proven ones, or null. An absent account may be claimed
 * with zero hashes (as nodes report it) as well as with the empty ones.
 */
export function claimProblem(proven, nonce, balance, storageHash, codeHash) {
  if (!proven.exists) {
    const absent =
      nonce === 0n &&
      balance === 0n &&
      (sameBytes(storageHash, proven.storageRoot) || sameBytes(storageHash, ZERO_WORD)) &&
      (sameBytes(codeHash, proven.codeHash) || sameBytes(codeHash, ZERO_WORD));
    return absent ? null : 'the account is proven absent but the proof claims state';
  }
  if (
    proven.nonce !== nonce ||
    proven.balance !== balance ||
    !sameBytes(proven.storageRoot, storageHash) ||
    !sameBytes(proven.codeHash, codeHash)
  ) {
    return 'the proven account fields differ from the claimed ones';
  }
  return null;
}

/**
 * The value under `key` in the storage trie of `storageRoot`: the RLP integer of the slot's leaf, or
 * zero when the proof shows the slot empty.
 */
export async function storageValue(storageRoot, key, proof) {
  const stored = await trieGet(storageRoot, key, proof);
  if (stored === null) return 0n;
  const item = rlpDecode(stored);
  if (!(item instanceof Uint8Array) || item.length > 32) throw new LeafError("the slot's value is not an RLP integer");
  return unsigned(item);
}
