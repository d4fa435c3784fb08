// Validates a server.json document (the MCP registry's server description) against the registry's
// published JSON Schema (src/test/resources/mcp-registry/server.schema.json, draft-07) with Ajv,
// formats asserted. Usage: node scripts/validate-server-json.mjs <server.json>
// Prints {"valid": true, "schema": "<$id>"} or {"valid": false, ...errors} and exits 0 either way
// (2 on misuse).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const addFormats = require('ajv-formats').default;

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: validate-server-json.mjs <server.json>');
  process.exit(2);
}
const schema = JSON.parse(
  readFileSync(new URL('../src/test/resources/mcp-registry/server.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const document = JSON.parse(readFileSync(file, 'utf8'));
const valid = validate(document);
console.log(
  JSON.stringify(
    valid ? { valid: true, schema: schema.$id } : { valid: false, schema: schema.$id, errors: validate.errors },
  ),
);
