// Compiles the contracts in ../contracts and runs them on a local anvil. The toolchain (solc-js,
// anvil, ethers) is the devnet's, pinned by devnet/package-lock.json; run devnet's
// scripts/ensure-deps.mjs (the devnet module's build does) before using this.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = resolve(here, '..', 'contracts');
const devnet = resolve(here, '..', '..', '..', 'devnet');
const require = createRequire(join(devnet, 'package.json'));
export const { ethers } = require('ethers');
const anvilBin = join(devnet, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');

/** The chains the tests run on: EIP-7951 on Ethereum (Osaka), RIP-7212 on the OP Stack, and one without. */
export const CHAINS = {
  osaka: { hardfork: 'osaka', network: null, precompile: 'EIP-7951' },
  isthmus: { hardfork: 'isthmus', network: 'optimism', precompile: 'RIP-7212' },
  prague: { hardfork: 'prague', network: null, precompile: null },
};

let compiled;

/** ABI and bytecode of every contract, compiled once per process (solc 0.8.37, optimizer on). */
export function contracts() {
  if (!compiled) compiled = compileDirectories([contractsDir]);
  return compiled;
}

/** Compiles the .sol files of `dirs` as one source set (imports by file name). */
export function compileDirectories(dirs) {
  const solc = require('solc');
  const sources = {};
  for (const dir of dirs) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.sol')).sort()) {
      sources[f] = { content: readFileSync(join(dir, f), 'utf8') };
    }
  }
  const settings = {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result = { solc: solc.version() };
  for (const file of Object.keys(sources)) {
    for (const [name, c] of Object.entries(out.contracts[file] ?? {})) {
      result[name] = { abi: c.abi, bytecode: '0x' + c.evm.bytecode.object };
    }
  }
  return result;
}

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

/** Starts an anvil for `CHAINS[name]`; `stop()` ends it. */
export async function startChain(name, { timestamp } = {}) {
  const chain = CHAINS[name];
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--hardfork', chain.hardfork, '--silent', '--accounts', '4'];
  if (chain.network) args.push('--network', chain.network);
  if (timestamp) args.push('--timestamp', String(timestamp));
  const child = spawn(anvilBin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise((res) => child.once('exit', res));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  let chainId;
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      chainId = Number((await res.json()).result);
      break;
    } catch (e) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`anvil (${chain.hardfork}) did not start: ${e.message}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const provider = new ethers.JsonRpcProvider(url, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  return {
    name,
    ...chain,
    url,
    provider,
    async stop() {
      provider.destroy();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Deploys `name` from `signer` with constructor `args`; returns the attached ethers.Contract. */
export async function deploy(signer, name, ...args) {
  return deployFrom(contracts(), signer, name, ...args);
}

/** Deploys `name` of a compiled source set. */
export async function deployFrom(compiledSet, signer, name, ...args) {
  const c = compiledSet[name];
  const factory = new ethers.ContractFactory(c.abi, c.bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract;
}

/** The EC entries of a JWKS as registration arguments: kid, x and y as 32-byte hex. */
export function ecKeys(jwks) {
  return jwks.keys
    .filter((k) => k.kty === 'EC' && k.crv === 'P-256')
    .map((k) => ({
      kid: k.kid,
      x: '0x' + Buffer.from(k.x, 'base64url').toString('hex'),
      y: '0x' + Buffer.from(k.y, 'base64url').toString('hex'),
    }));
}
