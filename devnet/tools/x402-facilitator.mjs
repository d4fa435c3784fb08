// An x402 facilitator built from the official packages (@x402/core's x402Facilitator with
// @x402/evm's exact scheme, v2 on the given network and v1 on its v1 name, and optionally
// @x402/svm's exact scheme on Solana mainnet with a fee-payer keypair of its own), served over HTTP
// as the x402 facilitator interface: POST /verify and POST /settle, each taking
// {x402Version, paymentPayload, paymentRequirements} and answering the facilitator's own
// VerifyResponse / SettleResponse; GET /supported. Only the HTTP framing is ours.
// Input (JSON on stdin, one line): {privateKey (the facilitator's gas-paying key), rpcUrl, chainId,
// and optionally solanaRpcUrl (the Solana JSON-RPC it simulates, sends and confirms on)}.
// Output: one line {"url": "http://127.0.0.1:<port>", "address": <its settling address>,
// "solanaFeePayer": <its Solana fee payer, when solanaRpcUrl was given>} once it listens. It stops
// when stdin closes.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { x402Facilitator } from '@x402/core/facilitator';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator';
import { generateKeyPairSigner } from '@solana/kit';
import { createWalletClient, defineChain, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const lines = createInterface({ input: process.stdin });
const first = await new Promise((resolve) => lines.once('line', resolve));
const input = JSON.parse(first);
const account = privateKeyToAccount(input.privateKey);
const chain = defineChain({
  id: input.chainId,
  name: `chain ${input.chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [input.rpcUrl] } },
});
const client = createWalletClient({ account, chain, transport: http(input.rpcUrl) }).extend(
  publicActions,
);
const signer = toFacilitatorEvmSigner(
  { ...client, address: account.address },
  { confirmationTimeoutMs: 20_000 },
);
const facilitator = new x402Facilitator();
registerExactEvmScheme(facilitator, { signer, networks: `eip155:${input.chainId}` });
let solanaFeePayer;
if (input.solanaRpcUrl) {
  const feePayer = await generateKeyPairSigner();
  solanaFeePayer = feePayer.address;
  registerExactSvmScheme(facilitator, {
    signer: toFacilitatorSvmSigner(feePayer, { defaultRpcUrl: input.solanaRpcUrl }),
    networks: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  });
}

async function body(request) {
  const chunks = [];
  for await (const c of request) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(response, status, value) {
  const text = JSON.stringify(value, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(text);
}

const server = createServer(async (request, response) => {
  try {
    if (request.method === 'GET' && request.url === '/supported') {
      send(response, 200, facilitator.getSupported());
      return;
    }
    if (request.method !== 'POST' || !['/verify', '/settle'].includes(request.url)) {
      send(response, 404, { error: 'not found' });
      return;
    }
    const { paymentPayload, paymentRequirements } = await body(request);
    const answer =
      request.url === '/verify'
        ? await facilitator.verify(paymentPayload, paymentRequirements)
        : await facilitator.settle(paymentPayload, paymentRequirements);
    send(response, 200, answer);
  } catch (e) {
    send(response, 500, { error: String(e?.message ?? e) });
  }
});
server.listen(0, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(JSON.stringify({ url, address: account.address, solanaFeePayer }) + '\n');
});
lines.on('close', () => server.close(() => process.exit(0)));
