// Package-phase check of `--proof` in both built command-line tools: an answer signed here (the
// test issuer's keys, namespace service) whose result carries a proof from the devnet's saved
// eth_getProof answers, run through the installed `walletstate-verify` and the runnable jar with
// the same options. Both must exit alike and print the same proof lines.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conditionHashOf, newIssuer } from '../tools/issuer.mjs';

const pad = (hex) => '0x' + hex.slice(2).padStart(64, '0');

/** The signed answer: one ERC-20 balance result (6 decimals, met at 1500.25) with its proof. */
async function signedAnswer(f) {
  const a = f.holderToken6;
  const s = a.storageProof[0];
  const evaluatedCondition = { type: 'token_balance', chainId: 8453, contractAddress: f.token6, operator: 'gte', threshold: '1500.25' };
  const proof = { available: true, type: 'merkle', blockNumber: f.blockNumber, address: a.address, contractAddress: a.address };
  Object.assign(proof, { holder: f.holder, mappingSlot: '0x0', layout: 'solidity', storageKey: pad(s.key), decimals: 6 });
  Object.assign(proof, { nonce: a.nonce, balance: a.balance, codeHash: a.codeHash, storageHash: a.storageHash, accountProof: a.accountProof });
  proof.storageProof = [{ key: pad(s.key), value: s.value, proof: s.proof }];
  const at = '2026-11-01T10:00:00.000Z';
  const result = { condition: 0, type: 'token_balance', chainId: 8453, met: true, evaluatedCondition };
  Object.assign(result, { conditionHash: await conditionHashOf(evaluatedCondition), blockNumber: f.blockNumber, blockTimestamp: at, proof });
  const attestation = { id: 'ATST-00000000000000D5', pass: true, results: [result], passCount: 1, failCount: 0, attestedAt: at, expiresAt: '2026-11-01T10:30:00.000Z' };
  const issuer = await newIssuer();
  return { jwks: issuer.jwks, response: { ok: true, data: await issuer.attestation(attestation) } };
}

export async function proofAgreement({ run, installedCli, jar, work, fixtures }) {
  const saved = (name) => JSON.parse(readFileSync(join(fixtures, `${name}.json`), 'utf8'));
  const f = saved('anvil-8453');
  const { jwks, response } = await signedAnswer(f);
  const file = (name, value) => {
    writeFileSync(join(work, 'answers', name), JSON.stringify(value));
    return join(work, 'answers', name);
  };
  const answer = file('proof-answer.json', response);
  const keys = file('proof-jwks.json', jwks);
  const header = file('proof-header.json', { jsonrpc: '2.0', id: 1, result: f.header });
  const cases = {
    'trusted header, wallet pinned': [['--header', header, '--block-hash', f.header.hash, '--chain-id', '8453', '--wallet', f.holder], 0],
    'trusted state root': [['--state-root', f.header.stateRoot], 0],
    "another chain's root": [['--state-root', saved('anvil-1').header.stateRoot], 1],
    'header not of the trusted hash': [['--header', header, '--block-hash', '0x' + '22'.repeat(32)], 1],
    'header trusted for another chain': [['--header', header, '--block-hash', f.header.hash, '--chain-id', '1'], 1],
    'decimals pinned otherwise': [['--state-root', f.header.stateRoot, '--decimals', `8453:${f.token6}=18`], 1],
    'another wallet pinned': [['--state-root', f.header.stateRoot, '--wallet', f.empty], 1],
  };
  let passed = 0;
  let failed = 0;
  for (const [label, [options, want]] of Object.entries(cases)) {
    const args = ['verify', '--keys', keys, '--at', '2026-11-01T10:01:00Z', '--proof', ...options, answer];
    const slug = label.replace(/\W+/g, '-');
    const codes = { js: run(installedCli, args, work, `js-proof-${slug}.log`), java: run('java', ['-jar', jar, ...args], work, `java-proof-${slug}.log`) };
    const lines = (who) =>
      readFileSync(join(work, `${who}-proof-${slug}.log`), 'utf8').split('\n').filter((l) => l.startsWith('proof'));
    const same = JSON.stringify(lines('js')) === JSON.stringify(lines('java')) && lines('js').length === 1;
    if (codes.js === want && codes.java === want && same) passed++;
    else {
      failed++;
      console.error(`cli-agreement: --proof ${label}: expected ${want}, got ${JSON.stringify(codes)}; lines ${JSON.stringify([lines('js'), lines('java')])}`);
    }
  }
  console.log(`cli-agreement --proof: ${passed} passed, ${failed} failed`);
  return failed;
}
