// EIP-1186 proof checks on the devnet's saved eth_getProof answers and block headers (anvil chain 1
// with Prague rules, chain 8453 in OP mode) in the shape the service signs them, a delegation
// manager's revocation slots, and tampered copies of each: the verdict, the failed step and the
// reason the Java SDK gives (the two SDKs' verdicts on these and more are compared member by member
// in ProofVerdictsAgreementTest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ProofVerifier, blockHeaderHash, createVerifier, KeySet } from '../src/index.js';
import { newIssuer, conditionHashOf } from '../tools/issuer.mjs';

const saved = (name) => JSON.parse(readFileSync(new URL(`../../src/test/resources/proofs/${name}.json`, import.meta.url), 'utf8'));
const CHAINS = { 1: saved('anvil-1'), 8453: saved('anvil-8453') };
const f = CHAINS[8453];
const pad = (hex) => '0x' + hex.slice(2).padStart(64, '0');
const copy = (v) => structuredClone(v);

function accountFields(proof, answer) {
  for (const m of ['nonce', 'balance', 'codeHash', 'storageHash']) proof[m] = answer[m];
  proof.accountProof = [...answer.accountProof];
  proof.storageProof = answer.storageProof.slice(0, 1).map((s) => ({ key: pad(s.key), value: s.value, proof: [...s.proof] }));
  return proof;
}

function erc20Proof(fx, answer, holder, decimals) {
  const key = pad(answer.storageProof[0].key);
  const proof = { available: true, type: 'merkle', blockNumber: fx.blockNumber, address: answer.address, contractAddress: answer.address };
  Object.assign(proof, { holder, mappingSlot: '0x0', layout: 'solidity', storageKey: key, decimals });
  return accountFields(proof, answer);
}

function accountProof(fx, answer, subject) {
  const proof = { available: true, type: 'merkle', subject, blockNumber: fx.blockNumber, address: answer.address };
  if (subject === 'account_balance') proof.decimals = 18;
  return accountFields(proof, answer);
}

const result = (fx, type, met, evaluatedCondition, proof) => ({
  condition: 0, type, chainId: fx.chainId, met, evaluatedCondition, blockNumber: fx.blockNumber, proof,
});
const balance = (fx, contractAddress, threshold) => ({ type: 'token_balance', chainId: fx.chainId, contractAddress, operator: 'gte', threshold });
const code = (fx, expect, delegate) => ({ type: 'account_code', chainId: fx.chainId, expect, operator: 'code_state', ...(delegate ? { delegate: delegate.toLowerCase() } : {}) });
const trusting = (fx) => ProofVerifier.builder().trustStateRoot(fx.header.stateRoot).build();
const one = async (verifier, r) => (await verifier.verifyResults({ results: [r] }))[0];
const met6 = (fx = f) => result(fx, 'token_balance', true, balance(fx, fx.token6, '1500.25'), erc20Proof(fx, fx.holderToken6, fx.holder, 6));

function rejected(verdict, step, detail) {
  assert.equal(verdict.status, 'REJECTED', JSON.stringify(verdict));
  assert.equal(verdict.failedStep, step, verdict.detail);
  if (detail !== undefined) assert.equal(verdict.detail, detail);
}

test('block headers of both chains hash to their block hash, through Prague', () => {
  for (const fx of Object.values(CHAINS)) {
    assert.equal('0x' + Buffer.from(blockHeaderHash(fx.header)).toString('hex'), fx.header.hash);
  }
  const gap = copy(f.header);
  delete gap.withdrawalsRoot;
  assert.throws(() => blockHeaderHash(gap), /header has blobGasUsed after a missing earlier fork field/);
  assert.throws(() => blockHeaderHash({ ...f.header, number: '0x04b' }), /header field number is not a hex quantity/);
});

test('ERC-20 balances of 6 and 18 decimals verify against a trusted header, wallet pinned', async () => {
  for (const fx of Object.values(CHAINS)) {
    const verifier = ProofVerifier.builder().trustHeader(fx.chainId, fx.header, fx.header.hash).wallet(fx.holder).build();
    const six = await one(verifier, met6(fx));
    assert.equal(six.status, 'VERIFIED', six.detail);
    assert.equal(six.provenValue, '1500250000');
    assert.equal(six.detail, 'the proven balance meets the threshold of 1500250000 base units');
    const eighteen = await one(verifier, result(fx, 'token_balance', false, balance(fx, fx.token18, '2.500000000000000001'), erc20Proof(fx, fx.holderToken18, fx.holder, 18)));
    assert.equal(eighteen.status, 'VERIFIED', eighteen.detail);
    assert.equal(eighteen.detail, 'the proven balance is below the threshold of 2500000000000000001 base units');
  }
});

test('a tampered proof is rejected at the step that breaks, with the Java SDK\'s reason', async () => {
  const value = met6();
  value.proof.storageProof[0].value = '0x5f5e1000';
  rejected(await one(trusting(f), value), 'STORAGE_PROOF', 'the proven slot value differs from the claimed one');

  const otherRoot = ProofVerifier.builder().trustStateRoot(CHAINS[1].header.stateRoot).build();
  rejected(await one(otherRoot, met6()), 'ACCOUNT_PROOF', 'account proof: node 0 does not hash to the root');

  const truncated = met6();
  truncated.proof.accountProof[1] = truncated.proof.accountProof[1].slice(0, -4);
  rejected(await one(trusting(f), truncated), 'ACCOUNT_PROOF', 'account proof: node 1 does not hash to its reference');

  const dropped = met6();
  dropped.proof.storageProof[0].proof.pop();
  rejected(await one(trusting(f), dropped), 'STORAGE_PROOF', 'storage proof: the proof ends after 1 nodes, before the path does');

  const leftOver = met6();
  leftOver.proof.accountProof.push(leftOver.proof.accountProof[1]);
  rejected(await one(trusting(f), leftOver), 'ACCOUNT_PROOF', "account proof: the proof has nodes after the key's leaf");

  const reordered = met6();
  [reordered.proof.accountProof[1], reordered.proof.accountProof[2]] = [reordered.proof.accountProof[2], reordered.proof.accountProof[1]];
  rejected(await one(trusting(f), reordered), 'ACCOUNT_PROOF', 'account proof: node 1 does not hash to its reference');

  // a foreign account: another token's proof and fields, then its proof under this token's address
  const foreign = met6();
  for (const m of ['address', 'nonce', 'balance', 'codeHash', 'storageHash']) foreign.proof[m] = f.holderToken18[m];
  foreign.proof.accountProof = [...f.holderToken18.accountProof];
  rejected(await one(trusting(f), foreign), 'BINDING', "the proven account is not the condition's token");
  const underThisAddress = met6();
  underThisAddress.proof.accountProof = [...f.holderToken18.accountProof];
  assert.equal((await one(trusting(f), underThisAddress)).failedStep, 'ACCOUNT_PROOF');
  const foreignStorage = met6();
  foreignStorage.proof.storageProof[0].proof = [...f.holderToken18.storageProof[0].proof];
  rejected(await one(trusting(f), foreignStorage), 'STORAGE_PROOF', 'storage proof: node 0 does not hash to the root');

  const fields = met6();
  fields.proof.storageHash = '0x' + '11'.repeat(32);
  rejected(await one(trusting(f), fields), 'ACCOUNT_FIELDS', 'the proven account fields differ from the claimed ones');
});

test('bindings, pins and the verdict: another holder, another wallet, other decimals, a flipped verdict', async () => {
  const otherHolder = met6();
  otherHolder.proof.holder = f.empty;
  rejected(await one(trusting(f), otherHolder), 'BINDING', "storageKey is not the holder's entry of the mapping at mappingSlot");
  const wrongWallet = ProofVerifier.builder().trustStateRoot(f.header.stateRoot).wallet(f.empty).build();
  rejected(await one(wrongWallet, met6()), 'BINDING', "the proven slot is not the pinned wallet's");
  const pinned = ProofVerifier.builder().trustStateRoot(f.header.stateRoot).tokenDecimals(8453, f.token6, 18).build();
  rejected(await one(pinned, met6()), 'DECIMALS', "the signed decimals (6) differ from the caller's (18)");
  const flipped = met6();
  flipped.met = false;
  rejected(
    await one(trusting(f), flipped),
    'VERDICT',
    'the proven balance 1500250000 is at least the threshold of 1500250000 base units, but the result says met false',
  );
  const higher = met6();
  higher.evaluatedCondition.threshold = '1500.250001';
  rejected(await one(trusting(f), higher), 'VERDICT');
  const exclusion = result(f, 'token_balance', false, balance(f, f.token6, '1'), erc20Proof(f, f.emptyToken6, f.empty, 6));
  const proven = await one(ProofVerifier.builder().trustStateRoot(f.header.stateRoot).wallet(f.empty).build(), exclusion);
  assert.equal(proven.status, 'VERIFIED', proven.detail);
  assert.equal(proven.provenValue, '0');
});

test('roots are trusted only for their chain and block, and headers must hash right', async () => {
  const block = BigInt(f.blockNumber);
  const otherChain = ProofVerifier.builder().trustStateRoot(1, block, f.header.stateRoot).build();
  const none = await one(otherChain, met6());
  assert.equal(none.status, 'NO_TRUSTED_ROOT');
  assert.equal(none.detail, 'no trusted state root for chain 8453 at block 0x4b');
  const badHeader = ProofVerifier.builder().trustHeader(8453, f.header, '0x' + '22'.repeat(32)).build();
  rejected(await one(badHeader, met6()), 'STATE_ROOT', `the header hashes to ${f.header.hash}, not the trusted block hash`);
  const later = met6();
  later.blockNumber = '0x999';
  rejected(await one(trusting(f), later), 'BLOCK', "the proof's blockNumber is not the result's");
  assert.throws(() => ProofVerifier.builder().trustStateRoot('0x12'), /stateRoot must be 0x followed by 64 hex digits/);
});

test('native balance and every code state verify from the account leaf; a lie is rejected', async () => {
  const wei = BigInt(f.holderAccount.balance).toString();
  const nativeBalance = await one(
    ProofVerifier.builder().trustStateRoot(f.header.stateRoot).wallet(f.holder).build(),
    result(f, 'token_balance', true, balance(f, 'native', '1.4'), accountProof(f, f.holderAccount, 'account_balance')),
  );
  assert.equal(nativeBalance.status, 'VERIFIED', nativeBalance.detail);
  assert.equal(nativeBalance.provenValue, wei);
  const cases = [
    ['holderAccount', 'none', null, true, false],
    ['emptyAccount', 'none', null, true, false],
    ['emptyAccount', 'contract', null, false, false],
    ['delegatedAccount', 'eip7702', f.delegateTarget, true, false],
    ['delegatedAccount', 'none', null, false, false],
    ['delegatedAccount', 'eip7702', null, true, true],
    ['contractAccount', 'contract', null, true, true],
    ['contractAccount', 'eip7702', f.delegateTarget, false, false],
  ];
  for (const [account, expect, delegate, met, limited] of cases) {
    const label = `${account} ${expect} ${delegate ?? ''}`;
    const v = await one(trusting(f), result(f, 'account_code', met, code(f, expect, delegate), accountProof(f, f[account], 'account_code')));
    assert.equal(v.status, 'VERIFIED', `${label}: ${v.detail}`);
    assert.equal(v.limitation !== null, limited, label);
    assert.equal(v.provenCodeHash, f[account].codeHash.toLowerCase(), label);
    const lie = await one(trusting(f), result(f, 'account_code', !met, code(f, expect, delegate), accountProof(f, f[account], 'account_code')));
    if (!limited) assert.equal(lie.failedStep, 'VERDICT', label);
  }
});

test('revocation flags: revoked, never revoked (proven absent), a slot that is no flag, a forged value', async () => {
  const r = saved('revocation');
  const verifier = ProofVerifier.builder().trustStateRoot(r.stateRoot).build();
  const revocation = (which, met, failReason) => {
    const account = r.managerAccount;
    const slot = account.storageProof[which];
    const hash = r.delegations[which];
    const condition = { type: 'erc7710_delegation', chainId: r.chainId, contractAddress: r.manager, delegationHash: hash, delegate: '0x' + 'ab'.repeat(20) };
    const proof = { available: true, type: 'merkle', subject: 'delegation_revocation', blockNumber: r.blockNumber, address: account.address };
    Object.assign(proof, { contractAddress: r.manager, delegationHash: hash, mappingSlot: r.mappingSlot, storageKey: slot.key });
    for (const m of ['nonce', 'balance', 'codeHash', 'storageHash']) proof[m] = account[m];
    Object.assign(proof, { accountProof: [...account.accountProof], storageProof: [copy(slot)] });
    return { condition: 0, type: 'erc7710_delegation', chainId: r.chainId, met, ...(failReason ? { failReason } : {}), evaluatedCondition: condition, blockNumber: r.blockNumber, proof };
  };
  const revoked = await one(verifier, revocation('revoked', false, 'revoked'));
  assert.equal(revoked.status, 'VERIFIED', revoked.detail);
  assert.equal(revoked.detail, 'the proven revocation flag shows the delegation revoked');
  const active = await one(verifier, revocation('active', true, null));
  assert.equal(active.status, 'VERIFIED', active.detail);
  assert.equal(active.provenValue, '0');
  rejected(await one(verifier, revocation('revoked', true, null)), 'VERDICT', 'the proven flag says revoked, but the result says met true');
  rejected(await one(verifier, revocation('odd', false, 'revoked')), 'VERDICT', 'the proven slot holds 2, not a revocation flag');
  const forged = revocation('revoked', false, 'revoked');
  forged.proof.storageProof[0].value = '0x0';
  rejected(await one(verifier, forged), 'STORAGE_PROOF', 'the proven slot value differs from the claimed one');
  const wallet = ProofVerifier.builder().trustStateRoot(r.stateRoot).wallet('0x' + 'cd'.repeat(20)).build();
  rejected(await one(wallet, revocation('revoked', false, 'revoked')), 'BINDING', "the condition's delegate is not the pinned wallet");
});

test('declined and absent proofs are reported as such', async () => {
  const declined = met6();
  declined.proof = { available: false, type: 'merkle', reason: 'computed balance' };
  const v = await one(trusting(f), declined);
  assert.deepEqual([v.status, v.detail, v.failedStep], ['DECLINED', 'computed balance', null]);
  const none = met6();
  delete none.proof;
  assert.equal((await one(trusting(f), none)).status, 'ABSENT');
});

test('proofs of a signed answer are checked only once its signature verifies', async () => {
  const issuer = await newIssuer();
  const r = met6();
  r.conditionHash = await conditionHashOf(r.evaluatedCondition);
  r.blockTimestamp = '2026-11-01T10:00:00.000Z';
  const attestation = { id: 'ATST-00000000000000C3', pass: true, results: [r], passCount: 1, failCount: 0, attestedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2026-11-01T10:30:00.000Z' };
  const response = { data: await issuer.attestation(attestation) };
  const verifier = createVerifier({ keys: KeySet.parse(issuer.jwks), now: '2026-11-01T10:01:00Z' });
  const proofs = ProofVerifier.builder().trustHeader(8453, f.header, f.header.hash).wallet(f.holder).build();
  const verdicts = await proofs.verify(await verifier.verify(response));
  assert.deepEqual(verdicts.map((x) => x.status), ['VERIFIED']);
  const edited = copy(response);
  edited.data.attestation.results[0].proof.storageProof[0].value = '0x1';
  const report = await verifier.report(edited);
  assert.equal(report.valid, false);
  await assert.rejects(proofs.verify(report), /does not verify/);
  rejected((await proofs.verifyResults(edited.data.attestation))[0], 'STORAGE_PROOF');
});

test('the command line checks proofs against a trusted header or state root; the exit code is the verdict', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { run } = await import('../src/cli.js');
  const issuer = await newIssuer();
  const r = met6();
  r.conditionHash = await conditionHashOf(r.evaluatedCondition);
  r.blockTimestamp = '2026-11-01T10:00:00.000Z';
  const attestation = { id: 'ATST-00000000000000C4', pass: true, results: [r], passCount: 1, failCount: 0, attestedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2026-11-01T10:30:00.000Z' };
  const dir = mkdtempSync(join(tmpdir(), 'proof-cli-'));
  const file = (name, value) => {
    writeFileSync(join(dir, name), JSON.stringify(value));
    return join(dir, name);
  };
  const answer = file('answer.json', { data: await issuer.attestation(attestation) });
  const jwks = file('jwks.json', issuer.jwks);
  const header = file('header.json', { jsonrpc: '2.0', id: 1, result: f.header });
  const cli = async (...extra) => {
    let printed = '';
    const sink = { write: (s) => (printed += s) };
    const code = await run(['verify', '--jwks', jwks, '--at', '2026-11-01T10:01:00Z', ...extra, answer], { stdout: sink, stderr: sink });
    return { code, printed };
  };
  const good = await cli('--proof', '--header', header, '--block-hash', f.header.hash, '--chain-id', '8453', '--wallet', f.holder);
  assert.equal(good.code, 0, good.printed);
  assert.match(good.printed, /proof\[0\] +ok +VERIFIED erc20_balance: the proven balance meets the threshold of 1500250000 base units/);
  const wrongRoot = await cli('--proof', '--state-root', CHAINS[1].header.stateRoot);
  assert.equal(wrongRoot.code, 1, wrongRoot.printed);
  assert.match(wrongRoot.printed, /proof\[0\] +FAIL REJECTED at ACCOUNT_PROOF erc20_balance: account proof: node 0 does not hash to the root/);
  const badHash = await cli('--proof', '--header', header, '--block-hash', '0x' + '22'.repeat(32), '--json');
  assert.equal(badHash.code, 1);
  assert.equal(JSON.parse(badHash.printed).proofs[0].failedStep, 'STATE_ROOT');
  const pinned = await cli('--proof', '--state-root', f.header.stateRoot, '--decimals', `8453:${f.token6}=18`);
  assert.equal(pinned.code, 1);
  assert.match(pinned.printed, /REJECTED at DECIMALS/);
  assert.equal((await cli('--proof')).code, 2);
  assert.equal((await cli('--state-root', f.header.stateRoot)).code, 2);
  assert.equal((await cli('--proof', '--state-root', f.header.stateRoot, '--chain-id', '1')).code, 2);
  assert.equal((await cli('--proof', '--header', header)).code, 2);
});
