// Deploys the devnet's contracts and test state on one fresh anvil chain and returns its manifest part.
// Deterministic: same chain id + same lockfile -> same addresses, uids, holdings and block numbers.
// Contracts named by the service's production configuration are deployed once at a staging address and
// then copied to the production address (runtime code + every storage slot the constructor wrote, read
// from a prestate diff trace). Immutables are fixed by passing production addresses to the constructor.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import {
  AbiCoder,
  Interface,
  SigningKey,
  Transaction,
  TypedDataEncoder,
  Wallet,
  concat,
  getAddress,
  keccak256,
  parseUnits,
  solidityPacked,
  solidityPackedKeccak256,
  toBeHex,
  zeroPadValue,
} from 'ethers';
import * as delegationAbis from '@metamask/delegation-abis';
import * as delegationBytecode from '@metamask/delegation-abis/bytecode';
import { Rpc } from './rpc.mjs';
import {
  DEPLOYER,
  EXPIRED_AT,
  GENESIS_TIMESTAMP,
  PRODUCTION,
  WALLET_ROLES,
  YEAR_2100,
  walletKey,
} from './scenario.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const coder = AbiCoder.defaultAbiCoder();
const ZERO32 = '0x' + '00'.repeat(32);
const ROOT_AUTHORITY = '0x' + 'ff'.repeat(32);

function easArtifact(name) {
  const p = require.resolve(
    `@ethereum-attestation-service/eas-contracts/artifacts/contracts/${name}.sol/${name}.json`,
  );
  const j = JSON.parse(readFileSync(p, 'utf8'));
  return { abi: j.abi, bytecode: j.bytecode, source: `@ethereum-attestation-service/eas-contracts (${name}.json)` };
}

async function multicall3Artifact() {
  const file = join(dirname(require.resolve('viem/package.json')), '_esm/constants/contracts.js');
  const { multicall3Bytecode } = await import(pathToFileURL(file).href);
  const abi = [
    'function getChainId() view returns (uint256)',
    'function getBlockNumber() view returns (uint256)',
    'function getEthBalance(address) view returns (uint256)',
    'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])',
  ];
  return { abi, bytecode: multicall3Bytecode, source: 'viem (multicall3Bytecode)' };
}

function delegationArtifact(name) {
  return { abi: delegationAbis[name], bytecode: delegationBytecode[name], source: `@metamask/delegation-abis (${name})` };
}

export function loadArtifacts() {
  const built = JSON.parse(readFileSync(join(root, 'build', 'contracts.json'), 'utf8')).contracts;
  const own = {};
  for (const [name, c] of Object.entries(built)) own[name] = { ...c, source: `devnet/contracts (${name})` };
  return own;
}

/** Deploys one chain. `log` receives progress lines. Returns { chain, wallets } manifest parts. */
export async function deployChain(rpcUrl, chainId, { log = () => {} } = {}) {
  const d = new Deployment(rpcUrl, chainId, log);
  await d.run();
  return d.result();
}

class Deployment {
  constructor(rpcUrl, chainId, log) {
    this.rpc = new Rpc(rpcUrl);
    this.chainId = Number(chainId);
    this.log = (m) => log(`[${chainId}] ${m}`);
    this.own = loadArtifacts();
    this.contracts = {};
    this.holdings = {};
    this.attestations = [];
    this.indexEntries = [];
    this.schemas = {};
    this.delegations = [];
    this.agents = [];
    this.fids = [];
    this.staging = [];
    this.cheated = false;
    this.wallets = {};
    for (const name of Object.keys(WALLET_ROLES)) {
      if (name === 'contractAccount') continue;
      const w = new Wallet(walletKey(name));
      this.wallets[name] = { address: w.address, privateKey: w.privateKey, signer: w };
    }
  }

  // ---------------------------------------------------------------- primitives

  async send(from, to, data = '0x', value = 0n) {
    const tx = { from, data };
    if (to) tx.to = to;
    if (value) tx.value = toBeHex(value);
    const hash = await this.rpc.send('eth_sendTransaction', [tx]);
    return this.receipt(hash);
  }

  async receipt(hash) {
    for (let i = 0; i < 100; i++) {
      const r = await this.rpc.send('eth_getTransactionReceipt', [hash]);
      if (r) {
        if (r.status !== '0x1') throw new Error(`transaction ${hash} reverted`);
        return r;
      }
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error(`no receipt for ${hash}`);
  }

  async call(to, abi, fn, args = [], blockTag = 'latest') {
    const iface = new Interface(abi);
    const data = iface.encodeFunctionData(fn, args);
    const out = await this.rpc.send('eth_call', [{ to, data }, blockTag]);
    const decoded = iface.decodeFunctionResult(fn, out);
    return decoded.length === 1 ? decoded[0] : decoded;
  }

  async invoke(from, to, abi, fn, args = [], value = 0n) {
    return this.send(from, to, new Interface(abi).encodeFunctionData(fn, args), value);
  }

  async deploy(artifact, args = [], from = DEPLOYER.address) {
    const iface = new Interface(artifact.abi);
    const data = concat([artifact.bytecode, iface.encodeDeploy(args)]);
    const r = await this.send(from, null, data);
    return getAddress(r.contractAddress);
  }

  /** Deploys normally at a nonce-derived address and records it under `key`. */
  async deployed(key, artifactName, artifact, args = []) {
    const address = await this.deploy(artifact, args);
    this.contracts[key] = { address, placement: 'deployed', artifact: artifactName, source: artifact.source };
    this.log(`${key} deployed at ${address}`);
    return address;
  }

  /** Runs the constructor at a staging address, then copies code and constructor storage to `targets`. */
  async placed(key, artifactName, artifact, args, targets) {
    const iface = new Interface(artifact.abi);
    const data = concat([artifact.bytecode, iface.encodeDeploy(args)]);
    const hash = await this.rpc.send('eth_sendTransaction', [{ from: DEPLOYER.address, data }]);
    const r = await this.receipt(hash);
    const staging = getAddress(r.contractAddress);
    const trace = await this.rpc.send('debug_traceTransaction', [
      hash,
      { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
    ]);
    const post = Object.entries(trace.post).find(([addr]) => getAddress(addr) === staging)?.[1] ?? {};
    const storage = post.storage ?? {};
    const code = await this.rpc.send('eth_getCode', [staging, 'latest']);
    if (code === '0x') throw new Error(`${artifactName} left no code at ${staging}`);
    const list = Array.isArray(targets) ? targets : [targets];
    for (const target of list) {
      await this.rpc.send('anvil_setCode', [target, code]);
      for (const [slot, value] of Object.entries(storage)) {
        await this.rpc.send('anvil_setStorageAt', [target, slot, zeroPadValue(value, 32)]);
      }
    }
    this.cheated = true;
    this.staging.push({ artifact: artifactName, address: staging });
    const entry = (address) => ({
      address,
      placement: 'production-address',
      artifact: artifactName,
      source: artifact.source,
      stagingAddress: staging,
      copiedStorageSlots: Object.keys(storage).length,
    });
    if (Array.isArray(targets)) {
      targets.forEach((t, i) => (this.contracts[key[i]] = entry(t)));
    } else {
      this.contracts[key] = entry(targets);
    }
    this.log(`${artifactName} placed at ${list.join(', ')} (${Object.keys(storage).length} storage slots)`);
    return targets;
  }

  async mine() {
    await this.rpc.send('evm_mine', []);
    this.cheated = false;
  }

  hold(wallet, path, value) {
    const perChain = (this.holdings[wallet] ??= {});
    let node = perChain;
    for (const p of path.slice(0, -1)) node = node[p] ??= {};
    const last = path[path.length - 1];
    if (Array.isArray(value)) node[last] = [...(node[last] ?? []), ...value];
    else node[last] = value;
  }

  addr(wallet) {
    if (wallet === 'contractAccount') return this.contracts.contractAccount.address;
    return this.wallets[wallet].address;
  }

  expect(cond, message) {
    if (!cond) throw new Error(`check failed on chain ${this.chainId}: ${message}`);
  }

  // ---------------------------------------------------------------- the scenario

  async run() {
    const chainId = BigInt(await this.rpc.send('eth_chainId'));
    this.expect(chainId === BigInt(this.chainId), `eth_chainId is ${chainId}`);
    this.expect(
      (await this.rpc.send('eth_blockNumber')) === '0x0',
      'the chain must be fresh (block 0) for deterministic addresses',
    );
    await this.rpc.send('anvil_setBlockTimestampInterval', [1]);

    await this.common();
    if (this.chainId === 8453 || this.chainId === 10) await this.eas();
    if (this.chainId === 8453) {
      await this.exchangeAttestations();
      await this.agentRegistry();
      await this.delegationFramework();
    }
    if (this.chainId === 10) {
      await this.passportAttestations();
      await this.farcaster();
    }
    await this.codeStates();
    // Appended last, so every address and block above stays as it was.
    if (this.chainId === 8453) await this.proofTokens();
    await this.payments();
    if (this.chainId === 1) await this.ethereumEas();

    // Hand the clock back to real time (expired cases are then long expired) and mine a block,
    // so that every cheat above is sealed under a header stateRoot.
    await this.rpc.send('anvil_removeBlockTimestampInterval', []);
    const last = await this.rpc.send('eth_getBlockByNumber', ['latest', false]);
    const now = Math.max(Math.floor(Date.now() / 1000), Number(last.timestamp) + 1);
    await this.rpc.send('evm_setNextBlockTimestamp', [toBeHex(now)]);
    await this.mine();
    await this.verify();
    this.readyBlock = Number(await this.rpc.send('eth_blockNumber'));
    this.log(`ready at block ${this.readyBlock}`);
  }

  async common() {
    const own = this.own;
    const mc3 = await multicall3Artifact();
    await this.placed('multicall3', 'Multicall3', mc3, [], PRODUCTION.multicall3);

    // ERC-20s with 6, 18 and 0 decimals, an ERC-721, the bool view target.
    await this.deployed('token6', 'DevToken', own.DevToken, ['Devnet Dollar', 'dUSD', 6]);
    await this.deployed('token18', 'DevToken', own.DevToken, ['Devnet Ether', 'dETH', 18]);
    await this.deployed('token0', 'DevToken', own.DevToken, ['Devnet Points', 'dPTS', 0]);
    await this.deployed('nft', 'DevCollection', own.DevCollection, ['Devnet Collectibles', 'dNFT']);
    await this.deployed('allowList', 'AllowList', own.AllowList, []);

    // USDC at the production address: FiatToken v2.2's EIP-3009 interface and EIP-712 domain
    // ("USD Coin", "2"), 6 decimals, "USD Coin"/"USDC".
    await this.placed(
      'usdc',
      'FiatTokenV2',
      own.FiatTokenV2,
      [PRODUCTION.usdcDomain.name, 'USDC', 6, PRODUCTION.usdcDomain.version],
      PRODUCTION.usdc[this.chainId],
    );

    // Delegation framework v1.3.0 pieces that share one address on every chain: EntryPoint v0.7,
    // DelegationManager, EIP7702StatelessDeleGator (the 7702 wallet's target).
    await this.placed('entryPoint', 'EntryPoint', delegationArtifact('EntryPoint'), [], PRODUCTION.entryPointV07);
    await this.placed(
      'delegationManager_1_3_0',
      'DelegationManager',
      delegationArtifact('DelegationManager'),
      [DEPLOYER.address],
      PRODUCTION.delegationManagers['1.3.0'].address,
    );
    await this.placed(
      'eip7702StatelessDeleGator',
      'EIP7702StatelessDeleGator',
      delegationArtifact('EIP7702StatelessDeleGator'),
      [PRODUCTION.delegationManagers['1.3.0'].address, PRODUCTION.entryPointV07],
      PRODUCTION.eip7702StatelessDeleGatorV130,
    );

    // The contract account.
    await this.deployed('contractAccount', 'OwnedSmartAccount', own.OwnedSmartAccount, [
      this.wallets.contractOwner.address,
    ]);

    // Native balances: real transfers from the deployer.
    const eth = (w, amount) => this.send(DEPLOYER.address, this.addr(w), '0x', parseUnits(amount, 18));
    for (const [w, amount] of [
      ['holder', '1.5'],
      ['delegator', '0.1'],
      ['agentOperator', '0.1'],
    ]) {
      await eth(w, amount);
      this.hold(w, ['native'], { raw: parseUnits(amount, 18).toString(), display: amount, decimals: 18 });
    }

    const mint = async (key, symbol, decimals, wallet, display) => {
      const raw = parseUnits(display, decimals);
      await this.invoke(DEPLOYER.address, this.contracts[key].address, own.DevToken.abi, 'mint', [
        this.addr(wallet),
        raw,
      ]);
      this.hold(wallet, ['erc20', symbol], {
        contract: this.contracts[key].address,
        raw: raw.toString(),
        display,
        decimals,
        // OpenZeppelin ERC20._balances is the mapping at slot 0
        balanceSlot: keccak256(coder.encode(['address', 'uint256'], [this.addr(wallet), 0])),
      });
    };
    await mint('token6', 'dUSD', 6, 'holder', '1500.25');
    await mint('token18', 'dETH', 18, 'holder', '2.5');
    await mint('token0', 'dPTS', 0, 'holder', '7');
    await mint('usdc', 'USDC', 6, 'holder', '250');
    await mint('token6', 'dUSD', 6, 'delegated7702', '10');
    await mint('token18', 'dETH', 18, 'contractAccount', '1');

    const nft = async (wallet, ids) => {
      for (const tokenId of ids) {
        await this.invoke(DEPLOYER.address, this.contracts.nft.address, own.DevCollection.abi, 'mint', [
          this.addr(wallet),
          tokenId,
        ]);
      }
      this.hold(wallet, ['erc721', 'dNFT'], { contract: this.contracts.nft.address, tokenIds: ids });
    };
    await nft('holder', [1, 2]);
    await nft('contractAccount', [3]);

    for (const w of ['holder', 'delegated7702']) {
      await this.invoke(DEPLOYER.address, this.contracts.allowList.address, own.AllowList.abi, 'setAllowed', [
        this.addr(w),
        true,
      ]);
      this.hold(w, ['allowList'], { contract: this.contracts.allowList.address, isAllowed: true });
    }
  }

  async eas() {
    const registry = easArtifact('SchemaRegistry');
    const eas = easArtifact('EAS');
    this.easAt = PRODUCTION.easPredeploy;
    this.registryAt = PRODUCTION.schemaRegistryPredeploy;
    await this.placed('schemaRegistry', 'SchemaRegistry', registry, [], PRODUCTION.schemaRegistryPredeploy);
    await this.placed('eas', 'EAS', eas, [PRODUCTION.schemaRegistryPredeploy], PRODUCTION.easPredeploy);
    const template = this.chainId === 8453 ? PRODUCTION.exchange : PRODUCTION.passport;
    // The lookup is what the service asks for the uid of a recipient's attestation of a schema; its
    // owner-only setter files any uid under any key (the wrong-schema and recipient-mismatch cases).
    if (this.chainId === 8453) {
      await this.placed('exchangeResolver', 'AcceptingResolver', this.own.AcceptingResolver, [PRODUCTION.easPredeploy], template.resolver);
      await this.placed(
        'exchangeIndexer',
        'AttestationIndexer',
        this.own.AttestationIndexer,
        [PRODUCTION.easPredeploy, DEPLOYER.address],
        template.indexer,
      );
      this.lookup = {
        contract: template.indexer,
        abi: this.own.AttestationIndexer.abi,
        fn: 'getAttestationUid',
        signature: 'getAttestationUid(address,bytes32)',
        setter: 'setAttestationUid',
      };
    } else {
      // Human Passport's resolver records (recipient, schema) -> uid when EAS calls it, and clears
      // the entry on revocation; EAS's own Indexer (npm artifact) sits at its OP Mainnet address.
      await this.placed(
        'passportResolver',
        'PassportResolver',
        this.own.PassportResolver,
        [PRODUCTION.easPredeploy, DEPLOYER.address],
        template.resolver,
      );
      await this.placed('easIndexer', 'Indexer', easArtifact('Indexer'), [PRODUCTION.easPredeploy], template.easIndexer);
      this.lookup = {
        contract: template.resolver,
        abi: this.own.PassportResolver.abi,
        fn: 'getUserAttestation',
        signature: 'getUserAttestation(address,bytes32)',
        setter: 'setUserAttestation',
      };
    }
    await this.mine();
    for (const [name, s] of Object.entries(template.schemas)) {
      await this.invoke(DEPLOYER.address, PRODUCTION.schemaRegistryPredeploy, registry.abi, 'register', [
        s.definition,
        template.resolver,
        true,
      ]);
      const uid = solidityPackedKeccak256(['string', 'address', 'bool'], [s.definition, template.resolver, true]);
      this.expect(uid === s.uid, `schema ${name} registered as ${uid}, production uid is ${s.uid}`);
      const rec = await this.call(PRODUCTION.schemaRegistryPredeploy, registry.abi, 'getSchema', [uid]);
      this.expect(rec.uid === uid && rec.resolver === template.resolver, `schema ${name} readable from the registry`);
      this.schemas[name] = { uid, definition: s.definition, resolver: template.resolver, revocable: true };
    }
    // Attesters: the production attester (impersonated) and a rogue one; both need gas money.
    this.attesters = { production: template.attester, rogue: this.wallets.rogueAttester.address };
    for (const a of Object.values(this.attesters)) await this.rpc.send('anvil_impersonateAccount', [a]);
    for (const a of Object.values(this.attesters)) await this.send(DEPLOYER.address, a, '0x', parseUnits('1', 18));
    this.easAbi = eas.abi;
  }

  /**
   * EAS at its Ethereum address with its SchemaRegistry (constructed with the registry's Ethereum
   * address, as deployed there), an indexer of the caller's own (AttestationIndexer, at a
   * nonce-derived address: a raw eas_attestation names its indexer) and one schema: the raw form
   * read where EAS is not the OP Stack predeploy. The holder has a valid attestation and a revoked
   * one; `rogueAttester` attests.
   */
  async ethereumEas() {
    const where = PRODUCTION.ethereumEas;
    const registry = easArtifact('SchemaRegistry');
    const eas = easArtifact('EAS');
    this.easAt = where.eas;
    this.registryAt = where.schemaRegistry;
    this.easAbi = eas.abi;
    await this.placed('schemaRegistry', 'SchemaRegistry', registry, [], where.schemaRegistry);
    await this.placed('eas', 'EAS', eas, [where.schemaRegistry], where.eas);
    const indexer = await this.deployed('rawIndexer', 'AttestationIndexer', this.own.AttestationIndexer, [
      where.eas,
      DEPLOYER.address,
    ]);
    this.lookup = {
      contract: indexer,
      abi: this.own.AttestationIndexer.abi,
      fn: 'getAttestationUid',
      signature: 'getAttestationUid(address,bytes32)',
      setter: 'setAttestationUid',
    };
    await this.mine();
    const noResolver = getAddress('0x' + '00'.repeat(20));
    for (const definition of ['bool verifiedAccount', 'bool member']) {
      await this.invoke(DEPLOYER.address, where.schemaRegistry, registry.abi, 'register', [definition, noResolver, true]);
      const uid = solidityPackedKeccak256(['string', 'address', 'bool'], [definition, noResolver, true]);
      const rec = await this.call(where.schemaRegistry, registry.abi, 'getSchema', [uid]);
      this.expect(rec.uid === uid, `schema ${definition} readable from the registry`);
      this.schemas[definition.split(' ')[1]] = { uid, definition, resolver: noResolver, revocable: true };
    }
    this.attesters = { rogue: this.wallets.rogueAttester.address };
    await this.rpc.send('anvil_impersonateAccount', [this.attesters.rogue]);
    await this.send(DEPLOYER.address, this.attesters.rogue, '0x', parseUnits('1', 18));
    const yes = coder.encode(['bool'], [true]);
    await this.attest({ name: 'holderVerifiedAccount', caseName: 'valid', schema: 'verifiedAccount', recipient: 'holder', attester: 'rogue', data: yes, decoded: { verifiedAccount: true } });
    await this.attest({ name: 'holderMemberRevoked', caseName: 'revoked', schema: 'member', recipient: 'holder', attester: 'rogue', data: yes, decoded: { member: true }, revoke: true });
  }

  /** What the lookup answers now for (recipient address, schema uid). */
  async lookUp(recipient, schemaUid) {
    return this.call(this.lookup.contract, this.lookup.abi, this.lookup.fn, [recipient, schemaUid]);
  }

  /** Records a lookup entry in the manifest, checking that the lookup answers it now. */
  async entry(wallet, schemaUid, uid, attestationName, caseName) {
    const recipient = this.addr(wallet);
    const answered = await this.lookUp(recipient, schemaUid);
    this.expect(answered === uid, `lookup ${this.lookup.fn}(${wallet}, ${schemaUid}) answers ${answered}, expected ${uid}`);
    this.indexEntries.push({
      lookup: this.lookup.contract,
      function: this.lookup.signature,
      recipient,
      recipientWallet: wallet,
      schema: schemaUid,
      uid,
      attestation: attestationName,
      case: caseName,
    });
    this.hold(wallet, ['attestations'], [attestationName]);
  }

  /**
   * Makes an attestation, optionally revokes it, files it with the lookup; records everything in the
   * manifest. On 8453 the indexer files it when asked (after any revocation: the entry then names a
   * revoked attestation). On 10 the resolver filed it when EAS called it and cleared the entry
   * again on revocation, so a revoked attestation's entry is zero, as in production.
   */
  async attest({ name, caseName, schema, recipient, attester = 'production', data, decoded, expirationTime = 0, revoke = false, indexAs }) {
    const from = this.attesters[attester];
    const s = this.schemas[schema];
    const r = await this.invoke(from, this.easAt, this.easAbi, 'attest', [
      {
        schema: s.uid,
        data: { recipient: this.addr(recipient), expirationTime, revocable: true, refUID: ZERO32, data, value: 0 },
      },
    ]);
    const iface = new Interface(this.easAbi);
    const ev = r.logs.map((l) => { try { return iface.parseLog(l); } catch { return null; } }).find((l) => l?.name === 'Attested');
    const uid = ev.args.uid;
    if (revoke) {
      await this.invoke(from, this.easAt, this.easAbi, 'revoke', [{ schema: s.uid, data: { uid, value: 0 } }]);
    }
    const att = await this.call(this.easAt, this.easAbi, 'getAttestation', [uid]);
    const entry = {
      name,
      case: caseName,
      uid,
      schemaName: schema,
      schema: s.uid,
      recipient: att.recipient,
      recipientWallet: recipient,
      attester: att.attester,
      time: Number(att.time),
      expirationTime: Number(att.expirationTime),
      revocationTime: Number(att.revocationTime),
      revocable: att.revocable,
      data,
      decoded,
      blockNumber: Number(r.blockNumber),
    };
    this.attestations.push(entry);
    if (this.contracts.easIndexer) {
      // EAS's own Indexer lists every attestation by recipient, attester and schema
      await this.invoke(DEPLOYER.address, PRODUCTION.passport.easIndexer, easArtifact('Indexer').abi, 'indexAttestation', [uid]);
    }
    // filed under the attestation's own recipient and schema, unless a crafted key is asked for
    if (indexAs) {
      await this.indexUnder(indexAs.wallet, this.schemas[indexAs.schema].uid, uid, caseName);
    } else {
      if (this.lookup.fn === 'getAttestationUid') {
        await this.invoke(DEPLOYER.address, this.lookup.contract, this.lookup.abi, 'indexAttestation', [uid]);
      }
      const cleared = revoke && this.lookup.fn === 'getUserAttestation';
      await this.entry(recipient, s.uid, cleared ? ZERO32 : uid, name, caseName);
    }
    return entry;
  }

  /** Files `uid` under (wallet, schema) with the lookup's owner-only setter. */
  async indexUnder(wallet, schemaUid, uid, caseName) {
    await this.invoke(DEPLOYER.address, this.lookup.contract, this.lookup.abi, this.lookup.setter, [
      this.addr(wallet),
      schemaUid,
      uid,
    ]);
    const att = this.attestations.find((a) => a.uid === uid);
    await this.entry(wallet, schemaUid, uid, att.name, caseName);
  }

  async exchangeAttestations() {
    const bool = (v) => coder.encode(['bool'], [v]);
    const country = (c) => coder.encode(['string'], [c]);
    const acc = 'verifiedAccount';
    await this.attest({ name: 'holder.verifiedAccount', caseName: 'valid', schema: acc, recipient: 'holder', data: bool(true), decoded: { verifiedAccount: true } });
    await this.attest({ name: 'holder.verifiedCountry', caseName: 'valid', schema: 'verifiedCountry', recipient: 'holder', data: country('DE'), decoded: { verifiedCountry: 'DE' }, expirationTime: YEAR_2100 });
    await this.attest({ name: 'holder.verifiedCoinbaseOne', caseName: 'valid', schema: 'verifiedCoinbaseOne', recipient: 'holder', data: bool(true), decoded: { verifiedCoinbaseOne: true } });
    await this.attest({ name: 'revoked.verifiedAccount', caseName: 'revoked', schema: acc, recipient: 'revoked', data: bool(true), decoded: { verifiedAccount: true }, revoke: true });
    await this.attest({ name: 'revoked.verifiedCountry', caseName: 'revoked', schema: 'verifiedCountry', recipient: 'revoked', data: country('FR'), decoded: { verifiedCountry: 'FR' }, revoke: true });
    await this.attest({ name: 'expired.verifiedAccount', caseName: 'expired', schema: acc, recipient: 'expired', data: bool(true), decoded: { verifiedAccount: true }, expirationTime: EXPIRED_AT });
    await this.attest({ name: 'expired.verifiedCountry', caseName: 'expired', schema: 'verifiedCountry', recipient: 'expired', data: country('US'), decoded: { verifiedCountry: 'US' }, expirationTime: EXPIRED_AT });
    await this.attest({ name: 'wrongAttester.verifiedAccount', caseName: 'wrong_attester', schema: acc, recipient: 'wrongAttester', attester: 'rogue', data: bool(true), decoded: { verifiedAccount: true } });
    // a verified-country attestation filed under the verified-account key
    await this.attest({ name: 'wrongSchema.verifiedCountry', caseName: 'wrong_schema', schema: 'verifiedCountry', recipient: 'wrongSchema', data: country('DE'), decoded: { verifiedCountry: 'DE' }, indexAs: { wallet: 'wrongSchema', schema: acc } });
    // the holder's valid account attestation filed under recipientMismatch's key
    const holderAcc = this.attestations.find((a) => a.name === 'holder.verifiedAccount');
    await this.indexUnder('recipientMismatch', this.schemas[acc].uid, holderAcc.uid, 'recipient_mismatch');
  }

  async passportAttestations() {
    const score = (display, { passing }) => {
      const raw = Number(parseUnits(display, 4));
      const stamps = [['Github', 150000n], ['Ens', BigInt(raw) - 150000n > 0n ? BigInt(raw) - 150000n : 0n]];
      return {
        data: coder.encode(
          ['bool', 'uint8', 'uint128', 'uint32', 'uint32', 'tuple(string,uint256)[]'],
          [passing, 4, 7922n, raw, 200000, stamps],
        ),
        decoded: {
          passing_score: passing,
          score_decimals: 4,
          scorer_id: '7922',
          score: raw,
          threshold: 200000,
          stamps: stamps.map(([provider, s]) => ({ provider, score: s.toString() })),
          displayScore: display,
        },
      };
    };
    const s = 'score';
    const high = score('25.5', { passing: true });
    const low = score('12.3', { passing: false });
    await this.attest({ name: 'holder.passportScore', caseName: 'valid', schema: s, recipient: 'holder', ...high });
    await this.attest({ name: 'lowScore.passportScore', caseName: 'below_threshold', schema: s, recipient: 'lowScore', ...low });
    await this.attest({ name: 'revoked.passportScore', caseName: 'revoked', schema: s, recipient: 'revoked', ...high, revoke: true });
    await this.attest({ name: 'expired.passportScore', caseName: 'expired', schema: s, recipient: 'expired', ...high, expirationTime: EXPIRED_AT });
    await this.attest({ name: 'wrongAttester.passportScore', caseName: 'wrong_attester', schema: s, recipient: 'wrongAttester', attester: 'rogue', ...high });
    const legacy = coder.encode(['uint256', 'uint32', 'uint8'], [255000n, 7922, 4]);
    await this.attest({
      name: 'wrongSchema.legacyScore',
      caseName: 'wrong_schema',
      schema: 'legacyScore',
      recipient: 'wrongSchema',
      data: legacy,
      decoded: { score: '255000', scorer_id: 7922, score_decimals: 4 },
      indexAs: { wallet: 'wrongSchema', schema: s },
    });
    const holderScore = this.attestations.find((a) => a.name === 'holder.passportScore');
    await this.indexUnder('recipientMismatch', this.schemas[s].uid, holderScore.uid, 'recipient_mismatch');
  }

  async farcaster() {
    await this.placed('farcasterIdRegistry', 'FidRegistry', this.own.FidRegistry, [DEPLOYER.address], PRODUCTION.farcasterIdRegistry);
    await this.mine();
    for (const [w, fid] of [['holder', 1001], ['delegated7702', 1002]]) {
      await this.invoke(DEPLOYER.address, PRODUCTION.farcasterIdRegistry, this.own.FidRegistry.abi, 'register', [this.addr(w), fid]);
      this.fids.push({ wallet: w, address: this.addr(w), fid });
      this.hold(w, ['fid'], fid);
    }
  }

  async agentRegistry() {
    const reg = PRODUCTION.erc8004IdentityRegistry;
    const abi = this.own.AgentIdentityRegistry.abi;
    await this.placed('erc8004IdentityRegistry', 'AgentIdentityRegistry', this.own.AgentIdentityRegistry, [], reg);
    await this.mine();
    const holder = this.addr('holder');
    const operator = this.wallets.agentOperator;
    await this.rpc.send('anvil_impersonateAccount', [holder]);
    await this.invoke(holder, reg, abi, 'register', ['https://agents.devnet.invalid/0.json']);
    // bind agent 0 to agentOperator with that wallet's EIP-712 consent
    const head = await this.rpc.send('eth_getBlockByNumber', ['latest', false]);
    const deadline = Number(head.timestamp) + 120;
    const sig = await operator.signer.signTypedData(
      { name: 'ERC8004IdentityRegistry', version: '1', chainId: this.chainId, verifyingContract: reg },
      { AgentWalletSet: [{ name: 'agentId', type: 'uint256' }, { name: 'newWallet', type: 'address' }, { name: 'owner', type: 'address' }, { name: 'deadline', type: 'uint256' }] },
      { agentId: 0, newWallet: operator.address, owner: holder, deadline },
    );
    await this.invoke(holder, reg, abi, 'setAgentWallet', [0, operator.address, deadline, sig]);
    await this.rpc.send('anvil_stopImpersonatingAccount', [holder]);
    await this.rpc.send('anvil_impersonateAccount', [operator.address]);
    await this.invoke(operator.address, reg, abi, 'register', ['https://agents.devnet.invalid/1.json']);
    await this.rpc.send('anvil_stopImpersonatingAccount', [operator.address]);
    this.agents.push({ agentId: '0', owner: holder, ownerWallet: 'holder', agentWallet: operator.address, agentWalletWallet: 'agentOperator' });
    this.agents.push({ agentId: '1', owner: operator.address, ownerWallet: 'agentOperator', agentWallet: operator.address, agentWalletWallet: 'agentOperator' });
    this.hold('holder', ['erc8004Agents'], [{ agentId: '0', via: 'owner' }]);
    this.hold('agentOperator', ['erc8004Agents'], [{ agentId: '0', via: 'agent_wallet' }, { agentId: '1', via: 'owner_and_agent_wallet' }]);
  }

  async delegationFramework() {
    // the two older managers and every recognized enforcer, at their production addresses
    const dm = delegationArtifact('DelegationManager');
    await this.placed(
      ['delegationManager_1_0_0', 'delegationManager_1_1_0'],
      'DelegationManager',
      dm,
      [DEPLOYER.address],
      [PRODUCTION.delegationManagers['1.0.0'].address, PRODUCTION.delegationManagers['1.1.0'].address],
    );
    const kinds = {
      timestamp: 'TimestampEnforcer',
      erc20TransferAmount: 'ERC20TransferAmountEnforcer',
      nativeTokenTransferAmount: 'NativeTokenTransferAmountEnforcer',
      allowedTargets: 'AllowedTargetsEnforcer',
      limitedCalls: 'LimitedCallsEnforcer',
    };
    for (const [kind, artifactName] of Object.entries(kinds)) {
      const keys = [];
      const targets = [];
      for (const [version, m] of Object.entries(PRODUCTION.delegationManagers)) {
        if (!m.enforcers[kind]) continue;
        keys.push(`enforcer_${kind}_${version.replaceAll('.', '_')}`);
        targets.push(m.enforcers[kind]);
      }
      await this.placed(keys, artifactName, delegationArtifact(artifactName), [], targets);
    }
    await this.mine();

    const usdc = PRODUCTION.usdc[8453];
    const terms = {
      timestamp: (after, before) => solidityPacked(['uint128', 'uint128'], [after, before]),
      erc20TransferAmount: (token, max) => solidityPacked(['address', 'uint256'], [token, max]),
      nativeTokenTransferAmount: (max) => coder.encode(['uint256'], [max]),
      allowedTargets: (targets) => solidityPacked(targets.map(() => 'address'), targets),
      limitedCalls: (n) => coder.encode(['uint256'], [n]),
    };
    const caveatsFor = (version, { before = YEAR_2100, unknownEnforcer = false } = {}) => {
      const e = PRODUCTION.delegationManagers[version].enforcers;
      const list = [
        { kind: 'timestamp', enforcer: e.timestamp, terms: terms.timestamp(GENESIS_TIMESTAMP, before) },
        { kind: 'erc20_transfer_amount', enforcer: e.erc20TransferAmount, terms: terms.erc20TransferAmount(usdc, 100_000_000n) },
        { kind: 'allowed_targets', enforcer: e.allowedTargets, terms: terms.allowedTargets([usdc]) },
        { kind: 'limited_calls', enforcer: e.limitedCalls, terms: terms.limitedCalls(5n) },
      ];
      if (e.nativeTokenTransferAmount) {
        list.push({ kind: 'native_transfer_amount', enforcer: e.nativeTokenTransferAmount, terms: terms.nativeTokenTransferAmount(10n ** 17n) });
      }
      if (unknownEnforcer) list.push({ kind: 'unknown', enforcer: getAddress('0x000000000000000000000000000000000000dEaD'), terms: '0x' });
      return list;
    };
    // the enforcers must decode our terms the way we mean them
    const e13 = PRODUCTION.delegationManagers['1.3.0'].enforcers;
    const [after, before] = await this.call(e13.timestamp, delegationArtifact('TimestampEnforcer').abi, 'getTermsInfo', [terms.timestamp(GENESIS_TIMESTAMP, YEAR_2100)]);
    this.expect(Number(after) === GENESIS_TIMESTAMP && Number(before) === YEAR_2100, 'TimestampEnforcer terms');
    const [tok, max] = await this.call(e13.erc20TransferAmount, delegationArtifact('ERC20TransferAmountEnforcer').abi, 'getTermsInfo', [terms.erc20TransferAmount(usdc, 100_000_000n)]);
    this.expect(tok === usdc && max === 100_000_000n, 'ERC20TransferAmountEnforcer terms');
    const targets = await this.call(e13.allowedTargets, delegationArtifact('AllowedTargetsEnforcer').abi, 'getTermsInfo', [terms.allowedTargets([usdc])]);
    this.expect(targets.length === 1 && targets[0] === usdc, 'AllowedTargetsEnforcer terms');

    const types = {
      Delegation: [
        { name: 'delegate', type: 'address' },
        { name: 'delegator', type: 'address' },
        { name: 'authority', type: 'bytes32' },
        { name: 'caveats', type: 'Caveat[]' },
        { name: 'salt', type: 'uint256' },
      ],
      Caveat: [
        { name: 'enforcer', type: 'address' },
        { name: 'terms', type: 'bytes' },
      ],
    };
    const dmAbi = dm.abi;
    const make = async ({ name, caseName, version = '1.3.0', delegatorWallet, delegateWallet = 'holder', salt, caveatOptions = {}, revoke = false }) => {
      const manager = PRODUCTION.delegationManagers[version].address;
      const caveats = caveatsFor(version, caveatOptions);
      const delegation = {
        delegate: this.addr(delegateWallet),
        delegator: this.addr(delegatorWallet),
        authority: ROOT_AUTHORITY,
        caveats: caveats.map((c) => ({ enforcer: c.enforcer, terms: c.terms, args: '0x' })),
        salt,
        signature: '0x',
      };
      const domain = { name: 'DelegationManager', version: '1', chainId: this.chainId, verifyingContract: manager };
      const digest = TypedDataEncoder.hash(domain, types, delegation);
      const hash = TypedDataEncoder.from(types).hash(delegation);
      let signature;
      let signatureType;
      if (delegatorWallet === 'contractAccount') {
        signature = new SigningKey(this.wallets.contractOwner.privateKey).sign(digest).serialized;
        signatureType = 'erc1271';
        const magic = await this.call(this.addr('contractAccount'), this.own.OwnedSmartAccount.abi, 'isValidSignature', [digest, signature]);
        this.expect(magic === '0x1626ba7e', `${name}: contract account accepts the signature`);
      } else {
        signature = await this.wallets[delegatorWallet].signer.signTypedData(domain, types, delegation);
        signatureType = 'eoa';
      }
      delegation.signature = signature;
      const onchainHash = await this.call(manager, dmAbi, 'getDelegationHash', [delegation]);
      this.expect(onchainHash === hash, `${name}: manager hashes the delegation as ${onchainHash}, expected ${hash}`);
      const domainHash = await this.call(manager, dmAbi, 'getDomainHash', []);
      this.expect(keccak256(concat(['0x1901', domainHash, hash])) === digest, `${name}: digest under the manager's domain`);
      if (revoke) {
        await this.rpc.send('anvil_impersonateAccount', [delegation.delegator]);
        await this.invoke(delegation.delegator, manager, dmAbi, 'disableDelegation', [delegation]);
        await this.rpc.send('anvil_stopImpersonatingAccount', [delegation.delegator]);
      }
      const disabled = await this.call(manager, dmAbi, 'disabledDelegations', [hash]);
      this.expect(disabled === revoke, `${name}: disabledDelegations is ${disabled}`);
      this.delegations.push({
        name,
        case: caseName,
        delegationManager: manager,
        managerVersion: version,
        delegationHash: hash,
        digest,
        signatureType,
        disabled,
        delegatorWallet,
        delegateWallet,
        delegation: {
          delegator: delegation.delegator,
          delegate: delegation.delegate,
          authority: ROOT_AUTHORITY,
          caveats: caveats.map((c) => ({ enforcer: c.enforcer, terms: c.terms, kind: c.kind })),
          salt: salt.toString(),
          signature,
        },
      });
      this.hold(delegateWallet, ['delegationsReceived'], [name]);
    };
    await make({ name: 'active', caseName: 'valid', delegatorWallet: 'delegator', salt: 1n });
    await make({ name: 'revoked', caseName: 'revoked', delegatorWallet: 'delegator', salt: 2n, revoke: true });
    await make({ name: 'contractPrincipal', caseName: 'valid_erc1271', delegatorWallet: 'contractAccount', salt: 3n });
    await make({ name: 'outsideTimeWindow', caseName: 'outside_time_window', delegatorWallet: 'delegator', salt: 4n, caveatOptions: { before: EXPIRED_AT } });
    await make({ name: 'unknownEnforcer', caseName: 'unknown_caveat_enforcer', delegatorWallet: 'delegator', salt: 5n, caveatOptions: { unknownEnforcer: true } });
    await make({ name: 'active_v1_1_0', caseName: 'valid', version: '1.1.0', delegatorWallet: 'delegator', salt: 6n });
    await make({ name: 'active_v1_0_0', caseName: 'valid', version: '1.0.0', delegatorWallet: 'delegator', salt: 7n });
  }

  async codeStates() {
    // a REAL type-4 transaction: the deployer sponsors it, delegated7702 signs the authorization
    const w = this.wallets.delegated7702.signer;
    const target = PRODUCTION.eip7702StatelessDeleGatorV130;
    const auth = await w.authorize({ address: target, nonce: 0, chainId: this.chainId });
    const deployer = new Wallet(DEPLOYER.privateKey);
    const nonce = Number(await this.rpc.send('eth_getTransactionCount', [DEPLOYER.address, 'pending']));
    const block = await this.rpc.send('eth_getBlockByNumber', ['latest', false]);
    const tx = Transaction.from({
      type: 4,
      chainId: this.chainId,
      nonce,
      to: w.address,
      data: '0x',
      value: 0,
      gasLimit: 100000,
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerGas: BigInt(block.baseFeePerGas) * 2n + 1_000_000_000n,
      authorizationList: [auth],
    });
    const signed = await deployer.signTransaction(tx);
    const hash = await this.rpc.send('eth_sendRawTransaction', [signed]);
    const r = await this.receipt(hash);
    this.expect(r.type === '0x4', 'the designator came from a type-4 transaction');
    this.typedTx = { hash, blockNumber: Number(r.blockNumber) };
    this.codeStatesList = [
      { wallet: 'empty', expect: 'none' },
      { wallet: 'holder', expect: 'none' },
      { wallet: 'delegated7702', expect: 'eip7702', delegate: target, setBy: hash, setInBlock: Number(r.blockNumber) },
      { wallet: 'contractAccount', expect: 'contract' },
    ];
    for (const c of this.codeStatesList) {
      // what an account proof's codeHash must show for this state
      c.codeHash = keccak256(await this.rpc.send('eth_getCode', [this.addr(c.wallet), 'latest']));
      this.hold(c.wallet, ['codeState'], c.delegate ? { expect: c.expect, delegate: c.delegate } : { expect: c.expect });
    }
  }

  /**
   * Tokens for Merkle proofs of balances beyond the OpenZeppelin layout: one whose balance is
   * computed from shares (no slot holds it: proofs are declined) and one with Vyper's key order for
   * its balance mapping (keccak(pad(1) ‖ pad(holder))).
   */
  async proofTokens() {
    const own = this.own;
    await this.deployed('sharesToken', 'SharesToken', own.SharesToken, []);
    await this.deployed('vyperLayoutToken', 'VyperLayoutToken', own.VyperLayoutToken, []);
    const shares = parseUnits('2', 18);
    await this.invoke(DEPLOYER.address, this.contracts.sharesToken.address, own.SharesToken.abi, 'mintShares', [
      this.addr('holder'),
      shares,
    ]);
    this.hold('holder', ['erc20', 'dSTK'], {
      contract: this.contracts.sharesToken.address,
      raw: ((shares * 125n) / 100n).toString(),
      display: '2.5',
      decimals: 18,
      computed: true,
    });
    const raw = parseUnits('42', 18);
    await this.invoke(DEPLOYER.address, this.contracts.vyperLayoutToken.address, own.VyperLayoutToken.abi, 'mint', [
      this.addr('holder'),
      raw,
    ]);
    this.hold('holder', ['erc20', 'dCRV'], {
      contract: this.contracts.vyperLayoutToken.address,
      raw: raw.toString(),
      display: '42',
      decimals: 18,
      // Vyper key order: the mapping's slot (1) first, the holder second
      balanceSlot: keccak256(coder.encode(['uint256', 'address'], [1, this.addr('holder')])),
    });
  }

  /**
   * What paying the service needs: the payer's stablecoins and gas, gas for the pass minter and the
   * relayer, USDT at its production address on chain 1, and the access pass on 8453 with the
   * minter role granted. Appended after everything else, so the addresses and blocks above stay.
   */
  async payments() {
    const own = this.own;
    const eth = (w, amount) => this.send(DEPLOYER.address, this.addr(w), '0x', parseUnits(amount, 18));
    const funded = this.chainId === 8453 ? ['payer', 'relayer', 'passMinter'] : ['payer', 'relayer'];
    for (const w of funded) {
      await eth(w, '1');
      this.hold(w, ['native'], { raw: parseUnits('1', 18).toString(), display: '1', decimals: 18 });
    }
    const mint = async (token, symbol, wallet, display) => {
      const raw = parseUnits(display, 6);
      await this.invoke(DEPLOYER.address, token, own.DevToken.abi, 'mint', [this.addr(wallet), raw]);
      this.hold(wallet, ['erc20', symbol], {
        contract: token,
        raw: raw.toString(),
        display,
        decimals: 6,
        balanceSlot: keccak256(coder.encode(['address', 'uint256'], [this.addr(wallet), 0])),
      });
    };
    // no USDC here: tests mint what each payment needs, and the holder stays the only USDC holder
    // of the scenario (its share of the supply is 1)
    if (PRODUCTION.usdt[this.chainId]) {
      await this.placed('usdt', 'DevToken', own.DevToken, ['Tether USD', 'USDT', 6], PRODUCTION.usdt[this.chainId]);
      await this.mine();
      await mint(PRODUCTION.usdt[this.chainId], 'USDT', 'payer', '1000');
    }
    if (this.chainId === 8453) {
      const pass = await this.deployed('accessPass', 'AccessPass', own.AccessPass, [DEPLOYER.address]);
      const role = await this.call(pass, own.AccessPass.abi, 'MINTER_ROLE');
      await this.invoke(DEPLOYER.address, pass, own.AccessPass.abi, 'grantRole', [role, this.addr('passMinter')]);
      this.accessPass = { address: pass, minterRole: role, minter: this.addr('passMinter') };
    }
  }

  // ---------------------------------------------------------------- checks of the placed contracts

  async verify() {
    const code = (a) => this.rpc.send('eth_getCode', [a, 'latest']);
    for (const [key, c] of Object.entries(this.contracts)) {
      this.expect((await code(c.address)) !== '0x', `${key} has code at ${c.address}`);
    }
    const mc = await multicall3Artifact();
    this.expect((await this.call(PRODUCTION.multicall3, mc.abi, 'getChainId')) === BigInt(this.chainId), 'Multicall3.getChainId');
    const t = this.own.DevToken.abi;
    const usdc = PRODUCTION.usdc[this.chainId];
    this.expect((await this.call(usdc, t, 'name')) === 'USD Coin', 'USDC name');
    this.expect((await this.call(usdc, t, 'symbol')) === 'USDC', 'USDC symbol');
    this.expect(Number(await this.call(usdc, t, 'decimals')) === 6, 'USDC decimals');
    this.expect((await this.call(usdc, t, 'balanceOf', [this.addr('holder')])) === 250_000_000n, 'USDC balance');
    const fiat = this.own.FiatTokenV2.abi;
    const domain = { ...PRODUCTION.usdcDomain, chainId: this.chainId, verifyingContract: usdc };
    this.expect((await this.call(usdc, fiat, 'DOMAIN_SEPARATOR')) === TypedDataEncoder.hashDomain(domain), 'USDC EIP-712 domain');
    this.expect((await this.call(usdc, fiat, 'version')) === PRODUCTION.usdcDomain.version, 'USDC version');
    if (PRODUCTION.usdt[this.chainId]) {
      this.expect((await this.call(PRODUCTION.usdt[this.chainId], t, 'symbol')) === 'USDT', 'USDT symbol');
      this.expect(Number(await this.call(PRODUCTION.usdt[this.chainId], t, 'decimals')) === 6, 'USDT decimals');
    }
    if (this.accessPass) {
      const abi = this.own.AccessPass.abi;
      const { address, minterRole, minter } = this.accessPass;
      this.expect(await this.call(address, abi, 'hasRole', [minterRole, minter]), 'AccessPass minter role');
      this.expect((await this.call(address, abi, 'balanceOf', [this.addr('payer')])) === 0n, 'payer holds no pass');
    }

    const dmAbi = delegationArtifact('DelegationManager').abi;
    for (const [version, m] of Object.entries(PRODUCTION.delegationManagers)) {
      if ((await code(m.address)) === '0x') continue;
      this.expect((await this.call(m.address, dmAbi, 'owner')) === DEPLOYER.address, `DelegationManager ${version} owner`);
      const dh = await this.call(m.address, dmAbi, 'getDomainHash');
      if (this.chainId === 8453) {
        this.expect(dh === PRODUCTION.delegationManagerDomainHashes8453[version], `DelegationManager ${version} domain hash ${dh}`);
      }
      this.contracts[`delegationManager_${version.replaceAll('.', '_')}`].bytecodeVersion = await this.call(m.address, dmAbi, 'VERSION');
    }
    const dg = delegationArtifact('EIP7702StatelessDeleGator').abi;
    this.expect(
      (await this.call(this.addr('delegated7702'), dg, 'delegationManager')) === PRODUCTION.delegationManagers['1.3.0'].address,
      'the 7702 account executes the DeleGator code',
    );
    const designator = await code(this.addr('delegated7702'));
    this.expect(designator.toLowerCase() === ('0xef0100' + PRODUCTION.eip7702StatelessDeleGatorV130.slice(2)).toLowerCase(), `designator ${designator}`);
    this.expect((await code(this.addr('holder'))) === '0x', 'holder has no code');

    if (this.contracts.eas) {
      const eas = easArtifact('EAS').abi;
      this.expect((await this.call(this.easAt, eas, 'getSchemaRegistry')) === this.registryAt, 'EAS.getSchemaRegistry');
      this.contracts.eas.bytecodeVersion = await this.call(this.easAt, eas, 'version');
      for (const e of this.indexEntries) {
        const fn = e.function.slice(0, e.function.indexOf('('));
        const uid = await this.call(e.lookup, [`function ${e.function} view returns (bytes32)`], fn, [e.recipient, e.schema]);
        this.expect(uid === e.uid, `lookup entry ${e.recipientWallet}/${e.case}`);
      }
      if (this.contracts.easIndexer) {
        const resolver = PRODUCTION.passport.resolver;
        const owner = await this.call(resolver, this.own.PassportResolver.abi, 'owner');
        this.expect(owner === DEPLOYER.address, 'PassportResolver owner');
        // as on OP Mainnet: neither EAS's Indexer nor the passport resolver has getAttestationUid
        const getAttestationUid = new Interface(['function getAttestationUid(address,bytes32) view returns (bytes32)']);
        const data = getAttestationUid.encodeFunctionData('getAttestationUid', [this.addr('holder'), this.schemas.score.uid]);
        for (const to of [PRODUCTION.passport.easIndexer, resolver]) {
          const answered = await this.rpc.send('eth_call', [{ to, data }, 'latest']).then(() => true, () => false);
          this.expect(!answered, `getAttestationUid at ${to} must revert`);
        }
        const indexer = easArtifact('Indexer').abi;
        this.contracts.easIndexer.bytecodeVersion = await this.call(PRODUCTION.passport.easIndexer, indexer, 'version');
        const holder = this.addr('holder');
        for (const a of this.attestations.filter((x) => x.recipientWallet === 'holder')) {
          const received = await this.call(PRODUCTION.passport.easIndexer, indexer, 'getReceivedAttestationUIDs', [holder, a.schema, 0, 10, false]);
          this.expect(received.length === 1 && received[0] === a.uid, `received-attestation list of ${a.name}`);
        }
      }
      const head = await this.rpc.send('eth_getBlockByNumber', ['latest', false]);
      for (const a of this.attestations) {
        const att = await this.call(this.easAt, eas, 'getAttestation', [a.uid]);
        const valid = att.revocationTime === 0n && (att.expirationTime === 0n || att.expirationTime > BigInt(head.timestamp));
        const expectValid = !['revoked', 'expired'].includes(a.case);
        this.expect(valid === expectValid, `attestation ${a.name} validity at head`);
      }
    }
    if (this.contracts.farcasterIdRegistry) {
      for (const f of this.fids) {
        this.expect(Number(await this.call(PRODUCTION.farcasterIdRegistry, this.own.FidRegistry.abi, 'idOf', [f.address])) === f.fid, `idOf ${f.wallet}`);
      }
    }
    if (this.contracts.erc8004IdentityRegistry) {
      const abi = this.own.AgentIdentityRegistry.abi;
      for (const a of this.agents) {
        this.expect((await this.call(PRODUCTION.erc8004IdentityRegistry, abi, 'ownerOf', [a.agentId])) === a.owner, `agent ${a.agentId} owner`);
        this.expect((await this.call(PRODUCTION.erc8004IdentityRegistry, abi, 'getAgentWallet', [a.agentId])) === a.agentWallet, `agent ${a.agentId} wallet`);
      }
      this.expect((await this.call(PRODUCTION.erc8004IdentityRegistry, abi, 'name')) === 'AgentIdentity', 'registry name');
    }
  }

  result() {
    const chain = {
      chainId: this.chainId,
      readyBlock: this.readyBlock,
      contracts: this.contracts,
      stagingDeployments: this.staging,
      schemas: this.schemas,
      attestations: this.attestations,
      indexEntries: this.indexEntries,
      delegations: this.delegations,
      agents: this.agents,
      fids: this.fids,
      codeStates: this.codeStatesList,
      eip7702Transaction: this.typedTx,
      accessPass: this.accessPass,
    };
    const wallets = {};
    for (const [name, w] of Object.entries(this.holdings)) wallets[name] = w;
    return { chain, holdings: wallets, addresses: Object.fromEntries(Object.keys(WALLET_ROLES).map((n) => [n, this.addr(n)])) };
  }
}

