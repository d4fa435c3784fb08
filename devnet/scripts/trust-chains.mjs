// The trust profile's other EVM chains: one light anvil per chain id of the check list that the
// devnet does not run, with Multicall3 and the list's token and NFT contracts placed at their
// production addresses (the devnet's DevToken and DevCollection runtime code, copied from the
// running devnet), and the holder wallet given a mix of holdings (every other row of each chain).
// On the devnet's own chains it places the list's contracts that are not deployed there yet.
//
//   node scripts/trust-chains.mjs --manifest devnet/run/manifest.json --list <trust-checks.tsv> [--all-chains]
//       [--wait-manifest]   (start the anvils at once; wait for the manifest file to appear, then place)
//
// With --all-chains it also runs every other EVM chain id the service serves (scenario.mjs
// EVM_CHAIN_IDS: 31 with the devnet's own), each with Multicall3, and places the accepted payment
// tokens (PAYMENT_TOKENS) where the list has not placed them, the holder holding each.
//
// Prints "<chainId> <rpcUrl>" per chain, then "TRUST_CHAINS_READY <seconds> <rss MiB>" and stays in
// the foreground until its standard input closes or it is signalled; it stops its anvils then.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AbiCoder, keccak256, zeroPadValue, toBeHex } from 'ethers';
import { rpcCall as rpc, waitForRpc } from './rpc.mjs';
import { CHAINS, EVM_CHAIN_IDS, PAYMENT_TOKENS } from './scenario.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const anvilBin = join(root, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');
const log = (m) => process.stderr.write(`trust-chains: ${m}\n`);
const MULTICALL = '0xcA11bde05977b3631167028862bE2a173976CA11';
const ZKSYNC_MULTICALL = '0xF9cda624FBC7e059355ce98a31693d299FACd963';
// OpenZeppelin 5 layouts of the devnet's contracts: ERC20 _balances at slot 0, ERC721 at slot 3
const ERC20_BALANCES = 0n;
const ERC721_BALANCES = 3n;

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const allChains = process.argv.includes('--all-chains');
// --wait-manifest: start the anvils at once and wait for the manifest file to appear (the devnet
// is still deploying), then place; the devnet's own chains are then the scenario's (CHAINS)
const waitManifest = process.argv.includes('--wait-manifest');
let manifest = waitManifest ? null : JSON.parse(readFileSync(args.manifest, 'utf8'));
const listRows = readFileSync(args.list, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('dimension\t'))
  .map((l) => l.split('\t'))
  .filter((c) => /^[0-9]+$/.test(c[2]) && (c[3] === 'token_balance' || c[3] === 'nft_ownership'));
// with --all-chains, the payment tokens the list does not name, in the list's row shape (they come
// after the list's rows of their chain, so the list's every-other-row holdings stay as they are)
const placedByList = new Set(listRows.map((c) => `${c[2]}:${c[4].toLowerCase()}`));
const paymentRows = !allChains
  ? []
  : Object.entries(PAYMENT_TOKENS).flatMap(([id, tokens]) =>
      tokens
        .filter((t) => !placedByList.has(`${id}:${t.toLowerCase()}`))
        .map((t) => ['payments', `payment token ${t} on ${id}`, id, 'token_balance', t, 'held']));
const rows = [...listRows, ...paymentRows];

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

function balanceSlot(holder, mappingSlot) {
  return keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [holder, mappingSlot]));
}

const started = Date.now();
const devnetChains = manifest ? manifest.chains : CHAINS;
const chainIds = [
  ...new Set([...rows.map((c) => c[2]), ...(allChains ? EVM_CHAIN_IDS.map(String) : [])]),
].filter((id) => !devnetChains[id]);
const anvils = [];
const stopAll = () => anvils.forEach((a) => a.kill('SIGTERM'));
process.on('SIGTERM', () => { stopAll(); process.exit(0); });
process.on('SIGINT', () => { stopAll(); process.exit(0); });
process.stdin.on('end', () => { stopAll(); process.exit(0); });
process.stdin.resume();

const urls = {};
await Promise.all(
  chainIds.map(async (id) => {
    const port = await freePort();
    // light: one account, no fork, small state history kept in memory
    const anvil = spawn(anvilBin, ['--chain-id', id, '--port', String(port), '--host', '127.0.0.1',
      '--accounts', '1', '--prune-history'], { stdio: 'ignore' });
    anvils.push(anvil);
    const url = `http://127.0.0.1:${port}`;
    await waitForRpc(url, { timeoutMs: 60_000, alive: () => anvil.exitCode === null });
    urls[id] = url;
  }),
);
while (!manifest) {
  if (existsSync(args.manifest)) manifest = JSON.parse(readFileSync(args.manifest, 'utf8'));
  else await new Promise((r) => setTimeout(r, 50));
}
const base = manifest.chains['1'].rpcUrl;
const holder = manifest.wallets.holder.address;
const tokenCode = await rpc(base, 'eth_getCode', [manifest.chains['1'].contracts.usdc.address, 'latest']);
const nftCode = await rpc(manifest.chains['8453'].rpcUrl, 'eth_getCode', [manifest.chains['8453'].contracts.nft.address, 'latest']);
const multicallCode = await rpc(base, 'eth_getCode', [MULTICALL, 'latest']);
await Promise.all(
  chainIds.map(async (id) => {
    const url = urls[id];
    await rpc(url, 'anvil_setCode', [id === '324' ? ZKSYNC_MULTICALL : MULTICALL, multicallCode]);
    let n = 0;
    for (const c of rows.filter((r) => r[2] === id)) {
      const address = c[4];
      const nft = c[3] === 'nft_ownership';
      await rpc(url, 'anvil_setCode', [address, nft ? nftCode : tokenCode]);
      if (n++ % 2 === 0 || c[5] === 'held') {
        const slot = balanceSlot(holder, nft ? ERC721_BALANCES : ERC20_BALANCES);
        await rpc(url, 'anvil_setStorageAt', [address, slot, zeroPadValue(toBeHex(nft ? 1n : 1_000_000n), 32)]);
      }
    }
    await rpc(url, 'evm_mine');
  }),
);
// the devnet's own chains (1, 8453, 10): place the list's contracts where nothing is deployed yet
// (USDC and the scenario's contracts stay as deployed)
let placedOnDevnet = 0;
for (const [id, chain] of Object.entries(manifest.chains)) {
  let n = 0;
  for (const c of rows.filter((r) => r[2] === id)) {
    const address = c[4];
    if ((await rpc(chain.rpcUrl, 'eth_getCode', [address, 'latest'])) !== '0x') continue;
    const nft = c[3] === 'nft_ownership';
    await rpc(chain.rpcUrl, 'anvil_setCode', [address, nft ? nftCode : tokenCode]);
    if (n++ % 2 === 0 || c[5] === 'held') {
      const slot = balanceSlot(holder, nft ? ERC721_BALANCES : ERC20_BALANCES);
      await rpc(chain.rpcUrl, 'anvil_setStorageAt', [address, slot, zeroPadValue(toBeHex(nft ? 1n : 1_000_000n), 32)]);
    }
    placedOnDevnet++;
  }
  await rpc(chain.rpcUrl, 'evm_mine');
}
log(`placed ${placedOnDevnet} of the list's contracts on the devnet's own chains`);
let rss = 0;
for (const a of anvils) {
  try {
    const status = readFileSync(`/proc/${a.pid}/status`, 'utf8');
    rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    // gone: counted as nothing
  }
}
for (const id of chainIds) console.log(`${id} ${urls[id]}`);
console.log(`TRUST_CHAINS_READY ${((Date.now() - started) / 1000).toFixed(1)} ${(rss / 1024).toFixed(0)}`);
log(`${chainIds.length} chains ready`);
