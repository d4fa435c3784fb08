// Makes an EIP-4361 message with the `siwe` library and signs it (EIP-191 personal_sign) with ethers.
// Input (JSON on stdin): {privateKey, domain, uri, chainId, nonce, issuedAt, expirationTime?,
// notBefore?, statement?, resources?, address?}. `address` overrides the message's address (to build a message
// signed by another key). Output: {message, signature, address}.
import { SiweMessage } from 'siwe';
import { Wallet, getAddress } from 'ethers';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const wallet = new Wallet(input.privateKey);
const fields = {
  domain: input.domain,
  address: getAddress(input.address ?? wallet.address),
  uri: input.uri,
  version: '1',
  chainId: input.chainId,
  nonce: input.nonce,
  issuedAt: input.issuedAt,
};
if (input.statement) fields.statement = input.statement;
if (input.expirationTime) fields.expirationTime = input.expirationTime;
if (input.notBefore) fields.notBefore = input.notBefore;
if (input.resources) fields.resources = input.resources;
const message = new SiweMessage(fields).prepareMessage();
const signature = await wallet.signMessage(message);
process.stdout.write(JSON.stringify({ message, signature, address: wallet.address }));
