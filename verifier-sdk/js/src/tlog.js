// The service's transparency log: RFC 9162 section 2.1 tree hashing, inclusion proofs (2.1.3.2) and
// consistency proofs (2.1.4.2), the leaf of a signed statement, and checkpoints in the C2SP
// tlog-checkpoint / signed-note format signed ES256 with the service's P-256 key and Ed25519 with
// the log's note key (C2SP key type 0x01; either line verifies with its key). Same checks, same
// verdicts (true / false) and the same parse errors as the Java SDK's org.walletstate.verifier.tlog.
// Sizes and indexes are numbers or bigints (whole, below 2^63); hashes are 32-byte Uint8Arrays.
import { concat, fromBase64, hex, sha256, utf8 } from './bytes.js';

/** `SHA-256(0x00 || data)`. */
export async function leafHash(data) {
  return sha256(concat(Uint8Array.of(0), data));
}

/** The leaf hash of a logged statement: leaf data `"<kind> <kid> <hex SHA-256 of the signed bytes>"`. */
export async function statementLeafHash(kind, kid, signedBytes) {
  const bytes = typeof signedBytes === 'string' ? utf8(signedBytes) : signedBytes;
  return leafHash(utf8(`${kind} ${kid} ${hex(await sha256(bytes))}`));
}

async function nodeHash(left, right) {
  return sha256(concat(Uint8Array.of(1), left, right));
}

const MAX = (1n << 63n) - 1n;

/** A whole number in [0, 2^63) as a bigint, or null. */
function whole(n) {
  if (typeof n === 'bigint') return n >= 0n && n <= MAX ? n : null;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return BigInt(n);
  return null;
}

function sameBytes(a, b) {
  if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array) || a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a[i] ^ b[i];
  return d === 0;
}

function hashes(list) {
  return Array.isArray(list) && list.every((h) => h instanceof Uint8Array);
}

/**
 * Whether `proof` shows the leaf with `leaf` (its leaf hash) at `index` in the tree of `size` leaves
 * whose root is `root` (RFC 9162 2.1.3.2).
 */
export async function verifyInclusion(index, size, leaf, proof, root) {
  let fn = whole(index);
  let sn = whole(size);
  if (fn === null || sn === null || fn >= sn || !hashes(proof) || !(leaf instanceof Uint8Array)) return false;
  sn -= 1n;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = await nodeHash(p, r);
      // climb past the levels where this node is a left child with no right sibling
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && sameBytes(r, root);
}

/**
 * Whether `proof` shows the tree of `second` leaves with `secondRoot` extends the tree of `first`
 * leaves with `firstRoot` (RFC 9162 2.1.4.2).
 */
export async function verifyConsistency(first, second, firstRoot, secondRoot, proof) {
  const m = whole(first);
  const n = whole(second);
  if (m === null || n === null || m < 1n || n < m || !hashes(proof)) return false;
  if (m === n) return proof.length === 0 && sameBytes(firstRoot, secondRoot);
  if (proof.length === 0 || !(firstRoot instanceof Uint8Array)) return false;
  // when the first tree is a perfect subtree its root is the proof's implicit first node
  const path = (m & (m - 1n)) === 0n ? [firstRoot, ...proof] : proof;
  let fn = m - 1n;
  let sn = n - 1n;
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && sameBytes(fr, firstRoot) && sameBytes(sr, secondRoot);
}

/** Thrown by {@link SignedCheckpoint.parse} and {@link LogKey.from}, naming what is malformed. */
export class MalformedCheckpoint extends TypeError {
  constructor(message) {
    super(message);
    this.name = 'MalformedCheckpoint';
  }
}

/** `String.split` as Java's `split(regex)` with limit 0: trailing empty strings dropped. */
function javaSplit(text, separator) {
  if (text === '') return [''];
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

const DASH = '\u2014 ';
const DECIMAL = /^(0|[1-9][0-9]*)$/;

function decodeOrNull(text) {
  try {
    return fromBase64(text);
  } catch {
    return null;
  }
}

/** A DER ECDSA-Sig-Value as the 64 bytes r || s WebCrypto verifies, or null when it is not one. */
function derToRaw(der) {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2 || der[1] > 0x7f) return null;
  const out = new Uint8Array(64);
  let at = 2;
  for (let i = 0; i < 2; i++) {
    if (der[at] !== 0x02) return null;
    const len = der[at + 1];
    const start = at + 2;
    if (len < 1 || len > 33 || start + len > der.length) return null;
    let value = der.subarray(start, start + len);
    if (value[0] & 0x80) return null; // negative
    if (len > 1 && value[0] === 0 && !(value[1] & 0x80)) return null; // not minimal
    if (value[0] === 0 && len > 1) value = value.subarray(1);
    if (value.length > 32) return null;
    out.set(value, i * 32 + 32 - value.length);
    at = start + len;
  }
  return at === der.length ? out : null;
}

/** `SHA-256(name || 0x0A || 0x01 || key)`, its first four bytes: an Ed25519 note key's id. */
async function ed25519KeyId(name, raw) {
  return (await sha256(concat(utf8(`${name}\n`), Uint8Array.of(1), raw))).slice(0, 4);
}

const VERIFIER_KEY = /^([^+\s]+)\+([0-9a-f]{8})\+(\S+)$/;

/** An Ed25519 C2SP verifier key `<name>+<hex key id>+<base64(0x01 || key)>` as a LogKey. */
async function fromVerifierKey([, name, id, key]) {
  const typed = decodeOrNull(key);
  if (typed === null || typed.length !== 33 || typed[0] !== 1) {
    throw new MalformedCheckpoint('the verifier key is not an Ed25519 key (type 0x01)');
  }
  const raw = typed.slice(1);
  if (hex(await ed25519KeyId(name, raw)) !== id) throw new MalformedCheckpoint("the verifier key's key id is not its key's");
  let cryptoKey;
  try {
    cryptoKey = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, true, ['verify']);
  } catch {
    throw new MalformedCheckpoint('the verifier key is not an Ed25519 key');
  }
  return new LogKey(cryptoKey, null, null, 'Ed25519', raw);
}

/**
 * The note key: a P-256 public key with its DER SubjectPublicKeyInfo and four-byte key id, or an
 * Ed25519 key (`algorithm` `Ed25519`, its 32 bytes in `raw`; its key id depends on the note's name).
 */
export class LogKey {
  constructor(cryptoKey, spki, keyId, algorithm = 'ES256', raw = null) {
    this.cryptoKey = cryptoKey;
    this.spki = spki;
    this.keyId = keyId;
    this.algorithm = algorithm;
    this.raw = raw;
    Object.freeze(this);
  }

  /** The key id as `GET /v1/log/key` writes it: eight lower-case hex digits (null for Ed25519). */
  get keyIdHex() {
    return this.keyId === null ? null : hex(this.keyId);
  }

  /**
   * The note key from its base64 DER SubjectPublicKeyInfo, from the `GET /v1/log/key` answer
   * (`{origin, keyId, algorithm, publicKey}`, bare or under `data`): its `algorithm` must be `ES256`
   * and its `keyId`, when given, the key's; or the Ed25519 key from its C2SP verifier key
   * `<name>+<hex key id>+<base64(0x01 || key)>` (the answer's `ed25519VerifierKey`), whose key id
   * must be its own.
   */
  static async from(published) {
    let text = published;
    let claimedId = null;
    if (typeof published === 'string') {
      const vkey = VERIFIER_KEY.exec(published.trim());
      if (vkey !== null) return fromVerifierKey(vkey);
    }
    if (published !== null && typeof published === 'object') {
      const body = published.data !== null && typeof published.data === 'object' ? published.data : published;
      if (body.algorithm !== undefined && body.algorithm !== 'ES256') {
        throw new MalformedCheckpoint(`the log key's algorithm is ${body.algorithm}, not ES256`);
      }
      text = body.publicKey;
      claimedId = typeof body.keyId === 'string' ? body.keyId.toLowerCase() : null;
    }
    const der = typeof text === 'string' ? decodeOrNull(text.trim()) : null;
    let cryptoKey;
    try {
      if (der === null) throw new TypeError('not base64');
      cryptoKey = await crypto.subtle.importKey('spki', der, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']);
    } catch {
      throw new MalformedCheckpoint('the log key is not a base64 P-256 public key');
    }
    // the key id is over the key's own encoding, as the Java SDK's PublicKey.getEncoded()
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', cryptoKey));
    const keyId = (await sha256(spki)).slice(0, 4);
    if (claimedId !== null && claimedId !== hex(keyId)) {
      throw new MalformedCheckpoint(`the log key's keyId ${claimedId} is not its key's (${hex(keyId)})`);
    }
    return new LogKey(cryptoKey, spki, keyId);
  }
}

/**
 * A checkpoint as served: a signed note whose body is origin, tree size, base64 root hash and
 * extension lines, then a blank line and signature lines `— <name> <base64(key id || signature)>`.
 */
export class SignedCheckpoint {
  constructor(body, origin, size, root, extensions, signatures) {
    this.body = body;
    this.origin = origin;
    this.size = size;
    this.root = root;
    this.extensions = extensions;
    this.signatures = signatures;
    Object.freeze(this);
  }

  /** @throws MalformedCheckpoint naming what is malformed (the Java SDK's words) */
  static parse(note) {
    if (typeof note !== 'string') throw new MalformedCheckpoint('not a signed note: no blank line before the signatures');
    const split = note.indexOf('\n\n');
    if (split < 0 || !note.endsWith('\n')) {
      throw new MalformedCheckpoint('not a signed note: no blank line before the signatures');
    }
    const body = note.slice(0, split + 1);
    const lines = body.split('\n');
    if (lines.length < 4) throw new MalformedCheckpoint('a checkpoint has an origin, a size and a root hash');
    if (!DECIMAL.test(lines[1]) || BigInt(lines[1]) > MAX) {
      throw new MalformedCheckpoint("the checkpoint's size is not a decimal number");
    }
    const root = decodeOrNull(lines[2]);
    if (root === null) throw new MalformedCheckpoint("the checkpoint's root hash is not base64");
    if (root.length !== 32 || lines[0] === '') throw new MalformedCheckpoint("the checkpoint's root hash is not 32 bytes");
    const signatures = javaSplit(note.slice(split + 2), '\n').map((line) => {
      const parts = line.startsWith(DASH) ? javaSplit(line.slice(2), ' ') : [];
      if (parts.length !== 2) throw new MalformedCheckpoint('a signature line is not "— <name> <signature>"');
      return Object.freeze(parts);
    });
    return new SignedCheckpoint(
      body,
      lines[0],
      BigInt(lines[1]),
      root,
      Object.freeze(lines.slice(3, lines.length - 1)),
      Object.freeze(signatures),
    );
  }

  /**
   * Whether a signature line named as the origin carries a valid signature by `key` over the body:
   * ES256 for a P-256 key, Ed25519 for an Ed25519 key (whose note key name is the origin).
   */
  async signedBy(key) {
    if (!(key instanceof LogKey)) throw new TypeError('signedBy takes a LogKey (LogKey.from)');
    const body = utf8(this.body);
    const ed25519 = key.algorithm === 'Ed25519';
    const keyId = ed25519 ? await ed25519KeyId(this.origin, key.raw) : key.keyId;
    for (const [name, signature] of this.signatures) {
      if (name !== this.origin) continue;
      const decoded = decodeOrNull(signature);
      if (decoded === null || decoded.length < 5 || !sameBytes(decoded.slice(0, 4), keyId)) continue;
      if (ed25519) {
        if (decoded.length === 68 && (await crypto.subtle.verify({ name: 'Ed25519' }, key.cryptoKey, decoded.slice(4), body))) {
          return true;
        }
        continue;
      }
      const raw = derToRaw(decoded.slice(4));
      if (raw === null) continue;
      if (await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key.cryptoKey, raw, body)) return true;
    }
    return false;
  }
}
