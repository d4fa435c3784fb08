#!/usr/bin/env node
// walletstate-verify: verify a saved answer offline; the exit code is the verdict (0 valid, 1 not, 2 usage).
import { run } from '../src/cli.js';

process.exitCode = await run(process.argv.slice(2));
