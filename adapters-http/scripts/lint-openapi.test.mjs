// node --test scripts/  — the OpenAPI lint passes the shipped document and fails a broken copy.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'main', 'resources', 'META-INF', 'openapi.yaml');

function lint(document) {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  return spawnSync(process.execPath, [join(root, 'scripts', 'lint-openapi.mjs'), file], { encoding: 'utf8' });
}

const shipped = () => parse(readFileSync(source, 'utf8'));

test('the document as written lints without errors', () => {
  const run = lint(shipped());
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test('an example that breaks its schema fails the lint', () => {
  const broken = shipped();
  broken.paths['/v1/keys/create'].post.responses['200'].content['application/json'].examples.created.value.dailyLimit = 'many';
  const run = lint(broken);
  assert.notEqual(run.status, 0);
  assert.match(run.stdout + run.stderr, /error +no-invalid-media-type-examples/);
});

test('a dangling $ref, a bad type and an operation without 4xx fail the lint', () => {
  const broken = shipped();
  broken.paths['/v1/jwks'].get.responses['200'] = { $ref: '#/components/responses/Nope' };
  broken.components.schemas.Meta.properties.version = { type: 'strng' };
  const credits = broken.paths['/v1/credits'].get.responses;
  for (const status of Object.keys(credits)) if (status.startsWith('4')) delete credits[status];
  const run = lint(broken);
  assert.notEqual(run.status, 0);
  const out = run.stdout + run.stderr;
  assert.match(out, /error +no-unresolved-refs/);
  assert.match(out, /error +struct +`type` can be one of/);
  assert.match(out, /error +operation-4xx-response/);
});
