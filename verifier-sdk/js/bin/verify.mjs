#!/usr/bin/env node
// walletstate-verify: verify a saved answer offline; the exit code is the verdict (0 valid, 1 not, 2 usage).
// walletstate-verify monitor: follow a transparency log (0 ok, 1 unavailable, 2 usage, 3 fork, 4 bad signature).
// walletstate-verify inclusion: check one entry's inclusion proof (0 included, 1 unavailable or pending, 2 usage,
// 3 not included, 4 bad signature).
import { run } from '../src/cli.js';

process.exitCode = await run(process.argv.slice(2));
