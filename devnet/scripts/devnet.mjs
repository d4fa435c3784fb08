// The devnet supervisor: starts one anvil per chain on 127.0.0.1, deploys the scenario on each,
// writes manifest.json and stays in the foreground until told to stop (SIGTERM/SIGINT/SIGHUP, or the
// end of its standard input with --exit-with-stdin). On the way out it stops every anvil it started.
//
//   node scripts/devnet.mjs run [--chains 1,8453,10] [--ports auto|1=18545,8453=18546,10=18547]
//                               [--run-dir DIR] [--exit-with-stdin]
//
// Prints "DEVNET_READY <manifest path>" on standard output once every chain is deployed; logs go to
// standard error. Exit code 0 after a requested stop, 1 when start-up failed or an anvil died.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileIfNeeded } from './compile.mjs';
import { deployChain } from './deploy.mjs';
import { waitForRpc } from './rpc.mjs';
import { CHAINS, DEPLOYER, GENESIS_TIMESTAMP, WALLET_ROLES, walletKey } from './scenario.mjs';
import { Wallet } from 'ethers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const anvilBin = join(root, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');
const log = (m) => process.stderr.write(`devnet: ${m}\n`);

function parseArgs(argv) {
  const opts = { command: argv[0], chains: Object.keys(CHAINS).map(Number), ports: null, runDir: join(root, 'run'), exitWithStdin: false };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--chains') opts.chains = next().split(',').map((s) => Number(s.trim()));
    else if (a === '--ports') opts.ports = next();
    else if (a === '--run-dir') opts.runDir = resolve(next());
    else if (a === '--exit-with-stdin') opts.exitWithStdin = true;
    else throw new Error(`unknown option ${a}`);
  }
  for (const c of opts.chains) if (!CHAINS[c]) throw new Error(`unsupported chain ${c}; choose from ${Object.keys(CHAINS)}`);
  return opts;
}

function portPlan(opts) {
  const spec = opts.ports ?? process.env.DEVNET_PORTS ?? 'defaults';
  if (spec === 'auto') return Object.fromEntries(opts.chains.map((c) => [c, 0]));
  if (spec === 'defaults') return Object.fromEntries(opts.chains.map((c) => [c, CHAINS[c].defaultPort]));
  const plan = {};
  for (const part of spec.split(',')) {
    const [c, p] = part.split('=').map((s) => Number(s.trim()));
    plan[c] = p;
  }
  for (const c of opts.chains) if (!plan[c]) throw new Error(`--ports names no port for chain ${c}`);
  return plan;
}

function listenable(port) {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(null));
    srv.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const actual = srv.address().port;
      srv.close(() => res(actual));
    });
  });
}

const hasSetpriv = spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status === 0;

class AnvilProcess {
  constructor(chainId, port, runDir) {
    this.chainId = chainId;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    const c = CHAINS[chainId];
    const args = [
      '--host', '127.0.0.1',
      '--port', String(port),
      '--chain-id', String(chainId),
      '--hardfork', c.hardfork,
      '--timestamp', String(GENESIS_TIMESTAMP),
      '--accounts', '10',
      '--balance', '10000',
      '--cache-path', join(runDir, `anvil-cache-${chainId}`),
      '--silent',
    ];
    if (c.network !== 'ethereum') args.push('--network', c.network);
    // With setpriv the anvil gets SIGKILL from the kernel if this supervisor dies without cleaning up.
    const [cmd, argv] = hasSetpriv ? ['setpriv', ['--pdeathsig', 'KILL', '--', anvilBin, ...args]] : [anvilBin, args];
    this.args = args;
    this.child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.stderr = '';
    this.child.stderr.on('data', (d) => (this.stderr = (this.stderr + d).slice(-4000)));
    this.exited = new Promise((res) => this.child.once('exit', (code, signal) => res({ code, signal })));
    this.alive = true;
    this.exited.then(() => (this.alive = false));
  }

  get pid() {
    return this.child.pid;
  }

  async stop() {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const t = setTimeout(() => this.alive && this.child.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(t);
  }
}

async function startAnvil(chainId, wantedPort, runDir) {
  for (let attempt = 0; attempt < 5; attempt++) {
    let port = wantedPort;
    if (port === 0) port = await listenable(0);
    else if ((await listenable(port)) === null) {
      throw new Error(`port ${port} on 127.0.0.1 (chain ${chainId}) is busy; stop what holds it or choose --ports`);
    }
    const p = new AnvilProcess(chainId, port, runDir);
    try {
      await waitForRpc(p.url, { timeoutMs: 20000, alive: () => p.alive });
      return p;
    } catch (e) {
      await p.stop();
      if (wantedPort !== 0) throw new Error(`anvil for chain ${chainId} did not start: ${e.message}\n${p.stderr}`);
      log(`anvil for chain ${chainId} on port ${port} did not start (${e.message.trim()}), retrying on another port`);
    }
  }
  throw new Error(`anvil for chain ${chainId} did not start`);
}

function buildManifest(opts, anvils, results, timings) {
  const chains = {};
  const wallets = {};
  for (const [name, role] of Object.entries(WALLET_ROLES)) {
    const key = name === 'contractAccount' ? null : new Wallet(walletKey(name)).privateKey;
    wallets[name] = { address: null, privateKey: key, role, chains: {} };
  }
  for (const p of anvils) {
    const { chain, holdings, addresses } = results[p.chainId];
    const c = CHAINS[p.chainId];
    chains[p.chainId] = {
      ...chain,
      name: c.name,
      rpcUrl: p.url,
      port: p.port,
      pid: p.pid,
      hardfork: c.hardfork,
      network: c.network,
      anvilArgs: p.args,
    };
    for (const [name, address] of Object.entries(addresses)) {
      if (wallets[name].address && wallets[name].address !== address) {
        throw new Error(`wallet ${name} has different addresses on different chains`);
      }
      wallets[name].address = address;
    }
    for (const [name, h] of Object.entries(holdings)) wallets[name].chains[p.chainId] = h;
  }
  return {
    manifestVersion: 2,
    genesisTimestamp: GENESIS_TIMESTAMP,
    supervisorPid: process.pid,
    runDir: opts.runDir,
    deployer: DEPLOYER,
    chains,
    wallets,
    timings,
  };
}

async function run(opts) {
  mkdirSync(opts.runDir, { recursive: true });
  const pidFile = join(opts.runDir, 'devnet.pid');
  const manifestFile = join(opts.runDir, 'manifest.json');
  if (existsSync(pidFile)) {
    const old = Number(readFileSync(pidFile, 'utf8').trim());
    let running = false;
    try {
      process.kill(old, 0);
      running = true;
    } catch {}
    if (running) throw new Error(`a devnet (pid ${old}) already runs with run dir ${opts.runDir}`);
  }
  rmSync(manifestFile, { force: true });
  writeFileSync(pidFile, `${process.pid}\n`);

  const anvils = [];
  let stopping = false;
  const stop = async (code, why) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${why})`);
    await Promise.all(anvils.map((a) => a.stop()));
    rmSync(pidFile, { force: true });
    rmSync(manifestFile, { force: true });
    for (const c of opts.chains) rmSync(join(opts.runDir, `anvil-cache-${c}`), { recursive: true, force: true });
    process.exit(code);
  };
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => stop(0, sig));
  if (opts.exitWithStdin) {
    process.stdin.on('data', () => {});
    process.stdin.on('end', () => stop(0, 'standard input closed'));
    process.stdin.on('error', () => stop(0, 'standard input failed'));
  }

  try {
    const t0 = Date.now();
    compileIfNeeded({ log });
    const t1 = Date.now();
    const ports = portPlan(opts);
    for (const c of opts.chains) {
      const p = await startAnvil(c, ports[c], opts.runDir);
      anvils.push(p);
      p.exited.then(({ code, signal }) => {
        if (!stopping) {
          log(`anvil for chain ${c} exited unexpectedly (code ${code}, signal ${signal})\n${p.stderr}`);
          stop(1, 'an anvil died');
        }
      });
      log(`chain ${c}: anvil pid ${p.pid} at ${p.url}`);
    }
    const t2 = Date.now();
    const results = {};
    await Promise.all(
      anvils.map(async (p) => {
        results[p.chainId] = await deployChain(p.url, p.chainId, { log });
      }),
    );
    const t3 = Date.now();
    const timings = { compileMs: t1 - t0, startAnvilsMs: t2 - t1, deployMs: t3 - t2, totalMs: t3 - t0 };
    const manifest = buildManifest(opts, anvils, results, timings);
    writeFileSync(manifestFile + '.tmp', JSON.stringify(manifest, null, 2));
    renameSync(manifestFile + '.tmp', manifestFile);
    log(`ready in ${timings.totalMs} ms (compile ${timings.compileMs}, anvils ${timings.startAnvilsMs}, deploy ${timings.deployMs})`);
    process.stdout.write(`DEVNET_READY ${manifestFile}\n`);
  } catch (e) {
    log(`start failed: ${e.stack ?? e.message}`);
    await stop(1, 'start failed');
  }
}

const opts = parseArgs(process.argv.slice(2));
if (opts.command !== 'run') {
  process.stderr.write('usage: node scripts/devnet.mjs run [--chains 1,8453,10] [--ports auto|C=P,...] [--run-dir DIR] [--exit-with-stdin]\n');
  process.exit(2);
}
run(opts);
