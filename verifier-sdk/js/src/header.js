// The hash of a block header as `eth_getBlockByNumber` writes it: keccak of the RLP list of the
// header fields in consensus order. Fields added by forks are appended in fork order (London's
// baseFeePerGas, Shanghai's withdrawalsRoot, Cancun's blobGasUsed, excessBlobGas and
// parentBeaconBlockRoot, Prague's requestsHash); a header has a prefix of them, so a later field
// present after an absent one is malformed.
import { RLP } from '@ethereumjs/rlp';
import { fromHex, keccak } from './trie.js';

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;

const data = (name, length) => ({ name, quantity: false, length });
const quantity = (name) => ({ name, quantity: true, length: 0 });

const BASE = [
  data('parentHash', 32),
  data('sha3Uncles', 32),
  data('miner', 20),
  data('stateRoot', 32),
  data('transactionsRoot', 32),
  data('receiptsRoot', 32),
  data('logsBloom', 256),
  quantity('difficulty'),
  quantity('number'),
  quantity('gasLimit'),
  quantity('gasUsed'),
  quantity('timestamp'),
  data('extraData', -1),
  data('mixHash', 32),
  data('nonce', 8),
];

const FORKS = [
  quantity('baseFeePerGas'),
  data('withdrawalsRoot', 32),
  quantity('blobGasUsed'),
  quantity('excessBlobGas'),
  data('parentBeaconBlockRoot', 32),
  data('requestsHash', 32),
];

function field(header, f) {
  const text = header[f.name];
  if (typeof text !== 'string') throw new TypeError(`header field ${f.name} is missing`);
  if (f.quantity) {
    if (!QUANTITY.test(text)) throw new TypeError(`header field ${f.name} is not a hex quantity: ${text}`);
    return BigInt(text); // RLP writes an integer without leading zeros, 0 as the empty string
  }
  if (!HEX.test(text)) throw new TypeError(`header field ${f.name} is not hex bytes`);
  const bytes = fromHex(text.slice(2));
  if (f.length >= 0 && bytes.length !== f.length) {
    throw new TypeError(`header field ${f.name} has ${bytes.length} bytes, not ${f.length}`);
  }
  return bytes;
}

/**
 * keccak(rlp(header)) of an `eth_getBlockByNumber` block object.
 *
 * @throws {TypeError} when a field is missing or malformed
 */
export function blockHeaderHash(header) {
  if (header === null || typeof header !== 'object') throw new TypeError('header field parentHash is missing');
  const fields = BASE.map((f) => field(header, f));
  let ended = false;
  for (const f of FORKS) {
    const value = header[f.name];
    if (value === undefined || value === null) {
      ended = true;
      continue;
    }
    if (ended) throw new TypeError(`header has ${f.name} after a missing earlier fork field`);
    fields.push(field(header, f));
  }
  return keccak(RLP.encode(fields));
}
