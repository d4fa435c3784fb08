// The verifier and the example gate on anvil chains with and without P256VERIFY, over tokens in
// the service's layout signed by a key of this test. Live answers of the running service go
// through the same checks in adapters-http's LiveAnswersOnChainTest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startChain } from '../tools/chain.mjs';
import { runChecks } from '../tools/checks.mjs';
import { serviceLikeTokens } from '../tools/service-like-tokens.mjs';

const HOLDER = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

for (const [name, expected] of [['osaka', 26], ['isthmus', 26], ['prague', 1]]) {
  test(`on ${name}`, { timeout: 120000 }, async () => {
    const chain = await startChain(name);
    try {
      const result = await runChecks(chain, serviceLikeTokens(HOLDER, OTHER));
      for (const line of result.lines) console.log(`${name}: ${line}`);
      console.log(`${name}: gas ${JSON.stringify(result.gas)}`);
      assert.equal(result.failed, 0, result.lines.filter((l) => l.startsWith('FAILED')).join('\n'));
      assert.equal(result.passed, expected);
    } finally {
      await chain.stop();
    }
  });
}
