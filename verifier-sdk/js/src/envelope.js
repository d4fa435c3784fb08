// Multi-attestation envelopes `{v: 1, attestations: [slot...], expired: []}`. Nothing signs the
// envelope: each slot (`issuer, type, kid, alg, jwks, signed, sig, expiry`) is checked alone against
// the key set its own `jwks` URL names, so one slot can never move another's verdict. Slots carry
// compact ES256 JWS in `sig` with `signed: null`. Per slot, in order: form (the four required
// members; no object stapled beside a JWS), expiry (when on, an expired slot is reported expired and
// its signature is not examined), key lookup by kid in that slot's key set, then the signature.
// The Java SDK's EnvelopeVerifier, with its errors and summary.
import { parseInstant } from './bytes.js';
import { isObject, parseStrict, textOrNull } from './json.js';
import { parseCompact } from './jws.js';
import { KeySet } from './keys.js';

export const MISSING_FIELDS = 'Missing kid, alg, jwks, or sig';
export const STAPLED = '`signed` must be null when `sig` is a compact JWS';
export const EXPIRED = 'Attestation expired';
export const SIGNATURE_INVALID = 'ES256 JWT signature invalid';
const DATED = /^\d{4}-/;
const KEY_SET_LIMIT = 1 << 20;

/** Where each slot's key set comes from: `resolve(url)` resolves to a KeySet or rejects saying why. */
export const KeySetResolver = Object.freeze({
  /** Saved key sets by URL; any other URL fails to resolve. */
  fixed(keySets) {
    const copy = new Map(keySets instanceof Map ? keySets : Object.entries(keySets));
    return {
      async resolve(location) {
        const keys = copy.get(location);
        if (keys === undefined) throw new Error(`no saved key set for ${location}`);
        return keys;
      },
    };
  },
  /** Fetches over HTTPS only, with a timeout and a 1 MiB limit on the document (fetch: Node 20+ and browsers). */
  https({ timeoutMs = 10_000 } = {}) {
    return {
      async resolve(location) {
        if (!/^https:/i.test(location)) throw new Error(`key sets are fetched over https only: ${location}`);
        const response = await fetch(location, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
        if (response.status !== 200) throw new Error(`HTTP ${response.status} from ${location}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (bytes.length > KEY_SET_LIMIT) throw new Error(`key set at ${location} is larger than 1 MiB`);
        return KeySet.parse(new TextDecoder().decode(bytes), `key set at ${location}`);
      },
    };
  },
});

const slot = (issuer, type, kid, signatureValid, expired, error) => Object.freeze({ issuer, type, kid, signatureValid, expired, error });
const live = (v) => v.signatureValid && !v.expired;

function malformedReport(error) {
  return Object.freeze({ valid: false, slots: [], summary: { total: 0, verified: 0, expired: 0, failed: 0, missingRequired: [] }, error });
}

function instantOf(value) {
  const v = typeof value === 'function' ? value() : value;
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : parseInstant(v);
  if (ms === null || Number.isNaN(ms)) throw new TypeError(`not an instant: ${v}`);
  return ms;
}

async function es256(key, input, signature) {
  if (signature.length !== 64) return false;
  try {
    return await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, input);
  } catch {
    return false;
  }
}

export class EnvelopeVerifier {
  #resolver;
  #now;
  #checkExpiry;
  #requiredTypes;

  /** @internal use EnvelopeVerifier.builder(resolver) */
  constructor(resolver, now, checkExpiry, requiredTypes) {
    this.#resolver = resolver;
    this.#now = now;
    this.#checkExpiry = checkExpiry;
    this.#requiredTypes = Object.freeze([...new Set(requiredTypes)]);
    Object.freeze(this);
  }

  static builder(resolver) {
    return new EnvelopeVerifierBuilder(resolver);
  }

  /** Verifies every slot of an envelope (JSON text or parsed) and summarizes them. */
  async verify(envelope) {
    let root = envelope;
    if (typeof envelope === 'string') {
      try {
        root = parseStrict(envelope.trim());
      } catch (e) {
        return malformedReport(e.message);
      }
    }
    if (!isObject(root) || !Array.isArray(root.attestations)) return malformedReport('invalid payload: missing attestations array');
    const keySets = new Map();
    const slots = [];
    for (const entry of root.attestations) {
      try {
        slots.push(await this.#slot(entry, keySets));
      } catch (e) {
        slots.push(slot(null, null, null, false, false, `verification threw: ${e.message}`));
      }
    }
    const missingRequired = this.#requiredTypes.filter((t) => !slots.some((v) => v.type === t && live(v)));
    const valid = missingRequired.length === 0 && (this.#requiredTypes.length > 0 || slots.every(live));
    const summary = {
      total: slots.length,
      verified: slots.filter((v) => v.signatureValid).length,
      expired: slots.filter((v) => v.expired).length,
      failed: slots.filter((v) => !v.signatureValid && !v.expired).length,
      missingRequired,
    };
    return Object.freeze({ valid, slots, summary, error: null });
  }

  async #slot(entry, keySets) {
    if (!isObject(entry)) return slot(null, null, null, false, false, 'Invalid attestation entry: expected an object');
    const [issuer, type, kid, alg, jwks, sig] = ['issuer', 'type', 'kid', 'alg', 'jwks', 'sig'].map((m) => textOrNull(entry[m]));
    if (!kid || !alg || !jwks || !sig) return slot(issuer, type, kid, false, false, MISSING_FIELDS);
    const compact = sig.split('.').length === 3;
    if (compact && entry.signed !== undefined && entry.signed !== null) return slot(issuer, type, kid, false, false, STAPLED);
    if (this.#checkExpiry && this.#expired(entry.expiry)) return slot(issuer, type, kid, false, true, EXPIRED);
    if (!keySets.has(jwks)) keySets.set(jwks, await this.#resolve(jwks));
    const keys = keySets.get(jwks);
    if (keys.problem !== undefined) return slot(issuer, type, kid, false, false, keys.problem);
    if (!keys.keySet.kids.includes(kid)) return slot(issuer, type, kid, false, false, `Key ${kid} not found in JWKS at ${jwks}`);
    if (alg !== 'ES256') return slot(issuer, type, kid, false, false, `Unsupported algorithm: ${alg}`);
    const key = await keys.keySet.ecKey(kid);
    if (key.problem !== undefined) return slot(issuer, type, kid, false, false, key.problem);
    if (!compact) return slot(issuer, type, kid, false, false, 'sig is not a compact JWS (the only supported slot form)');
    let jws;
    try {
      jws = parseCompact(sig);
    } catch (e) {
      return slot(issuer, type, kid, false, false, `malformed JWS: ${e.message}`);
    }
    if (jws.headerText('alg') !== 'ES256' || jws.headerText('kid') !== kid) {
      return slot(issuer, type, kid, false, false, "JWS header must carry alg ES256 and the slot's kid");
    }
    const ok = await es256(key.key, jws.signingInput, jws.signature);
    return slot(issuer, type, kid, ok, false, ok ? null : SIGNATURE_INVALID);
  }

  #expired(expiry) {
    if (typeof expiry !== 'string' || !DATED.test(expiry)) return false;
    const at = parseInstant(expiry);
    return at === null || at < instantOf(this.#now);
  }

  async #resolve(location) {
    try {
      return { keySet: await this.#resolver.resolve(location) };
    } catch (e) {
      return { problem: `Key set at ${location} unavailable: ${e.message}` };
    }
  }
}

/** Settings: checking expiry is on unless turned off; no type is required unless listed. */
export class EnvelopeVerifierBuilder {
  #resolver;
  #now = () => Date.now();
  #checkExpiry = true;
  #requiredTypes = [];

  constructor(resolver) {
    if (typeof resolver?.resolve !== 'function') throw new TypeError('resolver');
    this.#resolver = resolver;
  }

  /** The verifier's clock (an instant, or a function giving one); default the system clock. */
  now(now) {
    if (typeof now !== 'function') instantOf(now);
    this.#now = now;
    return this;
  }

  /** Off only for reading historical envelopes: an expired slot then still verifies. */
  checkExpiry(checkExpiry) {
    this.#checkExpiry = Boolean(checkExpiry);
    return this;
  }

  /** Types that must have at least one live (verified, unexpired) slot. */
  requiredTypes(types) {
    this.#requiredTypes = [...types];
    return this;
  }

  build() {
    return new EnvelopeVerifier(this.#resolver, this.#now, this.#checkExpiry, this.#requiredTypes);
  }
}
