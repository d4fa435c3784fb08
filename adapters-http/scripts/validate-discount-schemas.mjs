// Validates the `discounts` object of an ACP or UCP discount answer against the protocol's
// published JSON Schema (src/test/resources/commerce-schemas), with Ajv in draft 2020-12 mode and
// formats asserted. Usage: node scripts/validate-discount-schemas.mjs acp|ucp <answer.json>
// Prints {"valid": true} or {"valid": false, "errors": [...]} and exits 0 either way (2 on misuse).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const [protocol, file] = process.argv.slice(2);
if (!['acp', 'ucp'].includes(protocol) || !file) {
  console.error('usage: validate-discount-schemas.mjs acp|ucp <answer.json>');
  process.exit(2);
}
const dir = new URL('../src/test/resources/commerce-schemas/', import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
let target;
if (protocol === 'acp') {
  const schema = load('acp-2026-04-17-schema.discount.json');
  ajv.addSchema(schema);
  target = schema.$id + '#/$defs/discounts_response';
} else {
  ajv.addSchema(load('ucp-amount.json'));
  ajv.addSchema(load('ucp-reverse_domain_name.json'));
  const schema = load('ucp-discount.json');
  ajv.addSchema(schema);
  target = schema.$id + '#/$defs/discounts_object';
}
const validate = ajv.getSchema(target);
const answer = JSON.parse(readFileSync(file, 'utf8'));
const discounts = answer?.data?.discounts ?? answer;
const valid = validate(discounts);
console.log(JSON.stringify(valid ? { valid: true } : { valid: false, errors: validate.errors }));
