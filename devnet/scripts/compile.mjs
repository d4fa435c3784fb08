// Compiles contracts/*.sol offline with the solc-js from node_modules into build/contracts.json.
// The output is generated, not committed: it is a pure function of the sources, the lockfile and
// the settings below, and a stamp of those inputs lets a rebuild with nothing changed return at once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = join(root, 'contracts');
const buildDir = join(root, 'build');
const outFile = join(buildDir, 'contracts.json');
const require = createRequire(import.meta.url);

const settings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function inputHash(sources, solcVersion) {
  const h = createHash('sha256');
  h.update(solcVersion);
  h.update(JSON.stringify(settings));
  h.update(readFileSync(join(root, 'package-lock.json')));
  for (const name of Object.keys(sources).sort()) h.update(name).update(sources[name].content);
  return h.digest('hex');
}

export function compileIfNeeded({ log = console.error } = {}) {
  const sources = {};
  for (const f of readdirSync(contractsDir).filter((f) => f.endsWith('.sol')).sort()) {
    sources[f] = { content: readFileSync(join(contractsDir, f), 'utf8') };
  }
  // the package's version names the compiler; loading solc itself (9 MB of JavaScript) is left to
  // the case where something has to be compiled
  const solcPackage = JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8'));
  const stamp = inputHash(sources, solcPackage.version);
  if (existsSync(outFile)) {
    const previous = JSON.parse(readFileSync(outFile, 'utf8'));
    if (previous.inputHash === stamp) return { compiled: false, file: outFile };
  }
  const solc = require('solc');
  const t0 = Date.now();
  const findImports = (path) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: findImports }),
  );
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  for (const e of output.errors ?? []) log(e.formattedMessage);
  if (errors.length > 0) throw new Error(`solc reported ${errors.length} error(s)`);
  const contracts = {};
  for (const file of Object.keys(sources)) {
    for (const [name, c] of Object.entries(output.contracts[file] ?? {})) {
      contracts[name] = {
        abi: c.abi,
        bytecode: '0x' + c.evm.bytecode.object,
        deployedBytecode: '0x' + c.evm.deployedBytecode.object,
      };
    }
  }
  mkdirSync(buildDir, { recursive: true });
  const tmp = outFile + '.tmp';
  writeFileSync(tmp, JSON.stringify({ inputHash: stamp, solc: solc.version(), settings, contracts }));
  renameSync(tmp, outFile);
  log(`compiled ${Object.keys(contracts).length} contracts with solc ${solc.version()} in ${Date.now() - t0} ms`);
  return { compiled: true, file: outFile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { compiled, file } = compileIfNeeded();
  if (!compiled) console.error(`up to date: ${file}`);
}
