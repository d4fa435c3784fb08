#!/usr/bin/env node
// Makes (and optionally revokes) ERC-7710 delegations with the delegation framework's own toolkit,
// @metamask/smart-accounts-kit: its deployment table, caveat builder (enforcer addresses and terms
// encoding), createDelegation, hashDelegation and signDelegation. The service's tests use these
// delegations so that its hash, terms decoding and signature checks are proven against the
// reference implementation rather than against our own reading of it.
//
//   node tools/delegation-toolkit.mjs [FILE]     reads JSON from FILE or standard input:
//   {
//     "chainId": 8453, "version": "1.3.0",             toolkit environment (managers, enforcers)
//     "signerKeys": ["0x…"],                            each signs the digest; signatures are concatenated
//     "delegator": "0x…",                              default: the first signer's address
//     "delegate": "0x…", "salt": "0x…",
//     "scope": { "type": "erc20TransferAmount", … }     optional: createDelegation with this scope
//     "caveats": [ { "type": "timestamp", … }, … ]       caveat builder entries (amounts as decimal strings)
//     "rawCaveats": [ { "enforcer", "terms" } ],         appended as they are (an unknown enforcer)
//     "revokeOn": "http://127.0.0.1:…"                   optional: the delegator (first signer) disables it there
//   }
// Prints { delegation, delegationHash, delegationManager, revokedInBlock? }; exits 2 on bad input.
import { readFileSync } from 'node:fs';
import {
  ROOT_AUTHORITY,
  createDelegation,
  getSmartAccountsEnvironment,
  signDelegation,
} from '@metamask/smart-accounts-kit';
import { createCaveatBuilder, hashDelegation, toDelegationStruct } from '@metamask/smart-accounts-kit/utils';
import * as delegationAbis from '@metamask/delegation-abis';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const BIG = new Set(['maxAmount', 'initialAmount', 'amountPerSecond', 'periodAmount']);

function withBigInts(entry) {
  const out = {};
  for (const [k, v] of Object.entries(entry)) {
    out[k] = BIG.has(k) && typeof v === 'string' ? BigInt(v) : v;
  }
  return out;
}

async function main() {
  const input = JSON.parse(readFileSync(process.argv[2] ?? 0, 'utf8'));
  const chainId = input.chainId ?? 8453;
  const environment = getSmartAccountsEnvironment(chainId, input.version ?? '1.3.0');
  const signers = input.signerKeys.map((k) => privateKeyToAccount(k));
  const delegator = input.delegator ?? signers[0].address;

  const builder = createCaveatBuilder(environment, { allowInsecureUnrestrictedDelegation: true });
  for (const { type, ...args } of input.caveats ?? []) builder.addCaveat(type, withBigInts(args));
  const caveats = builder.build();
  for (const raw of input.rawCaveats ?? []) caveats.push({ enforcer: raw.enforcer, terms: raw.terms, args: '0x' });

  let unsigned;
  if (input.scope) {
    unsigned = createDelegation({
      environment,
      from: delegator,
      to: input.delegate,
      scope: withBigInts(input.scope),
      caveats,
      salt: input.salt,
    });
  } else {
    unsigned = {
      delegate: input.delegate,
      delegator,
      authority: ROOT_AUTHORITY,
      caveats,
      salt: input.salt,
      signature: '0x',
    };
  }
  const parts = [];
  for (const key of input.signerKeys) {
    parts.push(
      await signDelegation({
        privateKey: key,
        delegation: unsigned,
        delegationManager: environment.DelegationManager,
        chainId,
      }),
    );
  }
  const delegation = { ...unsigned, signature: '0x' + parts.map((p) => p.slice(2)).join('') };
  const out = {
    delegation,
    delegationHash: hashDelegation(delegation),
    delegationManager: environment.DelegationManager,
  };

  if (input.revokeOn) {
    const chain = {
      id: chainId,
      name: `devnet-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [input.revokeOn] } },
    };
    const transport = http(input.revokeOn);
    const wallet = createWalletClient({ account: signers[0], chain, transport });
    const client = createPublicClient({ chain, transport });
    const hash = await wallet.writeContract({
      address: environment.DelegationManager,
      abi: delegationAbis.DelegationManager,
      functionName: 'disableDelegation',
      args: [toDelegationStruct(delegation)],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`disableDelegation failed in ${hash}`);
    out.revokedInBlock = Number(receipt.blockNumber);
  }
  process.stdout.write(JSON.stringify(out, (k, v) => (typeof v === 'bigint' ? v.toString() : v)) + '\n');
}

main().catch((e) => {
  console.error(e?.stack ?? String(e));
  process.exit(2);
});
