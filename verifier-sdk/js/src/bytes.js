// Byte and text helpers that run the same in Node 20+ and in browsers (WebCrypto, atob).

const encoder = new TextEncoder();

export function utf8(text) {
  return encoder.encode(text);
}

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `tag LF body`: the first line of a domain-separated preimage, then the body. */
export function tagged(tag, body) {
  return concat(utf8(tag), Uint8Array.of(0x0a), body);
}

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_SAFE = /^[A-Za-z0-9_-]*={0,2}$/;

/** Standard base64, padding optional; anything else (whitespace, other letters) throws. */
export function fromBase64(text) {
  return decode(text, STANDARD, false);
}

/** URL-safe base64, padding optional. */
export function fromBase64Url(text) {
  return decode(text, URL_SAFE, true);
}

function decode(text, alphabet, urlSafe) {
  if (typeof text !== 'string' || !alphabet.test(text)) throw new TypeError('not base64');
  const body = text.replace(/=+$/, '');
  const padding = text.length - body.length;
  if (body.length % 4 === 1 || (padding > 0 && text.length % 4 !== 0)) {
    throw new TypeError('not base64');
  }
  const standard = urlSafe ? body.replaceAll('-', '+').replaceAll('_', '/') : body;
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function hex(bytes) {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * Milliseconds since the epoch of an ISO 8601 date-time with a zone (`2026-08-28T22:25:11.944Z`
 * or with an offset), or null when `text` is not one.
 */
export function parseInstant(text) {
  if (typeof text !== 'string') return null;
  const m = ISO.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  const millis = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0').slice(0, 3));
  let offset = 0;
  if (m[8] !== 'Z') {
    const [h, mm, ss = '0'] = m[8].slice(1).split(':');
    if (Number(h) > 18 || Number(mm) > 59 || Number(ss) > 59) return null;
    offset = (m[8][0] === '-' ? -1 : 1) * (Number(h) * 3600 + Number(mm) * 60 + Number(ss)) * 1000;
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, millis);
  return utc.getTime() - offset;
}

/** `2026-08-28T22:55:11Z`, as Java's Instant prints it (fraction only when there is one). */
export function instantText(millis) {
  const iso = new Date(millis).toISOString();
  return iso.endsWith('.000Z') ? iso.slice(0, -5) + 'Z' : iso;
}
