// Writes src/test/resources/proofs/revocation.json: a delegation manager's account and storage
// built in a state trie by @ethereumjs/mpt (the devnet's manager is not at the layout the service
// proves revocations for), in the shape of an eth_getProof answer: one delegation revoked
// (disabledDelegations[hash] = 1), one never revoked (proven absent), one slot holding 2.
//   node tools/revocation-fixture.mjs
import { writeFileSync } from 'node:fs';
import { createMPT, createMerkleProof } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { keccak_256 } from '@noble/hashes/sha3.js';

const hex = (b) => '0x' + Buffer.from(b).toString('hex');
const bytes = (h) => Uint8Array.from(Buffer.from(h.replace(/^0x/, '').padStart(64, '0'), 'hex'));
const word = (n) => bytes(n.toString(16));
const MAPPING_SLOT = 3n;
const slotOf = (delegationHash) => keccak_256(new Uint8Array([...delegationHash, ...word(MAPPING_SLOT)]));
const manager = '0xdb9b1e94b5b69df7e401ddbede43491141047db3';
const delegations = { revoked: keccak_256(Uint8Array.of(1)), active: keccak_256(Uint8Array.of(2)), odd: keccak_256(Uint8Array.of(3)) };

const storage = await createMPT({ useKeyHashing: true });
await storage.put(slotOf(delegations.revoked), RLP.encode(1n));
await storage.put(slotOf(delegations.odd), RLP.encode(2n));
for (let i = 0; i < 40; i++) await storage.put(word(BigInt(i + 100)), RLP.encode(BigInt(i + 1))); // other slots: a deeper trie
const codeHash = keccak_256(Uint8Array.of(0x60, 0x80, 0x60, 0x40));
const state = await createMPT({ useKeyHashing: true });
const managerAccount = [1n, 0n, storage.root(), codeHash];
await state.put(bytes(manager).slice(12), RLP.encode(managerAccount));
for (let i = 1; i <= 30; i++) {
  const other = keccak_256(Uint8Array.of(i)).slice(12);
  await state.put(other, RLP.encode([0n, BigInt(i) * 10n ** 15n, keccak_256(Uint8Array.of(0x80)), keccak_256(new Uint8Array(0))]));
}
const slotProof = async (h) => ({
  key: hex(slotOf(h)),
  value: h === delegations.revoked ? '0x1' : h === delegations.odd ? '0x2' : '0x0',
  proof: (await createMerkleProof(storage, slotOf(h))).map(hex),
});
const fixture = {
  chainId: 8453,
  blockNumber: '0x4b',
  stateRoot: hex(state.root()),
  manager,
  mappingSlot: '0x3',
  delegations: Object.fromEntries(Object.entries(delegations).map(([k, v]) => [k, hex(v)])),
  managerAccount: {
    address: manager,
    nonce: '0x1',
    balance: '0x0',
    storageHash: hex(storage.root()),
    codeHash: hex(codeHash),
    accountProof: (await createMerkleProof(state, bytes(manager).slice(12))).map(hex),
    storageProof: {
      revoked: await slotProof(delegations.revoked),
      active: await slotProof(delegations.active),
      odd: await slotProof(delegations.odd),
    },
  },
};
const out = new URL('../../src/test/resources/proofs/revocation.json', import.meta.url);
writeFileSync(out, JSON.stringify(fixture, null, 1) + '\n');
console.log(`wrote ${out.pathname}`);
