// A published key set, resolved by kid only: never by position, never with a fallback.
import { importJWK } from 'jose';
import { fromBase64Url } from './bytes.js';
import { isObject, parseStrict } from './json.js';

export class KeySet {
  #byKid;
  #label;
  #ecCache = new Map();

  constructor(byKid, label) {
    this.#byKid = byKid;
    this.#label = label;
  }

  /** A key set with no keys: every signature check against it fails. */
  static empty() {
    return new KeySet(new Map(), 'empty key set');
  }

  /**
   * Parses a JWKS document (text or parsed object). Entries without a string kid can never be
   * selected; two entries under one kid are refused.
   */
  static parse(jwks, label = 'key set') {
    let root = jwks;
    if (typeof jwks === 'string') {
      try {
        root = parseStrict(jwks);
      } catch (e) {
        throw new TypeError(`${label}: ${e.message}`);
      }
    }
    if (!isObject(root) || !Array.isArray(root.keys)) throw new TypeError(`${label} has no keys array`);
    const byKid = new Map();
    for (const entry of root.keys) {
      if (!isObject(entry) || typeof entry.kid !== 'string') continue;
      if (byKid.has(entry.kid)) throw new TypeError(`${label} lists kid ${entry.kid} twice`);
      byKid.set(entry.kid, structuredClone(entry));
    }
    return new KeySet(byKid, label);
  }

  /** The kids this set can resolve, in document order. */
  get kids() {
    return [...this.#byKid.keys()];
  }

  /** The JWK under `kid`, if any (for callers that need the raw entry). */
  entry(kid) {
    return this.#byKid.get(kid);
  }

  /** `{key}` (a WebCrypto P-256 verify key) or `{problem}`. */
  async ecKey(kid) {
    if (kid == null) return { problem: 'the response carries no kid; the signing key cannot be selected' };
    if (this.#byKid.size === 0) return { problem: `${this.#label} contains no keys` };
    const entry = this.#byKid.get(kid);
    if (entry === undefined) return { problem: `${this.#label} has no key matching kid "${kid}"` };
    if (entry.kty !== 'EC' || entry.crv !== 'P-256') return { problem: `key "${kid}" is not a P-256 EC key` };
    if ('alg' in entry && entry.alg !== 'ES256') {
      return { problem: `key "${kid}" is published for ${typeof entry.alg === 'string' ? entry.alg : null}, not ES256` };
    }
    if (!this.#ecCache.has(kid)) {
      this.#ecCache.set(
        kid,
        importJWK({ kty: 'EC', crv: 'P-256', x: entry.x, y: entry.y }, 'ES256').then(
          (key) => ({ key }),
          () => ({ problem: `key "${kid}" is not a valid P-256 public key` }),
        ),
      );
    }
    return this.#ecCache.get(kid);
  }

  /** `{key}` (the 1952 public-key bytes of an RFC 9964 ML-DSA-65 entry) or `{problem}`. */
  mlDsaKey(kid) {
    const entry = this.#byKid.get(kid);
    if (entry === undefined) return { problem: `${this.#label} has no key matching pqKid "${kid}"` };
    if (entry.kty !== 'AKP' || entry.alg !== 'ML-DSA-65' || typeof entry.pub !== 'string') {
      return { problem: `key "${kid}" is not an RFC 9964 ML-DSA-65 key` };
    }
    try {
      const key = fromBase64Url(entry.pub);
      if (key.length !== 1952) throw new RangeError('wrong length');
      return { key };
    } catch {
      return { problem: `key "${kid}" has no valid ML-DSA-65 public key` };
    }
  }

  toString() {
    return `${this.#label} [${this.kids.join(', ')}]`;
  }
}
