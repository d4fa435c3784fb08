// Builds an x402 payment for a quote with the official x402 client packages (@x402/core's client
// and @x402/evm's exact scheme: an EIP-3009 transferWithAuthorization signed under the quoted
// token's EIP-712 domain).
// Input (JSON on stdin): {privateKey, paymentRequired (the 402 body or the payment-required header
// value), network (e.g. "eip155:8453"), and optionally version: 1 with v1Network (e.g. "base") to
// pay the quote's entry for that network as an x402 v1 payment (@x402/evm's ExactEvmSchemeV1: the
// entry restated in v1's shape, the header sent as X-PAYMENT; on Solana, with v1Network "solana",
// @x402/svm's ExactSvmSchemeV1)}. Output: {header (the
// PAYMENT-SIGNATURE or X-PAYMENT value), headers, payload (the decoded payment payload), payer}.
// A Solana network (solana:...) is paid with @x402/svm's exact scheme instead: privateKey is then
// the payer's 32-byte ed25519 seed (0x and 64 hex digits) and rpcUrl the Solana JSON-RPC the client
// reads the mint and the latest blockhash from; the payload carries the partially signed
// transaction, its fee-payer slot left for the facilitator.
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/client';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { privateKeyToAccount } from 'viem/accounts';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const solana = String(input.network).startsWith('solana:');
const account = solana
  ? await createKeyPairSignerFromPrivateKeyBytes(
      Uint8Array.from(Buffer.from(input.privateKey.replace(/^0x/, ''), 'hex')),
    )
  : privateKeyToAccount(input.privateKey);
const paymentRequired =
  typeof input.paymentRequired === 'string'
    ? decodePaymentRequiredHeader(input.paymentRequired)
    : input.paymentRequired;
const client = new x402Client((version, accepts) =>
  accepts.find((a) => a.network === input.network) ?? accepts[0]);
client.register(
  input.network,
  solana ? new ExactSvmScheme(account, { rpcUrl: input.rpcUrl }) : new ExactEvmScheme(account),
);
let required = paymentRequired;
if (input.version === 1) {
  const entry = paymentRequired.accepts.find((a) => a.network === input.network);
  if (!entry) throw new Error(`the quote has no entry for ${input.network}`);
  required = {
    x402Version: 1,
    error: paymentRequired.error,
    accepts: [
      {
        scheme: entry.scheme,
        network: input.v1Network,
        maxAmountRequired: entry.amount,
        resource: paymentRequired.resource.url,
        description: paymentRequired.resource.description ?? '',
        mimeType: paymentRequired.resource.mimeType ?? 'application/json',
        payTo: entry.payTo,
        maxTimeoutSeconds: entry.maxTimeoutSeconds,
        asset: entry.asset,
        extra: entry.extra,
      },
    ],
  };
  client.registerV1(
    input.v1Network,
    solana
      ? new ExactSvmSchemeV1(account, { rpcUrl: input.rpcUrl })
      : new ExactEvmSchemeV1(account),
  );
}
const http = new x402HTTPClient(client);
const payload = await http.createPaymentPayload(required);
const headers = http.encodePaymentSignatureHeader(payload);
const header = headers['PAYMENT-SIGNATURE'] ?? headers['X-PAYMENT'] ?? Object.values(headers)[0];
process.stdout.write(JSON.stringify({ header, headers, payload, payer: account.address }));
