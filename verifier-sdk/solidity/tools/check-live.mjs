// Runs the on-chain checks (checks.mjs) over answers of the running service, on an Osaka chain
// (EIP-7951) and an OP Stack Isthmus chain (RIP-7212):
//
//   node tools/check-live.mjs corpus.json report.json
//
// corpus.json: {"jwks": <GET /v1/jwks>, "tokens": {"valid", "second", "v1", "failed", "otherWallet"}}
// (each the `data.jwt` of an answer requested with `format: "jwt"`). Prints one line per check and
// "onchain: N passed, M failed"; writes the gas figures to report.json; exits 1 when a check failed.
import { readFileSync, writeFileSync } from 'node:fs';
import { startChain } from './chain.mjs';
import { runChecks } from './checks.mjs';

const [corpusFile, reportFile] = process.argv.slice(2);
if (!corpusFile || !reportFile) {
  console.error('usage: check-live.mjs corpus.json report.json');
  process.exit(2);
}
const corpus = JSON.parse(readFileSync(corpusFile, 'utf8'));
let passed = 0;
let failed = 0;
const gas = [];
for (const name of ['osaka', 'isthmus']) {
  const chain = await startChain(name);
  try {
    const result = await runChecks(chain, corpus);
    for (const line of result.lines) console.log(`${name}: ${line}`);
    passed += result.passed;
    failed += result.failed;
    gas.push(result.gas);
  } finally {
    await chain.stop();
  }
}
writeFileSync(reportFile, JSON.stringify({ gas }, null, 2));
console.log(`onchain: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
