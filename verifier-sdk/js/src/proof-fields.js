// The members of a signed proof object, read as the Java SDK reads them (Jackson's asText,
// asBoolean and canConvertToInt), and the verdict record both SDKs report.
import { hex } from './bytes.js';
import { fromHex } from './trie.js';

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A failed step; carries the step (the Java SDK's ProofStep name). */
export class StepFailed extends Error {
  constructor(step, message) {
    super(message);
    this.step = step;
  }
}

export const fail = (step, message) => new StepFailed(step, message);

/**
 * One result's proof verdict: the Java SDK's ProofVerdict, its optionals as null, the proven value
 * as a decimal string.
 */
export function verdict(index, status, failedStep, detail, extra = {}) {
  return Object.freeze({
    index,
    status,
    failedStep,
    detail,
    subject: extra.subject ?? null,
    provenValue: extra.provenValue === undefined || extra.provenValue === null ? null : extra.provenValue.toString(),
    provenCodeHash: extra.provenCodeHash ?? null,
    limitation: extra.limitation ?? null,
    verified: status === 'VERIFIED',
  });
}

/** Jackson's asText(default): text as is, numbers and booleans as written, containers as "". */
export function asText(value, missing = '') {
  if (value === undefined || value === null) return missing;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Jackson's asBoolean(default): booleans, the texts "true"/"false", numbers other than zero. */
export function asBoolean(value, missing) {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim();
    return t === 'true' ? true : t === 'false' ? false : missing;
  }
  if (typeof value === 'number') return value !== 0;
  return missing;
}

/** A JSON number that converts to a 32-bit int (truncated), else null. */
export function toInt(value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -2147483648 || value > 2147483647) return null;
  return Math.trunc(value);
}

export function nodes(parent, name) {
  const array = parent[name];
  if (!Array.isArray(array)) throw fail('SHAPE', `${name} is not an array`);
  return array.map((node) => {
    if (typeof node !== 'string' || !HEX_BYTES.test(node)) throw fail('SHAPE', `${name} holds something other than hex bytes`);
    return fromHex(node.slice(2));
  });
}

export function quantity(parent, name) {
  const node = parent[name];
  if (typeof node !== 'string' || !QUANTITY.test(node)) throw fail('SHAPE', `${name} is not a hex quantity`);
  return BigInt(node);
}

export function word(parent, name) {
  const node = parent[name];
  if (typeof node !== 'string' || node.length !== 66 || !HEX_BYTES.test(node)) throw fail('SHAPE', `${name} is not 32 bytes of hex`);
  return fromHex(node.slice(2));
}

export function address(parent, name) {
  const node = parent[name];
  if (typeof node !== 'string' || !ADDRESS.test(node)) throw fail('SHAPE', `${name} is not an address`);
  return node;
}

/** A quantity as a 32-byte big-endian word (a quantity has at most 64 hex digits). */
export function pad32(value) {
  return fromHex(value.toString(16).padStart(64, '0'));
}

export const hexWord = (bytes) => '0x' + hex(bytes);
