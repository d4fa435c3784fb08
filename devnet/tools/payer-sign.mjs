// Signs a payer's message with the family's own client library, as the payer's wallet would:
// ethers (EVM, EIP-191 personal_sign) or @solana/kit (Solana, ed25519 over the message's UTF-8
// bytes). Input (JSON on stdin): {family: "evm"|"solana", privateKey (32 bytes hex, no 0x),
// message?}. Output: {address, signature?}: the wallet's address in its chain's form, and the
// signature of `message` in the encoding the service reads (0x-hex for EVM, base58 for Solana).
import { Wallet } from 'ethers';
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase58Decoder,
  signBytes,
} from '@solana/kit';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const message = input.message;

async function sign() {
  if (input.family === 'evm') {
    const wallet = new Wallet('0x' + input.privateKey);
    const signature = message === undefined ? undefined : await wallet.signMessage(message);
    return { address: wallet.address, signature };
  }
  if (input.family === 'solana') {
    const pair = await createKeyPairFromPrivateKeyBytes(
      new Uint8Array(Buffer.from(input.privateKey, 'hex')),
    );
    const address = await getAddressFromPublicKey(pair.publicKey);
    if (message === undefined) return { address };
    const signature = await signBytes(pair.privateKey, new TextEncoder().encode(message));
    return { address, signature: getBase58Decoder().decode(signature) };
  }
  throw new Error(`unknown family ${input.family}`);
}

process.stdout.write(JSON.stringify(await sign()));
