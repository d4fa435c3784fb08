// The library path (everything src/index.js reaches) uses no Node-only API, so the package runs in
// browsers: no `node:` module, no Buffer, no process. The command line (src/cli*.js, bin/) is Node's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);

function reached(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(new URL(file, src), 'utf8');
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.\/[^']+)'/g)) reached(m[1].slice(2), seen);
  return seen;
}

test('the library path imports no Node module and touches no Node global', () => {
  const files = [...reached('index.js')];
  assert.ok(files.includes('proofs.js') && files.includes('trie.js') && files.includes('envelope.js'), files.join(', '));
  assert.ok(!files.some((f) => f.startsWith('cli')), 'the command line is not part of the library');
  for (const file of files) {
    const text = readFileSync(new URL(file, src), 'utf8').replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(text, /from\s+'node:|require\(|\bBuffer\b|\bprocess\./, file);
  }
});
