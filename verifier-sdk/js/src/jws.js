// Compact JWS: the parsed parts (for reading claims and binding the companion), and the ES256
// signature checked with a stock JOSE library.
import { compactVerify } from 'jose';
import { fromBase64Url, utf8 } from './bytes.js';
import { isObject, parseStrict } from './json.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

function segment(encoded, name) {
  let value;
  try {
    value = parseStrict(decoder.decode(fromBase64Url(encoded)));
  } catch {
    throw new TypeError(`malformed ${name}`);
  }
  if (!isObject(value)) throw new TypeError(`${name} is not a JSON object`);
  return value;
}

/** Splits and parses a compact JWS, or throws naming why. */
export function parseCompact(token) {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TypeError('expected 3 dot-separated segments');
  const header = segment(parts[0], 'header');
  const payload = segment(parts[1], 'payload');
  let signature;
  try {
    signature = fromBase64Url(parts[2]);
  } catch {
    throw new TypeError('signature segment is not base64url');
  }
  return {
    token,
    header,
    payload,
    headerSegment: parts[0],
    payloadSegment: parts[1],
    signature,
    signingInput: utf8(`${parts[0]}.${parts[1]}`),
    headerText(name) {
      return typeof header[name] === 'string' ? header[name] : null;
    },
  };
}

/** The ES256 token's verdict under `key` (a WebCrypto key), checked by `jose`. */
export async function tokenSignature(jws, key) {
  const alg = jws.headerText('alg');
  if (alg !== 'ES256') return { passed: false, reason: `unsupported JWT algorithm: ${alg}` };
  try {
    await compactVerify(jws.token, key, { algorithms: ['ES256'] });
    return { passed: true, reason: null };
  } catch {
    return { passed: false, reason: 'JWT signature does not match its payload' };
  }
}
