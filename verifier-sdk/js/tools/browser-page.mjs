// The page's script in test/browser.test.mjs (bundled with the package by esbuild for the
// browser): fetches the inputs, runs browser-cases.mjs, and posts the reports, or the error, back.
import { browserCases } from './browser-cases.mjs';

async function post(body) {
  await fetch('/result', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

try {
  const inputs = await (await fetch('/inputs.json')).json();
  const environment = { subtle: typeof crypto.subtle, buffer: typeof globalThis.Buffer, process: typeof globalThis.process };
  await post({ environment, cases: await browserCases(inputs) });
} catch (e) {
  await post({ error: `${e?.stack ?? e}` });
}
