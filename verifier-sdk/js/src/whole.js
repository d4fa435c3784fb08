// Statements signed whole: trust profiles (and batch entries), in-store passes and discount
// verifications. Each is the common checks plus the type's own anchors and place.
import { firstDifference, isObject, parseStrict, truthy } from './json.js';
import { malformed, report } from './policy.js';
import { DISCOUNT, PASS, TRUST_PROFILE } from './statements.js';
import { checkStatement, hasSignature, instant, issuance } from './statement-checks.js';
import { MalformedPassCode, expandPassCode, isPassCode } from './pass-code.js';

const CHECKS = ['signature', 'freshness', 'expiry'];
const PASS_LIFETIME_MS = 65_000;

function wholeRules(type) {
  return {
    holder: (root) => (isObject(root) && isObject(root.data) && truthy(root.data[type.name]) ? root.data : root),
    shapeProblem(holder) {
      const statement = isObject(holder) ? holder[type.name] : undefined;
      if (!isObject(statement)) return this.missingStatement;
      if (type.missingMember(statement) !== null) {
        return `object is not a ${type.noun} (expected ${type.required.map(([name]) => name).join(', ')})`;
      }
      return hasSignature(holder) ? null : this.missingSignature;
    },
    missingStatement: `missing ${type.noun} (expected data.${type.name} or ${type.name})`,
    missingSignature: 'missing signature (expected data.sig or sig)',
  };
}

const trustRules = {
  ...wholeRules(TRUST_PROFILE),
  /** profiledAt, then the blockTimestamp of every evaluated check. */
  anchors(trust, profiledAt) {
    const out = [issuance(TRUST_PROFILE, profiledAt, 'profile')];
    for (const [dimension, value] of Object.entries(trust.dimensions)) {
      const checks = isObject(value) ? value.checks : undefined;
      if (!Array.isArray(checks)) continue;
      for (const check of checks) {
        const stamp = isObject(check) ? check.blockTimestamp : undefined;
        if (typeof stamp !== 'string') continue; // unevaluated checks and non-EVM anchors carry none
        const name = `dimension "${dimension}"`;
        out.push({
          at: instant(stamp),
          unreadable: `${name} has a blockTimestamp that is not a timestamp`,
          tooOld: (s) => `${name} on-chain data is ${s}s old`,
        });
      }
    }
    return out;
  },
};

const passRules = {
  ...wholeRules(PASS),
  anchors: (pass, issuedAt) => [issuance(PASS, issuedAt, 'pass')],
  expiryBindingProblem(pass, expiresAt) {
    const issuedAt = instant(pass.issuedAt);
    if (issuedAt === null) return 'issuedAt is not a timestamp';
    return expiresAt > issuedAt + PASS_LIFETIME_MS ? `expiresAt is more than ${PASS_LIFETIME_MS / 1000}s after issuedAt` : null;
  },
};

/** The members of a verification block that repeat a signed member, and must equal it. */
const DISCOUNT_COPIES = ['code', 'expiresAt', 'walletProven', 'discountIfProven'];

const discountRules = {
  ...wholeRules(DISCOUNT),
  holder(root) {
    if (isObject(root) && isObject(root.data) && root.data.verification !== undefined) return root.data.verification;
    return isObject(root) && root.verification !== undefined ? root.verification : root;
  },
  shapeProblem(holder) {
    if (!isObject(holder)) return 'missing verification block (expected data.verification or verification)';
    const problem = wholeRules(DISCOUNT).shapeProblem.call(this, holder);
    if (problem !== null) return problem;
    for (const copy of DISCOUNT_COPIES) {
      const beside = holder[copy];
      if (beside !== undefined && beside !== null && firstDifference(beside, holder.discount[copy]) !== null) {
        return `verification.${copy} is not the signed discount.${copy}`;
      }
    }
    return null;
  },
  missingStatement: 'missing signed discount verification (expected verification.discount)',
  missingSignature: 'missing signature (expected verification.sig)',
  anchors: (discount, createdAt) => [issuance(DISCOUNT, createdAt, 'verification')],
};

async function reportWhole(policy, type, rules, input) {
  let root = input;
  if (typeof input === 'string') {
    try {
      root = parseStrict(input.trim());
    } catch (e) {
      return malformed(CHECKS, e.message);
    }
  }
  const checked = await checkStatement(policy, type, rules, root);
  if (checked.malformed) return malformed(CHECKS, checked.malformed);
  return report(checked.verdicts, checked.pq, checked.kid, { statement: checked.statement });
}

export const reportTrustProfile = (policy, input) => reportWhole(policy, TRUST_PROFILE, trustRules, input);
/** An issued pass, its `data`, or the QR code's text (`P1.…`, checked as the data it stands for). */
export async function reportPass(policy, input) {
  if (!isPassCode(input)) return reportWhole(policy, PASS, passRules, input);
  let data;
  try {
    data = expandPassCode(input, policy.namespace);
  } catch (e) {
    if (e instanceof MalformedPassCode) return malformed(CHECKS, e.message);
    throw e;
  }
  return reportWhole(policy, PASS, passRules, data);
}
export const reportDiscount = (policy, input) => reportWhole(policy, DISCOUNT, discountRules, input);
