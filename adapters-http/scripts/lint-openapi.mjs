// Lints the OpenAPI document the service serves (written by the Quarkus build to target/openapi) with
// Redocly CLI under redocly.yaml; any error fails the build. Installs the tools first when needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const document = resolve(root, process.argv[2] ?? 'target/openapi/openapi.json');
if (!existsSync(document)) {
  console.error(`adapters-http: ${document} is missing; the Quarkus build writes it (package phase)`);
  process.exit(1);
}
const deps = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-deps.mjs')], { stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const cli = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const run = spawnSync(
  process.execPath,
  [cli, 'lint', document, '--config', join(root, 'redocly.yaml'), '--format=stylish'],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
