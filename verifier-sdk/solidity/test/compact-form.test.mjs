// Gas of the compact alternative (docs/adr/0002): an ABI-encoded statement signed with ES256 over a
// tagged preimage, verified with the same precompile. Measured beside the token verifier's figures
// (onchain.test.mjs) on the same chains; the service does not issue this form.
import assert from 'node:assert/strict';
import { createHash, sign } from 'node:crypto';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compileDirectories, deployFrom, ethers, startChain } from '../tools/chain.mjs';
import { p256Key } from '../tools/checks.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const compiled = compileDirectories([join(here, '..', 'contracts'), join(here, 'compact-form')]);

for (const name of ['osaka', 'isthmus']) {
  test(`compact statement on ${name}`, { timeout: 60000 }, async () => {
    const chain = await startChain(name);
    try {
      const key = p256Key();
      const owner = await chain.provider.getSigner(0);
      const probe = await deployFrom(compiled, owner, 'CompactStatementProbe', key.x, key.y);
      const now = Math.floor(Date.now() / 1000);
      const statement = ethers.AbiCoder.defaultAbiCoder().encode(
        ['tuple(bytes32,address,bool,uint64,uint64,bytes32[])'],
        [[ethers.encodeBytes32String('ATST-0123456789ABCDEF'), '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', true, now, now + 1800, ['0x' + createHash('sha256').update('c').digest('hex')]]],
      );
      // the struct is dynamic: abi.decode(statement, (Statement)) reads it behind its offset word
      const preimage = Buffer.concat([Buffer.from('service.attestation.evm1\n'), Buffer.from(statement.slice(2), 'hex')]);
      const sig = sign('sha256', preimage, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
      const r = '0x' + sig.subarray(0, 32).toString('hex');
      const s = '0x' + sig.subarray(32).toString('hex');
      const st = await probe.verify(statement, r, s);
      assert.equal(st.pass, true);
      const tampered = statement.slice(0, -1) + (statement.endsWith('0') ? '1' : '0');
      await assert.rejects(probe.verify(tampered, r, s));
      const gas = Number(await probe.verify.estimateGas(statement, r, s));
      console.log(`${name}: compact gas ${JSON.stringify({ verifyCall: gas, statementBytes: (statement.length - 2) / 2 })}`);
      assert.ok(gas > 21000);
    } finally {
      await chain.stop();
    }
  });
}
