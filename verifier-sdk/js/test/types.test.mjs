// The declarations (src/index.d.ts) as a TypeScript caller sees them: `tsc --noEmit` in strict mode
// over test/types/consumer.ts, which imports the package by its name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('a strict TypeScript consumer type-checks against the declarations', () => {
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const project = fileURLToPath(new URL('./types/tsconfig.json', import.meta.url));
  const r = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
