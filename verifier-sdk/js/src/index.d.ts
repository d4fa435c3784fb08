// Types of @walletstate/verifier. Verdict names and report members are the Java SDK's
// (org.walletstate.verifier): a report from either verifier reads the same.

/** A key set (JWKS) resolved by kid only: never by position, never with a fallback. */
export declare class KeySet {
  static empty(): KeySet;
  /** @throws TypeError when the text is not a key set, or two entries share a kid */
  static parse(jwks: string | { keys: unknown[] }, label?: string): KeySet;
  readonly kids: string[];
  entry(kid: string): Record<string, unknown> | undefined;
}

export declare const ROLES: Readonly<{
  ATTEST_V1: 'attest-v1';
  ATTEST_V2: 'attest-v2';
  TRUST_V2: 'trust-v2';
  DISCOUNT_V2: 'discount-v2';
  PASS_V2: 'pass-v2';
  ATTEST_PQ1: 'attest-pq1';
  TRUST_PQ1: 'trust-pq1';
  DISCOUNT_PQ1: 'discount-pq1';
  PASS_PQ1: 'pass-pq1';
}>;
export type KeyRole = (typeof ROLES)[keyof typeof ROLES];
export type PreimageScheme = 'v1' | 'v2';

/** The issuer's namespace word (`service`; `insumer` for the compatible issuer's vectors). */
export declare class Namespace {
  constructor(word?: string);
  readonly word: string;
  kid(role: KeyRole): string;
  roleOf(kid: string | null | undefined): KeyRole | null;
}

/** One type of signed statement and the bytes its signatures cover. */
export interface StatementType {
  readonly name: 'attestation' | 'trust' | 'pass' | 'discount';
  readonly noun: string;
  readonly plural: string;
  readonly companionRole: KeyRole;
  readonly issuedAtMember: string;
  scheme(role: KeyRole | null): PreimageScheme | null;
  v2Tag(namespace: Namespace): string;
  companionTag(namespace: Namespace): string;
  missingMember(statement: unknown): string | null;
  preimage(namespace: Namespace, scheme: PreimageScheme, statement: unknown): Uint8Array;
  companionPreimage(namespace: Namespace, classicalPreimage: Uint8Array): Uint8Array;
}
export declare const ATTESTATION: StatementType;
export declare const TRUST_PROFILE: StatementType;
export declare const PASS: StatementType;
export declare const DISCOUNT: StatementType;

export declare const MAX_DEPTH: number;
export declare class NestingTooDeep extends Error {}
/** Keys sorted by UTF-16 code units at every level, no whitespace. */
export declare function canonical(value: unknown): string;
/** `JSON.stringify(o, Object.keys(o).sort())`: the v1 condition-hash form. */
export declare function stringifySortedTopLevel(object: object): string;
/** `0x` + lowercase hex SHA-256 of the evaluated condition in the scheme's form. */
export declare function conditionHash(scheme: PreimageScheme, evaluatedCondition: object): Promise<string>;

/** An instant: ISO 8601 text with a zone, a Date, or epoch milliseconds. */
export type InstantLike = string | Date | number;

export interface VerifierOptions {
  /** The published key set; `KeySet.empty()` for none. */
  keys: KeySet | string | { keys: unknown[] };
  /** Default `service`. */
  namespace?: string | Namespace;
  /** The verifier's clock; default the system clock. A fixed instant audits a saved answer as of then. */
  now?: InstantLike | (() => InstantLike);
  /** Maximum age of each anchor (EVM blockTimestamp, profiledAt, ...). Unset: freshness not checked. */
  maxAgeSeconds?: number | null;
  /** Allowance on freshness and expiry; default 60, negative means 0. */
  clockSkewSeconds?: number;
  /** From then on, in access mode, an absent or unverifiable companion fails. */
  pqRequiredFrom?: InstantLike | null;
  /** The issuer's companion-key date: enables `existedAtIssuance` reporting. */
  pqActivatedAt?: InstantLike | null;
  /** `access` (default) or `evidence` (the companion is reported, never required). */
  mode?: 'access' | 'evidence';
}

export type CheckName = 'structure' | 'signature' | 'conditionHashes' | 'freshness' | 'expiry' | 'pq' | 'jwt';

/** One check's outcome; a failure always says why. */
export interface Verdict {
  passed: boolean;
  reason: string | null;
}

export type PqStatus = 'verified' | 'refuted' | 'absent' | 'unverifiable';

/** The companion verdict: a status (evidence) and whether it passes under the policy. */
export interface PqVerdict {
  status: PqStatus;
  passed: boolean;
  reason: string | null;
  kid: string | null;
  existedAtIssuance: boolean | null;
}

/** The tokens a `format: "jwt"` response carries beside its attestation. */
export interface JwtVerdict extends Verdict {
  pq: PqVerdict | null;
  subject: string | null;
}

/** Every verdict on one statement; `valid` is their conjunction. */
export interface StatementReport<S = Record<string, unknown>> {
  valid: boolean;
  /** In check order: structure, signature, conditionHashes, freshness, expiry, pq, jwt. */
  failedChecks: CheckName[];
  checks: Partial<Record<CheckName, Verdict>> & {
    structure: Verdict;
    signature: Verdict;
    freshness: Verdict;
    expiry: Verdict;
    pq: Verdict;
  };
  pq: PqVerdict;
  kid: string | null;
  /** The statement as received; trust it only when `valid`. Absent when the input was malformed. */
  statement?: S;
}

export interface AttestationResult {
  met?: boolean;
  conditionHash?: string;
  evaluatedCondition?: Record<string, unknown>;
  blockTimestamp?: string;
  [member: string]: unknown;
}

export interface Attestation {
  id: string;
  pass: boolean;
  results: AttestationResult[];
  attestedAt: string;
  expiresAt: string;
  [member: string]: unknown;
}

export interface VerificationReport extends StatementReport<Attestation> {
  checks: StatementReport['checks'] & { conditionHashes: Verdict; jwt?: Verdict };
  /** Indexes of the results whose condition hash is missing or does not match. */
  conditionHashFailures: number[];
  /** Present only when a raw response also carried `jwt` or `pqJwt`. */
  jwt?: JwtVerdict;
  /** The token's `sub`, when the answer came with tokens. */
  subject?: string | null;
}

/** Thrown by the `verify*` methods: the first failed check, and the whole report. */
export declare class VerificationRejected extends Error {
  readonly check: CheckName;
  readonly report: StatementReport;
}

export interface Verifier {
  readonly namespace: string;
  /** The whole response, its `data`, a tokens-only `{data: {jwt, pqJwt}}`, or a bare compact JWT. */
  report(answer: string | object): Promise<VerificationReport>;
  reportToken(jwt: string, pqJwt?: string | null): Promise<VerificationReport>;
  /** A trust profile response or a batch entry. */
  reportTrustProfile(answer: string | object): Promise<StatementReport>;
  reportPass(answer: string | object): Promise<StatementReport>;
  reportDiscount(answer: string | object): Promise<StatementReport>;
  verify(answer: string | object): Promise<VerificationReport>;
  verifyToken(jwt: string, pqJwt?: string | null): Promise<VerificationReport>;
  verifyTrustProfile(answer: string | object): Promise<StatementReport>;
  verifyPass(answer: string | object): Promise<StatementReport>;
  verifyDiscount(answer: string | object): Promise<StatementReport>;
}

export declare function createVerifier(options: VerifierOptions): Verifier;
