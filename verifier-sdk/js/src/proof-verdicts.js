// The last step of a proof check: does the proven value give the signed verdict? A balance against
// the condition's threshold in base units, a codeHash against the condition's expected code state.
import { fail, asBoolean, asText, hexWord, verdict } from './proof-fields.js';
import { EMPTY_CODE_HASH, fromHex, keccak, sameBytes } from './trie.js';

const DECIMAL = /^[+-]?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DESIGNATOR_PREFIX = Uint8Array.of(0xef, 0x01, 0x00);
const ZERO_WORD = new Uint8Array(32);
// exponents past this are refused rather than expanded (the service signs thresholds as plain text)
const MAX_EXPONENT = 100_000;

/** A decimal (a JSON number or Java BigDecimal text) as unscaled × 10^exponent. */
function decimal(node) {
  const text = typeof node === 'number' && Number.isFinite(node) ? String(node) : typeof node === 'string' ? node : null;
  const m = text === null ? null : DECIMAL.exec(text);
  if (m === null) throw fail('VERDICT', "the condition's threshold is not a number");
  const whole = m[1] ?? '';
  const fraction = m[2] ?? m[3] ?? '';
  const exponent = Number(m[4] ?? '0') - fraction.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) {
    throw fail('VERDICT', "the condition's threshold is not a number");
  }
  const unscaled = BigInt((whole + fraction).replace(/^0+(?=\d)/, '') || '0');
  return { unscaled: text.startsWith('-') ? -unscaled : unscaled, exponent };
}

/** Java's stripTrailingZeros().toPlainString(). */
function plain({ unscaled, exponent }) {
  if (unscaled === 0n) return '0';
  let u = unscaled;
  let e = exponent;
  while (u % 10n === 0n) {
    u /= 10n;
    e++;
  }
  const sign = u < 0n ? '-' : '';
  const digits = (u < 0n ? -u : u).toString();
  if (e >= 0) return sign + digits + '0'.repeat(e);
  const padded = digits.padStart(-e + 1, '0');
  return `${sign}${padded.slice(0, padded.length + e)}.${padded.slice(padded.length + e)}`;
}

/** -1, 0 or 1 as `value` compares with unscaled × 10^exponent. */
function compare(value, { unscaled, exponent }) {
  const [a, b] = exponent >= 0 ? [value, unscaled * 10n ** BigInt(exponent)] : [value * 10n ** BigInt(-exponent), unscaled];
  return a < b ? -1 : a > b ? 1 : 0;
}

export function balanceVerdict(index, result, condition, value, decimals, subject) {
  const threshold = decimal(condition.threshold);
  const baseUnits = { unscaled: threshold.unscaled, exponent: threshold.exponent + decimals };
  // a trust profile's presence fact is "gt"; attest's balances are "at least"
  const above = asText(condition.operator) === 'gt';
  const compared = compare(value, baseUnits);
  const provenMet = above ? compared > 0 : compared >= 0;
  const met = asBoolean(result.met, false);
  const units = plain(baseUnits);
  if (provenMet !== met) {
    const relation = above ? (provenMet ? 'above' : 'not above') : provenMet ? 'at least' : 'below';
    throw fail(
      'VERDICT',
      `the proven balance ${value} is ${relation} the threshold of ${units} base units, but the result says met ${met}`,
    );
  }
  return verdict(index, 'VERIFIED', null, `the proven balance ${met ? 'meets' : 'is below'} the threshold of ${units} base units`, {
    subject,
    provenValue: value,
  });
}

export function codeVerdict(index, result, condition, codeHash) {
  const met = asBoolean(result.met, false);
  const expect = asText(condition.expect);
  const empty = sameBytes(codeHash, EMPTY_CODE_HASH) || sameBytes(codeHash, ZERO_WORD);
  let limitation = null;
  let provenMet;
  switch (expect) {
    case 'none':
      provenMet = empty;
      break;
    case 'eip7702':
      if (condition.delegate !== undefined && condition.delegate !== null) {
        const delegate = asText(condition.delegate);
        if (!ADDRESS.test(delegate)) throw fail('SHAPE', "the condition's delegate is not an address");
        const designator = new Uint8Array(23);
        designator.set(DESIGNATOR_PREFIX);
        designator.set(fromHex(delegate.slice(2)), 3);
        provenMet = sameBytes(codeHash, keccak(designator));
      } else if (empty) {
        provenMet = false;
      } else {
        provenMet = met;
        limitation = 'code is present; whether it is an EIP-7702 designator cannot be told from its hash without the delegate';
      }
      break;
    case 'contract':
      if (empty) {
        provenMet = false;
      } else {
        provenMet = met;
        limitation = 'code is present; that it is not an EIP-7702 designator cannot be told from its hash';
      }
      break;
    default:
      throw fail('SHAPE', `unknown expect ${expect}`);
  }
  const hash = hexWord(codeHash);
  if (provenMet !== met) throw fail('VERDICT', `the proven codeHash ${hash} does not give expect ${expect} met ${met}`);
  return verdict(index, 'VERIFIED', null, `the proven codeHash ${met ? 'shows' : 'does not show'} code state ${expect}`, {
    subject: 'account_code',
    provenCodeHash: hash,
    limitation,
  });
}
