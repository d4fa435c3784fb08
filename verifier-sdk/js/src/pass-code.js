// The compact text of a pass that a QR code carries: `P1.<pass>.<sig>`, where <pass> is the unpadded
// base64url of the pass's canonical JSON (exactly the bytes after the V2 tag line of its preimage)
// and <sig> the unpadded base64url of its 64-byte P-256 signature. The kid is implied
// (`<ns>-pass-v2`); the ML-DSA-65 companion is left out, as it would not fit a QR code a phone
// camera reads reliably. A code expands to the `data` object it stands for, checked like any issued
// pass (its companion then reports absent). The Java SDK's PassCode, with its reasons.
import { fromBase64, fromBase64Url, utf8 } from './bytes.js';
import { canonical, isObject, parseStrict } from './json.js';
import { Namespace, ROLES } from './statements.js';

/** The first segment of every code of this layout. */
export const PASS_CODE_PREFIX = 'P1';
/** The longest code accepted: a pass is about 110 bytes. */
export const PASS_CODE_MAX_LENGTH = 1024;

/** A text that is not a pass code; the message says why. */
export class MalformedPassCode extends TypeError {}

/** Whether a text is meant as a pass code (it starts with `P1.`, whitespace aside). */
export const isPassCode = (text) => typeof text === 'string' && text.trim().startsWith(`${PASS_CODE_PREFIX}.`);

function toBase64(bytes, urlSafe) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const standard = btoa(binary);
  return urlSafe ? standard.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '') : standard;
}

/**
 * The code of an issued pass's `data` object (`{pass, sig, kid, pqSig, pqKid}`).
 *
 * @throws {TypeError} when the object holds no signed pass
 */
export function passCodeOf(data) {
  const holder = typeof data === 'string' ? parseStrict(data) : data;
  if (!isObject(holder) || !isObject(holder.pass) || typeof holder.sig !== 'string') {
    throw new TypeError('not an issued pass: expected {pass, sig, kid, ...}');
  }
  return `${PASS_CODE_PREFIX}.${toBase64(utf8(canonical(holder.pass)), true)}.${toBase64(fromBase64(holder.sig), true)}`;
}

/**
 * The `data` object `{pass, sig, kid}` a code stands for, in `namespace`.
 *
 * @throws {MalformedPassCode} when the text is not a code of this layout
 */
export function expandPassCode(code, namespace = new Namespace()) {
  if (typeof code !== 'string' || code.length === 0) throw new MalformedPassCode('the pass code is empty');
  const text = code.trim();
  if (text.length > PASS_CODE_MAX_LENGTH) {
    throw new MalformedPassCode(`the pass code is longer than ${PASS_CODE_MAX_LENGTH} characters`);
  }
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== PASS_CODE_PREFIX) {
    throw new MalformedPassCode(`the pass code must be ${PASS_CODE_PREFIX}.<pass>.<signature> (three dot-separated parts)`);
  }
  let passBytes;
  let signature;
  try {
    passBytes = fromBase64Url(parts[1]);
    signature = fromBase64Url(parts[2]);
  } catch {
    throw new MalformedPassCode("the pass code's parts must be unpadded base64url");
  }
  let pass;
  try {
    pass = parseStrict(new TextDecoder().decode(passBytes));
  } catch (e) {
    throw new MalformedPassCode(`the pass code's pass is not JSON: ${e.message}`);
  }
  if (!isObject(pass)) throw new MalformedPassCode("the pass code's pass is not a JSON object");
  const ns = typeof namespace === 'string' ? new Namespace(namespace) : namespace;
  return { pass, sig: toBase64(signature, false), kid: ns.kid(ROLES.PASS_V2) };
}
