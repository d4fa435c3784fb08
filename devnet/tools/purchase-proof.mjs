// Signs a purchase claim message with each chain family's own client library, as a payer's wallet
// would: ethers (EVM, EIP-191 personal_sign), tronweb (Tron, TIP-191 signMessageV2), @solana/kit
// (Solana, ed25519 over the message bytes) and bitcoinjs-message (Bitcoin, BIP-137).
// Input (JSON on stdin): {family: "evm"|"tron"|"solana"|"bitcoin", privateKey (32 bytes hex, no 0x),
// message?, segwitType? ("p2wpkh" | "p2sh(p2wpkh)", bitcoin only; absent: P2PKH, compressed key)}.
// Output: {address, signature?} — the wallet's address in its chain's form, and the signature of
// `message` in the encoding the service reads (0x-hex, 0x-hex, base58, base64).
import { Wallet } from 'ethers';
import { TronWeb } from 'tronweb';
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase58Decoder,
  signBytes,
} from '@solana/kit';
import bitcoinMessage from 'bitcoinjs-message';
import secp256k1 from 'secp256k1';
import createHash from 'create-hash';
import bs58check from 'bs58check';
import bech32 from 'bech32';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const key = Buffer.from(input.privateKey, 'hex');
const message = input.message;

const hash160 = (b) => createHash('ripemd160').update(createHash('sha256').update(b).digest()).digest();

async function sign() {
  switch (input.family) {
    case 'evm': {
      const wallet = new Wallet('0x' + input.privateKey);
      return { address: wallet.address, signature: message === undefined ? undefined : await wallet.signMessage(message) };
    }
    case 'tron': {
      const address = TronWeb.address.fromPrivateKey(input.privateKey);
      return { address, signature: message === undefined ? undefined : new TronWeb({ fullHost: 'http://127.0.0.1:9' }).trx.signMessageV2(message, input.privateKey) };
    }
    case 'solana': {
      const pair = await createKeyPairFromPrivateKeyBytes(new Uint8Array(key));
      const address = await getAddressFromPublicKey(pair.publicKey);
      if (message === undefined) return { address };
      const signature = await signBytes(pair.privateKey, new TextEncoder().encode(message));
      return { address, signature: getBase58Decoder().decode(signature) };
    }
    case 'bitcoin': {
      const publicKey = Buffer.from(secp256k1.publicKeyCreate(key, true));
      const keyHash = hash160(publicKey);
      let address;
      if (input.segwitType === 'p2wpkh') {
        address = bech32.encode('bc', [0, ...bech32.toWords(keyHash)]);
      } else if (input.segwitType === 'p2sh(p2wpkh)') {
        address = bs58check.encode(Buffer.concat([Buffer.from([0x05]), hash160(Buffer.concat([Buffer.from([0x00, 0x14]), keyHash]))]));
      } else {
        address = bs58check.encode(Buffer.concat([Buffer.from([0x00]), keyHash]));
      }
      if (message === undefined) return { address };
      const options = input.segwitType ? { segwitType: input.segwitType } : undefined;
      const signature = bitcoinMessage.sign(message, key, true, options).toString('base64');
      if (!bitcoinMessage.verify(message, address, signature)) throw new Error('bitcoinjs-message does not verify its own signature');
      return { address, signature };
    }
    default:
      throw new Error(`unknown family ${input.family}`);
  }
}

process.stdout.write(JSON.stringify(await sign()));
