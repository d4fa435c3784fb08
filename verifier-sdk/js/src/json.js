// The JSON forms signed bytes are made of. JavaScript's own JSON.stringify writes every value
// (numbers included) the way the issuer does; what is added here is the key order of the
// canonical form and a nesting bound, so an attacker-sized artifact is refused, not walked.

/** Deepest nesting any walk accepts, counting its root as depth 0 (as the Java SDK). */
export const MAX_DEPTH = 128;

/** A value nested past {@link MAX_DEPTH}: a refusal, never a pass. */
export class NestingTooDeep extends Error {
  constructor() {
    super(`artifact nests deeper than ${MAX_DEPTH} levels; refusing to serialize it`);
    this.name = 'NestingTooDeep';
  }
}

export function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Throws {@link NestingTooDeep} when `value` nests deeper than `limit` below its root. */
export function requireDepthAtMost(value, limit = MAX_DEPTH, depth = 0) {
  if (value === null || typeof value !== 'object') return;
  if (depth > limit) throw new NestingTooDeep();
  for (const inner of Array.isArray(value) ? value : Object.values(value)) {
    requireDepthAtMost(inner, limit, depth + 1);
  }
}

/** Keys sorted by UTF-16 code units at every level, arrays in order, no whitespace. */
export function canonical(value, limit = MAX_DEPTH) {
  requireDepthAtMost(value, limit);
  return JSON.stringify(sortedCopy(value));
}

function sortedCopy(value) {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (!isObject(value)) return value;
  const out = {};
  for (const name of Object.keys(value).sort()) out[name] = sortedCopy(value[name]);
  return out;
}

/** `JSON.stringify(value)` with the nesting bound. */
export function stringify(value, limit = MAX_DEPTH) {
  requireDepthAtMost(value, limit);
  return JSON.stringify(value);
}

/**
 * `JSON.stringify(object, Object.keys(object).sort())`: the sorted top-level names as an allow-list
 * at every level. The v1 condition-hash form.
 */
export function stringifySortedTopLevel(object) {
  if (!isObject(object)) throw new TypeError('the allow-list form needs a JSON object');
  requireDepthAtMost(object);
  return JSON.stringify(object, Object.keys(object).sort());
}

/**
 * The path of the first difference between two parsed JSON values, or null when they are deeply
 * equal (numbers compared as `===`). Past the nesting bound it throws: what cannot be compared is
 * not equal.
 */
export function firstDifference(a, b, path = '', depth = 0) {
  if (depth > MAX_DEPTH) throw new NestingTooDeep();
  if (a === undefined || b === undefined) return a === b ? null : path;
  if (isObject(a) && isObject(b)) {
    for (const name of Object.keys(a)) if (!Object.hasOwn(b, name)) return join(path, name);
    for (const name of Object.keys(b)) if (!Object.hasOwn(a, name)) return join(path, name);
    for (const name of Object.keys(a)) {
      const inner = firstDifference(a[name], b[name], join(path, name), depth + 1);
      if (inner !== null) return inner;
    }
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return path;
    for (let i = 0; i < a.length; i++) {
      const inner = firstDifference(a[i], b[i], `${path}[${i}]`, depth + 1);
      if (inner !== null) return inner;
    }
    return null;
  }
  if (typeof a === 'object' && a !== null) return path;
  if (typeof b === 'object' && b !== null) return path;
  return a === b ? null : path;
}

function join(path, name) {
  return path === '' ? name : `${path}.${name}`;
}

/** JavaScript truthiness of a member (absent is falsy). */
export function truthy(value) {
  return Boolean(value);
}

/** A string member, or null. */
export function textOrNull(value) {
  return typeof value === 'string' ? value : null;
}

/** Parse-time nesting bound (as the Java SDK); the walkers refuse at 128 with their own verdict. */
const MAX_PARSE_DEPTH = 1000;

/**
 * `JSON.parse`, refusing what two parsers could read differently: duplicate member names (where
 * `JSON.parse` silently keeps the last) and nesting past {@link MAX_PARSE_DEPTH}. Throws a
 * TypeError whose message starts with `malformed JSON:`.
 */
export function parseStrict(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new TypeError(`malformed JSON: ${e.message}`);
  }
  scanMembers(text);
  return value;
}

/** Walks well-formed JSON text once: object member names per object, and the depth. */
function scanMembers(text) {
  const frames = [];
  let expectName = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const end = stringEnd(text, i);
      const frame = frames[frames.length - 1];
      if (frame?.names && expectName) {
        const name = JSON.parse(text.slice(i, end + 1));
        if (frame.names.has(name)) throw new TypeError(`malformed JSON: duplicate member name "${name}"`);
        frame.names.add(name);
        expectName = false;
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      if (frames.length >= MAX_PARSE_DEPTH) {
        throw new TypeError(`malformed JSON: nesting depth exceeds ${MAX_PARSE_DEPTH}`);
      }
      frames.push(ch === '{' ? { names: new Set() } : {});
      expectName = ch === '{';
    } else if (ch === '}' || ch === ']') {
      frames.pop();
    } else if (ch === ',') {
      expectName = Boolean(frames[frames.length - 1]?.names);
    }
  }
}

function stringEnd(text, start) {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}
