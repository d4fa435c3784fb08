// The statement types the service signs and the exact bytes each signature covers
// (docs/signing.md states them byte for byte; the Java SDK's StatementType is the same table).
import { tagged, utf8 } from './bytes.js';
import { canonical, isObject, MAX_DEPTH, stringify } from './json.js';

/** Key roles: a classical kid selects key, preimage scheme and statement type at once. */
export const ROLES = Object.freeze({
  ATTEST_V1: 'attest-v1',
  ATTEST_V2: 'attest-v2',
  TRUST_V2: 'trust-v2',
  DISCOUNT_V2: 'discount-v2',
  PASS_V2: 'pass-v2',
  ATTEST_PQ1: 'attest-pq1',
  TRUST_PQ1: 'trust-pq1',
  DISCOUNT_PQ1: 'discount-pq1',
  PASS_PQ1: 'pass-pq1',
});

const CLASSICAL = new Set([ROLES.ATTEST_V1, ROLES.ATTEST_V2, ROLES.TRUST_V2, ROLES.DISCOUNT_V2, ROLES.PASS_V2]);

export function isClassical(role) {
  return CLASSICAL.has(role);
}

const WORD = /^[a-z][a-z0-9]{0,31}$/;

/** The issuer's namespace word: part of every kid and of every domain tag in the signed bytes. */
export class Namespace {
  constructor(word = 'service') {
    if (!WORD.test(word)) {
      throw new TypeError(`a namespace is 1 to 32 lower-case letters or digits starting with a letter: ${word}`);
    }
    this.word = word;
  }

  kid(role) {
    return `${this.word}-${role}`;
  }

  /** The role `kid` names in this namespace, or null for a kid this verifier does not know. */
  roleOf(kid) {
    if (typeof kid !== 'string' || !kid.startsWith(this.word + '-')) return null;
    const suffix = kid.slice(this.word.length + 1);
    return Object.values(ROLES).includes(suffix) ? suffix : null;
  }
}

const kinds = {
  text: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v),
  object: (v) => isObject(v),
};

function type(definition) {
  return Object.freeze({
    ...definition,
    /** 'v1', 'v2', or null when `role` may not sign this type. */
    scheme(role) {
      if (role !== null && role === definition.v2Role) return 'v2';
      return role !== null && role === definition.legacyRole ? 'v1' : null;
    },
    v2Tag(ns) {
      return `${ns.word}.${definition.name}.v2`;
    },
    companionTag(ns) {
      return `${ns.word}.${definition.name}.pq1`;
    },
    /** The first required member that is absent or not of its kind, or null. */
    missingMember(statement) {
      for (const [name, kind] of definition.required) {
        if (!isObject(statement) || !kinds[kind](statement[name])) return name;
      }
      return null;
    },
    /** The classical preimage of `statement` in `scheme` (bytes). */
    preimage(ns, scheme, statement) {
      if (definition.signedMembers.length === 0) {
        if (!isObject(statement)) throw new TypeError(`a ${definition.noun} is a JSON object`);
        return scheme === 'v2' ? tagged(this.v2Tag(ns), utf8(canonical(statement))) : utf8(stringify(statement));
      }
      const signed = scheme === 'v2' ? { v: 2 } : {};
      for (const member of definition.signedMembers) {
        if (!isObject(statement) || statement[member] === undefined) {
          throw new TypeError(`the ${definition.noun} has no ${member}`);
        }
        signed[member] = statement[member];
      }
      return scheme === 'v2'
        ? tagged(this.v2Tag(ns), utf8(canonical(signed)))
        : utf8(stringify(signed, MAX_DEPTH + 1)); // the bound counts from each signed member
    },
    companionPreimage(ns, classical) {
      return tagged(this.companionTag(ns), classical);
    },
  });
}

/** Attestations: id, pass, results, attestedAt signed; expiresAt bound to attestedAt instead. */
export const ATTESTATION = type({
  name: 'attestation',
  noun: 'attestation',
  plural: 'attestations',
  legacyRole: ROLES.ATTEST_V1,
  v2Role: ROLES.ATTEST_V2,
  companionRole: ROLES.ATTEST_PQ1,
  signedMembers: ['id', 'pass', 'results', 'attestedAt'],
  required: [
    ['id', 'text'],
    ['pass', 'boolean'],
    ['results', 'array'],
    ['attestedAt', 'text'],
    ['expiresAt', 'text'],
  ],
  issuedAtMember: 'attestedAt',
});

/** Trust profiles: signed whole, expiresAt included. */
export const TRUST_PROFILE = type({
  name: 'trust',
  noun: 'trust profile',
  plural: 'trust profiles',
  legacyRole: ROLES.ATTEST_V1,
  v2Role: ROLES.TRUST_V2,
  companionRole: ROLES.TRUST_PQ1,
  signedMembers: [],
  required: [
    ['wallet', 'text'],
    ['dimensions', 'object'],
    ['summary', 'object'],
    ['profiledAt', 'text'],
    ['expiresAt', 'text'],
  ],
  issuedAtMember: 'profiledAt',
});

/** In-store passes: signed whole, v2 only. */
export const PASS = type({
  name: 'pass',
  noun: 'pass',
  plural: 'passes',
  legacyRole: null,
  v2Role: ROLES.PASS_V2,
  companionRole: ROLES.PASS_PQ1,
  signedMembers: [],
  required: [
    ['wallet', 'text'],
    ['issuedAt', 'text'],
    ['expiresAt', 'text'],
  ],
  issuedAtMember: 'issuedAt',
});

/** Discount verifications: signed whole, v2 only; the statement sits in `verification.discount`. */
export const DISCOUNT = type({
  name: 'discount',
  noun: 'discount verification',
  plural: 'discount verifications',
  legacyRole: null,
  v2Role: ROLES.DISCOUNT_V2,
  companionRole: ROLES.DISCOUNT_PQ1,
  signedMembers: [],
  required: [
    ['code', 'text'],
    ['merchantId', 'text'],
    ['verified', 'boolean'],
    ['walletProven', 'boolean'],
    ['breakdown', 'array'],
    ['createdAt', 'text'],
    ['expiresAt', 'text'],
  ],
  issuedAtMember: 'createdAt',
});
