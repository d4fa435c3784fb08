// Offline verifier for the service's signed answers. Same checks, verdict names and report shape
// as the Java SDK (org.walletstate.verifier); runs in Node 20+ and in browsers (WebCrypto).
import { policyOf } from './policy.js';
import { reportAttestation, reportToken, conditionHash } from './attestation.js';
import { reportDiscount, reportPass, reportTrustProfile } from './whole.js';

export { KeySet } from './keys.js';
export { Namespace, ROLES, ATTESTATION, TRUST_PROFILE, PASS, DISCOUNT } from './statements.js';
export { canonical, stringifySortedTopLevel, MAX_DEPTH, NestingTooDeep } from './json.js';
export { conditionHash };
export {
  readAssuranceOf,
  isQuorumOf,
  requireQuorum,
  trustReadAssurances,
  requireTrustQuorum,
  discountReadAssurances,
  requireDiscountQuorum,
  InsufficientAssurance,
} from './read-assurance.js';
export { ProofVerifier, PROOF_STEPS } from './proofs.js';
export { ProofVerifierBuilder } from './proof-builder.js';
export { blockHeaderHash } from './header.js';
export { EnvelopeVerifier, EnvelopeVerifierBuilder, KeySetResolver } from './envelope.js';
export { expandPassCode, passCodeOf, MalformedPassCode, PASS_CODE_PREFIX, PASS_CODE_MAX_LENGTH } from './pass-code.js';
export { proofVerifierFrom } from './proof-config.js';
export {
  leafHash,
  statementLeafHash,
  verifyInclusion,
  verifyConsistency,
  SignedCheckpoint,
  LogKey,
  MalformedCheckpoint,
} from './tlog.js';

/** Thrown by the `verify*` methods: names the first failed check and carries the whole report. */
export class VerificationRejected extends Error {
  constructor(report) {
    const check = report.failedChecks[0];
    super(`${check} check failed: ${report.checks[check].reason ?? ''}`);
    this.name = 'VerificationRejected';
    this.check = check;
    this.report = report;
  }
}

function accepted(report) {
  if (!report.valid) throw new VerificationRejected(report);
  return report;
}

/**
 * A verifier bound to a key set and a policy. Instances hold no mutable state and may be shared.
 *
 * @param {import('./index.d.ts').VerifierOptions} options
 */
export function createVerifier(options) {
  const policy = policyOf(options);
  return Object.freeze({
    namespace: policy.namespace.word,
    /** Every verdict on an attestation (whole response, its data, tokens-only wrapper, or bare JWT). */
    report: (input) => reportAttestation(policy, input),
    reportToken: (jwt, pqJwt = null) => reportToken(policy, jwt, pqJwt),
    reportTrustProfile: (input) => reportTrustProfile(policy, input),
    reportPass: (input) => reportPass(policy, input),
    reportDiscount: (input) => reportDiscount(policy, input),
    /** The report when every check passed; otherwise throws {@link VerificationRejected}. */
    verify: async (input) => accepted(await reportAttestation(policy, input)),
    verifyToken: async (jwt, pqJwt = null) => accepted(await reportToken(policy, jwt, pqJwt)),
    verifyTrustProfile: async (input) => accepted(await reportTrustProfile(policy, input)),
    verifyPass: async (input) => accepted(await reportPass(policy, input)),
    verifyDiscount: async (input) => accepted(await reportDiscount(policy, input)),
  });
}
