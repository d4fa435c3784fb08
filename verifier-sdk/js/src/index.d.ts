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
  /**
   * Per result, in order, how its chain was read as the result signs it (`readAssurance`), or null
   * when the result carries none (a request without `assurance`) or a malformed one. Absent when
   * the input was malformed.
   */
  readAssurance?: ReadonlyArray<ReadAssurance | null>;
}

/** How the service read a result's chain: one provider, or a quorum of agreeing providers. */
export interface ReadAssurance {
  /** `single` or `quorum`. */
  readonly mode: string;
  /** Providers read, all agreeing. */
  readonly providers: number;
  /** Independent providers the service has for the chain. */
  readonly of: number;
  /**
   * The configured names of the providers read, as signed (sorted by the service); present only
   * when the service's operator signs them.
   */
  readonly names?: ReadonlyArray<string>;
}

/** A result's well-formed `readAssurance`, else null. */
export declare function readAssuranceOf(result: unknown): ReadAssurance | null;
/** True for a quorum of at least `k` agreeing providers. */
export declare function isQuorumOf(assurance: ReadAssurance | null | undefined, k: number): boolean;
/** A valid report whose every result was read from a quorum of at least `k` (≥ 2) agreeing providers, else throws. */
export declare function requireQuorum<R extends VerificationReport>(report: R, k: number): R;
/** One check of a trust profile and how its chain was read, in signed order. */
export interface TrustRowAssurance {
  readonly dimension: string;
  readonly label: string;
  /** `wallet_not_provided` and the like for a row that was not evaluated, else null. */
  readonly reason: string | null;
  /** The row's well-formed `readAssurance`, else null (a request without `assurance`, or a row that read no chain). */
  readonly readAssurance: ReadAssurance | null;
}
/** Per check of a trust profile (a trust report's `statement`), in signed order. */
export declare function trustReadAssurances(trust: unknown): ReadonlyArray<TrustRowAssurance>;
/**
 * A valid trust report whose every row that read a chain (all but `wallet_not_provided` ones) was read
 * from a quorum of at least `k` (≥ 2) agreeing providers, else throws.
 */
export declare function requireTrustQuorum<R extends StatementReport>(report: R, k: number): R;
/** One chain of a discount verification's holdings and how it was read, in signed order. */
export interface DiscountChainAssurance {
  /** The signed `chainId` as text (`'1'` for Ethereum). */
  readonly chainId: string;
  readonly readAssurance: ReadAssurance;
}
/**
 * Per chain read for a discount verification (a discount report's `statement`), in signed order; an
 * empty array when no chain was read; null when the statement carries no `readAssurance` (a request
 * without `assurance`) or a malformed one.
 */
export declare function discountReadAssurances(discount: unknown): ReadonlyArray<DiscountChainAssurance> | null;
/**
 * A valid discount report whose every chain read was read from a quorum of at least `k` (≥ 2)
 * agreeing providers (one that read no chain passes), else throws.
 */
export declare function requireDiscountQuorum<R extends StatementReport>(report: R, k: number): R;
/** Thrown by {@link requireQuorum}: the signatures may be valid, the reads are weaker than required. */
export declare class InsufficientAssurance extends Error {}

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

// ---- EIP-1186 proofs ------------------------------------------------------------------------

/** The steps of checking a result's Merkle proof, in the order they run (the Java SDK's ProofStep). */
export type ProofStep =
  | 'SHAPE'
  | 'BLOCK'
  | 'STATE_ROOT'
  | 'ACCOUNT_PROOF'
  | 'ACCOUNT_FIELDS'
  | 'BINDING'
  | 'STORAGE_PROOF'
  | 'DECIMALS'
  | 'VERDICT';
export declare const PROOF_STEPS: readonly ProofStep[];

/**
 * How a result's proof ended: VERIFIED (the proven state gives the signed verdict at a trusted
 * root), REJECTED (a step failed), DECLINED (the service gave `available: false` and a reason),
 * ABSENT (no proof object), NO_TRUSTED_ROOT (no trusted root for its chain and block).
 */
export type ProofStatus = 'VERIFIED' | 'REJECTED' | 'DECLINED' | 'ABSENT' | 'NO_TRUSTED_ROOT';
export type ProofSubject = 'erc20_balance' | 'account_balance' | 'account_code' | 'delegation_revocation';

/** What a result's Merkle proof established: the Java SDK's ProofVerdict (its toJson form). */
export interface ProofVerdict {
  /** The result's position in the attestation (a check's among all checks of a trust profile). */
  readonly index: number;
  readonly status: ProofStatus;
  /** The step that failed; set exactly when REJECTED. */
  readonly failedStep: ProofStep | null;
  /** Why, in words (the decline reason for DECLINED). */
  readonly detail: string;
  readonly subject: ProofSubject | string | null;
  /** The proven balance in base units or revocation flag, as decimal text. */
  readonly provenValue: string | null;
  /** The proven codeHash of an account_code proof. */
  readonly provenCodeHash: string | null;
  /** What the proof could not establish although it verified. */
  readonly limitation: string | null;
  readonly verified: boolean;
}

/** An `eth_getBlockByNumber` block object (extra members are ignored). */
export interface BlockHeader {
  number: string;
  stateRoot: string;
  [field: string]: unknown;
}

export type ChainId = number | bigint;
export type BlockNumber = number | bigint | string;

/** Sets up the trusted roots and the caller's pins. */
export declare class ProofVerifierBuilder {
  /** Trusts `stateRoot` for every result, whatever its chain and block. */
  trustStateRoot(stateRoot: string): this;
  /** Trusts `stateRoot` as the state root of `blockNumber` on `chainId`. */
  trustStateRoot(chainId: ChainId, blockNumber: BlockNumber, stateRoot: string): this;
  /**
   * Trusts the header's state root for its block if and only if the header hashes to
   * `trustedBlockHash`; otherwise the results at its block are rejected at STATE_ROOT.
   * @throws TypeError when the header lacks a field or a field is malformed
   */
  trustHeader(chainId: ChainId | null, header: BlockHeader, trustedBlockHash: string): this;
  /** The wallet the attestation is about: every proof must be of it (recommended). */
  wallet(address: string): this;
  /** The decimals of `token` on `chainId` as the caller knows them (a differing signed value is rejected). */
  tokenDecimals(chainId: ChainId, token: string, decimals: number): this;
  build(): ProofVerifier;
}

/** Checks the EIP-1186 proofs inside signed results against state roots the caller trusts. */
export declare class ProofVerifier {
  private constructor();
  static builder(): ProofVerifierBuilder;
  /** Every result's verdict of a valid attestation report; rejects when the report is not valid. */
  verify(report: VerificationReport): Promise<ProofVerdict[]>;
  /** An attestation object whose signature was checked by other means. */
  verifyResults(attestation: { results: unknown[] }): Promise<ProofVerdict[]>;
  /** The verdicts of the checks that carry a `proof` of a valid trust profile report. */
  verifyTrustProfile(report: StatementReport): Promise<ProofVerdict[]>;
  /** A `trust` object whose signature was checked by other means. */
  verifyTrustChecks(trust: { dimensions: unknown }): Promise<ProofVerdict[]>;
}

/** A proof verifier from a plain description (as the command line's options give it). */
export interface ProofVerifierConfig {
  trust?: Array<
    | { stateRoot: string; chainId?: null }
    | { stateRoot: string; chainId: ChainId; blockNumber: BlockNumber }
    | { header: BlockHeader; blockHash: string; chainId?: ChainId | null }
  >;
  wallet?: string | null;
  decimals?: Array<{ chainId: ChainId; token: string; decimals: number }>;
}
export declare function proofVerifierFrom(config: ProofVerifierConfig): ProofVerifier;

/** keccak(rlp(header)) of an `eth_getBlockByNumber` block object, Prague fields included. */
export declare function blockHeaderHash(header: BlockHeader): Uint8Array;

// ---- the pass's QR-code text ----------------------------------------------------------------

/** The first segment of every pass code (`P1.<pass>.<sig>`). */
export declare const PASS_CODE_PREFIX: 'P1';
/** The longest code accepted. */
export declare const PASS_CODE_MAX_LENGTH: number;
/** A text that is not a pass code; the message says why (the Java SDK's words). */
export declare class MalformedPassCode extends TypeError {}
/** The QR-code text of an issued pass's `data` object (`{pass, sig, kid, ...}`); the companion is left out. */
export declare function passCodeOf(data: string | { pass: object; sig: string }): string;
/**
 * The `data` object a code stands for (`{pass, sig, kid}`, kid `<namespace>-pass-v2`); `reportPass`
 * and `verifyPass` take a code directly.
 * @throws MalformedPassCode
 */
export declare function expandPassCode(
  code: string,
  namespace?: string | Namespace,
): { pass: Record<string, unknown>; sig: string; kid: string };

// ---- multi-attestation envelopes --------------------------------------------------------------

/** Where each slot's key set comes from. */
export interface KeySetSource {
  /** The key set at `location`, or a rejection saying why it could not be had. */
  resolve(location: string): Promise<KeySet>;
}
export declare const KeySetResolver: {
  /** Saved key sets by URL; any other URL fails to resolve. */
  fixed(keySets: Map<string, KeySet> | Record<string, KeySet>): KeySetSource;
  /** Fetches over HTTPS only (fetch), with a timeout (default 10 s) and a 1 MiB limit. */
  https(options?: { timeoutMs?: number }): KeySetSource;
};

/** One envelope slot's verdict; an expired slot reads `signatureValid: false`, its signature unexamined. */
export interface SlotVerdict {
  readonly issuer: string | null;
  readonly type: string | null;
  readonly kid: string | null;
  readonly signatureValid: boolean;
  readonly expired: boolean;
  /** Why the slot is not live: the exact text of the envelope format's errors. */
  readonly error: string | null;
}

export interface EnvelopeSummary {
  total: number;
  verified: number;
  expired: number;
  failed: number;
  /** Required types with no live slot, in the order the caller named them. */
  missingRequired: string[];
}

/** Valid when no required type is missing and, if no type is required, every slot is live. */
export interface EnvelopeReport {
  readonly valid: boolean;
  readonly slots: SlotVerdict[];
  readonly summary: EnvelopeSummary;
  /** Set when the envelope itself could not be read. */
  readonly error: string | null;
}

export declare class EnvelopeVerifierBuilder {
  /** The verifier's clock; default the system clock. */
  now(now: InstantLike | (() => InstantLike)): this;
  /** Off only for reading historical envelopes: an expired slot then still verifies. */
  checkExpiry(checkExpiry: boolean): this;
  /** Types that must have at least one live (verified, unexpired) slot. */
  requiredTypes(types: string[]): this;
  build(): EnvelopeVerifier;
}

/** Verifies `{v: 1, attestations: [slot...]}`: each slot alone, against the key set its `jwks` names. */
export declare class EnvelopeVerifier {
  private constructor();
  static builder(resolver: KeySetSource): EnvelopeVerifierBuilder;
  verify(envelope: string | object): Promise<EnvelopeReport>;
}

// ---- The transparency log (RFC 9162 section 2.1; C2SP tlog-checkpoint signed notes) ----
// The Java SDK's org.walletstate.verifier.tlog: LogProofs and SignedCheckpoint, same verdicts.

/** A tree size or leaf index: a whole number below 2^63 (a number must be a safe integer). */
export type TreeIndex = number | bigint;

/** `SHA-256(0x00 || data)`. */
export declare function leafHash(data: Uint8Array): Promise<Uint8Array>;
/**
 * The leaf hash of a logged statement: leaf data `"<kind> <kid> <hex SHA-256 of the signed bytes>"`
 * (`signedBytes` is the classical preimage; a string is taken as its UTF-8 bytes).
 */
export declare function statementLeafHash(
  kind: 'attestation' | 'trust' | 'discount' | 'pass' | (string & {}),
  kid: string,
  signedBytes: Uint8Array | string,
): Promise<Uint8Array>;
/** RFC 9162 2.1.3.2: whether `proof` shows `leaf` (a leaf hash) at `index` in the tree of `size` with `root`. */
export declare function verifyInclusion(
  index: TreeIndex,
  size: TreeIndex,
  leaf: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): Promise<boolean>;
/** RFC 9162 2.1.4.2: whether the tree of `second` leaves with `secondRoot` extends the one of `first` with `firstRoot`. */
export declare function verifyConsistency(
  first: TreeIndex,
  second: TreeIndex,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: Uint8Array[],
): Promise<boolean>;

/** Thrown when a checkpoint or a note key cannot be read; the message names what is malformed. */
export declare class MalformedCheckpoint extends TypeError {}

/** The `GET /v1/log/key` answer. */
export interface PublishedLogKey {
  origin?: string;
  /** Eight hex digits: the first four bytes of SHA-256 over the DER SubjectPublicKeyInfo. */
  keyId?: string;
  algorithm?: 'ES256' | (string & {});
  /** Base64 DER SubjectPublicKeyInfo of the P-256 key. */
  publicKey: string;
  /** The Ed25519 note key as a C2SP verifier key, `<origin>+<hex key id>+<base64(0x01 || key)>`. */
  ed25519VerifierKey?: string | null;
}

/** The log's note key: P-256 (ES256 lines) or Ed25519 (Ed25519 lines). */
export declare class LogKey {
  private constructor();
  /**
   * From a base64 SubjectPublicKeyInfo, the `GET /v1/log/key` answer (its P-256 key), or an Ed25519
   * C2SP verifier key string (`<name>+<hex key id>+<base64(0x01 || key)>`).
   * @throws MalformedCheckpoint when it is neither, not ES256, or its key id is not the key's
   */
  static from(published: string | PublishedLogKey | { data: PublishedLogKey }): Promise<LogKey>;
  /** The WebCrypto `CryptoKey` (ECDSA P-256 or Ed25519, verify). */
  readonly cryptoKey: object;
  readonly algorithm: 'ES256' | 'Ed25519';
  /** The P-256 key's DER SubjectPublicKeyInfo; null for an Ed25519 key. */
  readonly spki: Uint8Array | null;
  /** The P-256 key's id; null for an Ed25519 key, whose id depends on the note's name. */
  readonly keyId: Uint8Array | null;
  readonly keyIdHex: string | null;
  /** The Ed25519 key's 32 bytes; null for a P-256 key. */
  readonly raw: Uint8Array | null;
}

/** A checkpoint as `GET /v1/log/checkpoint` serves it. */
export declare class SignedCheckpoint {
  private constructor();
  /** @throws MalformedCheckpoint naming what is malformed */
  static parse(note: string): SignedCheckpoint;
  /** The signed text: everything up to the blank line, its newline included. */
  readonly body: string;
  readonly origin: string;
  readonly size: bigint;
  readonly root: Uint8Array;
  /** The lines after the root hash (the service writes `time <unix seconds>`). */
  readonly extensions: readonly string[];
  readonly signatures: readonly (readonly [name: string, signature: string])[];
  /** Whether a signature line named as the origin carries a valid signature by `key` (ES256 or Ed25519) over the body. */
  signedBy(key: LogKey): Promise<boolean>;
}
