// The trusted roots and the caller's pins of a ProofVerifier (the Java SDK's ProofVerifier.Builder):
// state roots given directly, or taken from block headers whose hash must be the trusted one.
import { hex } from './bytes.js';
import { blockHeaderHash } from './header.js';
import { fromHex, sameBytes } from './trie.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;

function parseWord(text, what) {
  if (typeof text !== 'string' || !WORD.test(text)) throw new TypeError(`${what} must be 0x followed by 64 hex digits`);
  return fromHex(text.slice(2));
}

function blockOf(value) {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
  throw new TypeError('blockNumber must be a non-negative integer, a bigint or a 0x quantity');
}

/** Sets up the trusted roots and the caller's pins. */
export class ProofVerifierBuilder {
  #make;
  #trusted = [];
  #wallet = null;
  #decimals = new Map();

  /** @internal use ProofVerifier.builder() */
  constructor(make) {
    this.#make = make;
  }

  /**
   * `trustStateRoot(stateRoot)` trusts it for every result, whatever its chain and block;
   * `trustStateRoot(chainId, blockNumber, stateRoot)` as the state root of that block on that chain.
   */
  trustStateRoot(...args) {
    if (args.length === 1) {
      this.#trusted.push({ chainId: null, blockNumber: null, stateRoot: parseWord(args[0], 'stateRoot'), problem: null });
    } else {
      const [chainId, blockNumber, stateRoot] = args;
      if (blockNumber === undefined || blockNumber === null) throw new TypeError('blockNumber');
      this.#trusted.push({ chainId: chainOf(chainId), blockNumber: blockOf(blockNumber), stateRoot: parseWord(stateRoot, 'stateRoot'), problem: null });
    }
    return this;
  }

  /**
   * Trusts the state root of `header` (an `eth_getBlockByNumber` result) for its block number, if
   * and only if the header hashes to `trustedBlockHash`. A header that does not is remembered as
   * such: the results at its block are rejected at STATE_ROOT.
   *
   * @param chainId the chain the header is of, or null for any
   * @throws {TypeError} when the header lacks a field or a field is malformed
   */
  trustHeader(chainId, header, trustedBlockHash) {
    const expected = parseWord(trustedBlockHash, 'block hash');
    const computed = blockHeaderHash(header);
    const number = BigInt(header.number);
    const root = parseWord(header.stateRoot, 'header stateRoot');
    const chain = chainId === null || chainId === undefined ? null : chainOf(chainId);
    if (!sameBytes(expected, computed)) {
      const problem = `the header hashes to 0x${hex(computed)}, not the trusted block hash`;
      this.#trusted.push({ chainId: chain, blockNumber: number, stateRoot: null, problem });
    } else {
      this.#trusted.push({ chainId: chain, blockNumber: number, stateRoot: root, problem: null });
    }
    return this;
  }

  /** The wallet the attestation is about: every proof must be of it (recommended). */
  wallet(address) {
    if (typeof address !== 'string' || !ADDRESS.test(address)) throw new TypeError('wallet must be a 0x-prefixed 20-byte address');
    this.#wallet = address;
    return this;
  }

  /**
   * The decimals of `token` on `chainId`, as the caller knows them: used instead of the service's
   * signed `decimals`, and a signed value that differs is rejected.
   */
  tokenDecimals(chainId, token, decimals) {
    if (typeof token !== 'string' || !ADDRESS.test(token)) throw new TypeError('token must be a 0x-prefixed 20-byte address');
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new TypeError('decimals are 0 to 255');
    this.#decimals.set(`${chainOf(chainId)}:${token.toLowerCase()}`, decimals);
    return this;
  }

  build() {
    return this.#make(this.#trusted, this.#wallet, this.#decimals);
  }
}

function chainOf(chainId) {
  if (typeof chainId === 'bigint') return chainId;
  if (Number.isSafeInteger(chainId)) return BigInt(chainId);
  throw new TypeError('chainId must be an integer');
}
