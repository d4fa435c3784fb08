// `walletstate-verify monitor`: follows a transparency log, as the Java CLI's `verify monitor` does,
// with the same options, output lines and exit codes. Each round fetches the newest checkpoint,
// checks its signature with the note key, and checks that it extends the last checkpoint accepted
// (the consistency proof from the log); an accepted checkpoint is kept in the state file, if one is
// given, so a monitor run from cron keeps following the same history. A checkpoint that does not
// extend the last one is a fork: reported, and the command exits with FORK.
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { SignedCheckpoint, verifyConsistency } from './tlog.js';
import { b64, isFile, noteKey, proofHashes, readOptions } from './log-command.js';

export const OK = 0;
export const UNAVAILABLE = 1;
export const USAGE = 2;
export const FORK = 3;
export const BAD_SIGNATURE = 4;

export const MONITOR_USAGE =
  'usage: walletstate-verify monitor --log <base-url> --key <note-key-file|base64> [--state FILE]' +
  ' [--every SECONDS] [--once]';

function parseArgs(args) {
  const options = readOptions(
    args,
    { every: 60, once: false },
    {
      '--log': (o, v) => { o.log = v; },
      '--key': (o, v) => { o.key = v; },
      '--state': (o, v) => { o.state = v; },
      '--every': (o, v) => {
        if (!/^-?\d{1,18}$/.test(v)) throw new TypeError(`--every: not a whole number of seconds: ${v}`);
        o.every = Number(v);
      },
    },
    { '--once': (o) => { o.once = true; } },
  );
  if (options.log === undefined || options.key === undefined || options.every < 1) {
    throw new TypeError('--log and --key are required, --every is at least 1');
  }
  return options;
}

const describe = (checkpoint) => `size ${checkpoint.size} root ${b64(checkpoint.root)}`;
const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

class Monitor {
  constructor(log, key, state, stdout) {
    this.log = log;
    this.key = key;
    this.state = state;
    this.stdout = stdout;
    this.last = null;
  }

  async load() {
    if (this.state !== undefined && isFile(this.state)) {
      this.last = SignedCheckpoint.parse(await readFile(this.state, 'utf8'));
      if (!(await this.last.signedBy(this.key))) {
        throw new TypeError("the state file's checkpoint is not signed by the key");
      }
    }
  }

  async get(path) {
    const response = await fetch(this.log + path, { signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  }

  /** One round: fetch, check, accept or report; resolves to the round's exit code. */
  async round() {
    const out = (text) => this.stdout.write(text + '\n');
    let note;
    let next;
    try {
      note = await this.get('/v1/log/checkpoint');
      next = SignedCheckpoint.parse(note);
    } catch (e) {
      out(`UNAVAILABLE the checkpoint could not be read: ${e.message}`);
      return UNAVAILABLE;
    }
    if (!(await next.signedBy(this.key))) {
      out(`BAD-SIGNATURE checkpoint of size ${next.size} is not signed by the key`);
      return BAD_SIGNATURE;
    }
    if (this.last !== null) {
      const fork = await this.fork(next);
      if (fork !== null) {
        out(`FORK ${fork}`);
        out(`  accepted: ${describe(this.last)}`);
        out(`  served:   ${describe(next)}`);
        return FORK;
      }
    }
    const grew = this.last === null || next.size > this.last.size;
    this.last = next;
    if (this.state !== undefined) {
      try {
        await writeFile(this.state, note, 'utf8');
      } catch (e) {
        out(`UNAVAILABLE the state file could not be written: ${e.message}`);
        return UNAVAILABLE;
      }
    }
    out(`${grew ? 'OK' : 'SAME'} ${describe(next)}`);
    return OK;
  }

  /** Why `next` does not extend the last accepted checkpoint, or null when it does. */
  async fork(next) {
    const last = this.last;
    if (next.size < last.size) return `the log shrank from ${last.size} to ${next.size} entries`;
    if (next.size === last.size) {
      return sameBytes(next.root, last.root) ? null : `two different roots for tree size ${next.size}`;
    }
    if (last.size === 0n) return null;
    let proof;
    try {
      const answer = JSON.parse(await this.get(`/v1/log/consistency?from=${last.size}&to=${next.size}`));
      proof = proofHashes(answer?.data?.proof ?? []);
    } catch (e) {
      return `no consistency proof from ${last.size} to ${next.size}: ${e.message}`;
    }
    return (await verifyConsistency(last.size, next.size, last.root, next.root, proof))
      ? null
      : `tree size ${next.size} does not extend the accepted tree of ${last.size}`;
  }
}

/**
 * Runs `monitor` (its arguments after the word `monitor`); resolves to the exit code: 0 every
 * round accepted (with --once, the one), 1 the log unreachable (--once), 2 usage, 3 a fork, 4 a
 * checkpoint not signed by the key.
 */
export async function runMonitor(args, { stdout = process.stdout, stderr = process.stderr } = {}) {
  let options;
  let monitor;
  try {
    options = parseArgs(args);
    monitor = new Monitor(options.log.replace(/\/+$/, ''), await noteKey(options.key), options.state, stdout);
    await monitor.load();
  } catch (e) {
    stderr.write(`error: ${e.message}\n${MONITOR_USAGE}\n`);
    return USAGE;
  }
  for (;;) {
    const code = await monitor.round();
    if (options.once || code === FORK || code === BAD_SIGNATURE) return code;
    await sleep(options.every * 1000);
  }
}
