// A tour of the running devnet (./run.sh --devnet --tour, or by hand next to ./run.sh --devnet):
// every step calls the service as a client would, checks the answer with official or stock client
// libraries, and prints one line. It exits 1 if any step failed.
//
//   node devnet/tour.mjs --base http://127.0.0.1:8080 --manifest devnet/run/manifest.json \
//       --world devnet/run/world.json [--public-host host:port]
//
// Clients: the service's JavaScript verifier SDK (verifier-sdk/js) for every signed answer, `jose`
// (a stock JOSE library) for the JWT, the SDK's EIP-1186 proof verifier against the devnet's own
// block header, the official x402 client packages (tools/x402-pay.mjs) for paid calls on Base and on
// Solana, ethers for USDC payments and their proofs, the siwe library for wallet sign-in and the
// point-of-sale pass (tour/point-of-sale.mjs), bitcoinjs-message for the Bitcoin purchase's BIP-137
// proof (tour/bitcoin-purchase.mjs), and the official MCP client (@modelcontextprotocol/sdk) for the
// ten MCP tools (tour/mcp.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { SiweMessage, generateNonce } from 'siwe';
import { bitcoinPurchase } from './tour/bitcoin-purchase.mjs';
import { familiesWithoutDiscounts, solanaDiscount } from './tour/family-discounts.mjs';
import { rpcCall as rpc } from './scripts/rpc.mjs';
import { mcpTools } from './tour/mcp.mjs';
import { pointOfSale } from './tour/point-of-sale.mjs';
import { xrplDiscount } from './tour/xrpl-discount.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const base = args.base ?? 'http://127.0.0.1:8080';
const manifest = JSON.parse(readFileSync(args.manifest ?? join(here, 'run', 'manifest.json'), 'utf8'));
const world = JSON.parse(readFileSync(args.world ?? join(here, 'run', 'world.json'), 'utf8'));

// the verifier SDK's own dependencies (jose, @noble, @ethereumjs) are installed by its build
const sdkDir = resolve(here, '..', 'verifier-sdk', 'js');
const deps = spawnSync(process.execPath, [join(sdkDir, 'scripts', 'ensure-deps.mjs')], { stdio: 'ignore' });
if (deps.status !== 0) {
  console.log('FAIL  setup: the verifier SDK\'s dependencies could not be installed (verifier-sdk/js)');
  process.exit(1);
}
const { createVerifier, KeySet, ProofVerifier } = await import(join(sdkDir, 'src', 'index.js'));

let failures = 0;
async function step(name, run) {
  const started = Date.now();
  try {
    const detail = await run();
    console.log(`ok    ${name}${detail ? ` — ${detail}` : ''} (${Date.now() - started} ms)`);
  } catch (e) {
    failures++;
    console.log(`FAIL  ${name} — ${e.message}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function call(method, path, { body, headers = {} } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

async function ok(method, path, options) {
  const answer = await call(method, path, options);
  expect(answer.status === 200, `${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
}

// the official x402 client packages, through the devnet's payment tool
function pay(request) {
  const out = spawnSync(process.execPath, [join(here, 'tools', 'x402-pay.mjs')], {
    input: JSON.stringify(request),
    encoding: 'utf8',
  });
  expect(out.status === 0, `x402 client: ${out.stderr.slice(0, 300)}`);
  return JSON.parse(out.stdout);
}

// the devnet's Base node without ethers' 250 ms request cache: a wallet that sends two transactions in a
// row must read its nonce afresh, or the second one reuses the first's nonce ("nonce too low")
function baseProvider() {
  return new JsonRpcProvider(manifest.chains['8453'].rpcUrl, undefined, { cacheTimeout: -1 });
}

// waits until the transaction has `confirmations` blocks (the service's default on 8453 is 10), so
// a claim is sent once, not retried into the endpoint's rate limit
async function confirmed(receipt, provider, confirmations = 10) {
  for (let i = 0; i < 120; i++) {
    if ((await provider.getBlockNumber()) - receipt.blockNumber + 1 >= confirmations) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${receipt.hash} did not gather ${confirmations} confirmations in 60 s`);
}

const holder = manifest.wallets.holder;
const usdcBase = manifest.chains['8453'].contracts.usdc.address;
const evmBody = {
  wallet: holder.address,
  conditions: [{ type: 'token_balance', chainId: 8453, contractAddress: usdcBase, threshold: '100' }],
};

let jwks;
let verifier;
const keys = [];
// a key bought with USDC on Base by a fresh wallet, delivered to the wallet (access pass minted) and
// as a key string (the rest of the tour spends its credits), then used through wallet sign-in: an EIP-4361 message made by the siwe library, signed by ethers
await step('key bought with USDC (POST /v1/keys/buy), used through wallet sign-in (siwe)', async () => {
  const provider = baseProvider();
  const funder = new Wallet(holder.privateKey, provider);
  const buyer = Wallet.createRandom().connect(provider);
  const usdcOf = (signer) => new Contract(usdcBase, ['function transfer(address,uint256) returns (bool)'], signer);
  await (await funder.sendTransaction({ to: buyer.address, value: 10n ** 16n })).wait();
  await (await usdcOf(funder).transfer(buyer.address, 5_000_000n)).wait();
  const paid = await usdcOf(buyer).transfer(manifest.wallets.treasury.address, 5_000_000n);
  await confirmed(await paid.wait(), provider);
  const claimText = (issuedAt) => ['localhost asks you to prove you sent this payment', 'Purpose: keys/buy',
    'App: devnet tour', 'Chain: 8453', `Transaction: ${paid.hash.toLowerCase()}`,
    `Issued At: ${issuedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`].join('\n');
  let bought;
  for (let attempt = 0; attempt < 3 && !bought; attempt++) {
    const message = claimText(new Date());
    const answer = await call('POST', '/v1/keys/buy', {
      body: { txHash: paid.hash, chainId: 8453, amount: 5, appName: 'devnet tour', keyDelivery: 'both',
        senderProof: { message, signature: await buyer.signMessage(message) } },
    });
    if (answer.status === 200) bought = answer.json;
    else if (answer.status === 400 && /confirmation/.test(answer.text)) await new Promise((r) => setTimeout(r, 3000));
    else throw new Error(`keys/buy: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  expect(bought, 'the purchase never gathered its confirmations');
  const key = bought.key ?? bought.data?.key;
  expect(/^svc_live_[0-9a-f]{40}$/.test(key ?? ''), `no key in ${JSON.stringify(bought).slice(0, 300)}`);
  keys.push(key);
  const signIn = new SiweMessage({
    domain: 'localhost', address: buyer.address, uri: 'http://localhost/v1/credits', version: '1',
    chainId: 8453, nonce: generateNonce(), issuedAt: new Date().toISOString(),
    resources: ['urn:walletstate:purpose:wallet-auth'],
  }).prepareMessage();
  const authorization = `Wallet ${Buffer.from(JSON.stringify({
    message: signIn, signature: await buyer.signMessage(signIn),
  })).toString('base64')}`;
  const credits = await ok('GET', '/v1/credits', { headers: { Authorization: authorization } });
  return `${bought.data?.authMethod ?? 'wallet'} auth; GET /v1/credits as ${buyer.address.slice(0, 10)}…: ${credits.text.slice(0, 120)}`;
});

await step('key set (GET /v1/jwks)', async () => {
  const { text, json } = await ok('GET', '/v1/jwks');
  jwks = json;
  verifier = createVerifier({ keys: KeySet.parse(text) });
  return `${json.keys.length} keys: ${json.keys.map((k) => k.kid).join(', ')}`;
});

await bitcoinPurchase({ step, call, ok, expect, world });

let evmAnswer;
await step('attest on EVM (Base USDC ≥ 100, format jwt), verified by the SDK', async () => {
  const { json } = await ok('POST', '/v1/attest', {
    body: { ...evmBody, format: 'jwt' },
    headers: { 'X-API-Key': keys[0] },
  });
  await verifier.verify(json);
  expect(json.data.attestation.results.every((r) => r.met), 'not met');
  evmAnswer = json;
  return `met, kid ${json.data.kid}`;
});
for (const [family, body] of Object.entries(world.attestBodies)) {
  await step(`attest on ${family} (native and token held), verified by the SDK`, async () => {
    const { json } = await ok('POST', '/v1/attest', { body, headers: { 'X-API-Key': keys[0] } });
    await verifier.verify(json);
    const results = json.data.attestation.results;
    expect(results.length === body.conditions.length && results.every((r) => r.met), `not met: ${JSON.stringify(results)}`);
    return `${results.length} conditions met`;
  });
}
await step('JWT verified with jose against /v1/jwks', async () => {
  expect(evmAnswer?.data?.jwt, 'the EVM answer carried no jwt');
  const { payload, protectedHeader } = await jwtVerify(evmAnswer.data.jwt, createLocalJWKSet({
    keys: jwks.keys.filter((k) => k.kty === 'EC'),
  }));
  expect(payload.iss, 'no issuer');
  return `alg ${protectedHeader.alg}, kid ${protectedHeader.kid}, iss ${payload.iss}`;
});
await step('Merkle proof (proof: merkle) verified by the SDK against the devnet\'s block header', async () => {
  const { json } = await ok('POST', '/v1/attest', {
    body: { ...evmBody, proof: 'merkle' },
    headers: { 'X-API-Key': keys[0] },
  });
  const report = await verifier.report(json);
  expect(report.valid, `signature: ${JSON.stringify(report.failedChecks)}`);
  const result = json.data.attestation.results[0];
  const block = result.blockNumber ?? result.proof?.blockNumber;
  expect(block !== undefined, `no block number in ${JSON.stringify(result).slice(0, 300)}`);
  const header = await rpc(manifest.chains['8453'].rpcUrl, 'eth_getBlockByNumber', [
    typeof block === 'string' && block.startsWith('0x') ? block : `0x${BigInteger(block)}`,
    false,
  ]);
  const verdicts = await ProofVerifier.builder()
    .trustHeader(8453, header, header.hash)
    .wallet(holder.address)
    .build()
    .verify(report);
  expect(verdicts.length > 0 && verdicts.every((v) => v.status === 'VERIFIED'), JSON.stringify(verdicts));
  return `${verdicts.length} proof(s) verified at block ${header.number}`;
});
function BigInteger(n) {
  return BigInt(n).toString(16);
}
await step('trust profile with every optional wallet, verified by the SDK', async () => {
  const { json } = await ok('POST', '/v1/trust', {
    body: { wallet: holder.address, ...world.trustWallets },
    headers: { 'X-API-Key': keys[0] },
  });
  await verifier.verifyTrustProfile(json);
  const text = JSON.stringify(json);
  expect(!text.includes('"requires"'), 'a check still requires a wallet');
  return `${Object.keys(world.trustWallets).length + 1} wallets`;
});

async function paidAttest(network, payer) {
  const quote = await call('POST', '/v1/attest', { body: evmBody });
  expect(quote.status === 402, `no 402 quote: ${quote.status}`);
  const entry = quote.json.accepts.find((a) => a.network.startsWith(network));
  expect(entry, `the quote has no ${network} entry`);
  const payment = pay({ ...payer, network: entry.network, paymentRequired: quote.json });
  const { json, headers } = await ok('POST', '/v1/attest', {
    body: evmBody,
    headers: { 'PAYMENT-SIGNATURE': payment.header },
  });
  await verifier.verify(json);
  const settled = JSON.parse(Buffer.from(headers.get('payment-response'), 'base64').toString('utf8'));
  expect(settled.success, `not settled: ${JSON.stringify(settled)}`);
  return `${entry.amount} USDC base units to ${entry.payTo}, transaction ${settled.transaction}`;
}
await step('402 quote lists 8453, 137, 42161, solana, 5042 in that order', async () => {
  const quote = await call('POST', '/v1/attest', { body: evmBody });
  expect(quote.status === 402, `status ${quote.status}`);
  const networks = quote.json.accepts.map((a) => a.network);
  expect(networks.length === 5 && networks[0] === 'eip155:8453' && networks[1] === 'eip155:137'
    && networks[2] === 'eip155:42161' && networks[3].startsWith('solana:') && networks[4] === 'eip155:5042',
  networks.join(', '));
  return networks.join(', ');
});
await step('paid attest on Base with the official x402 client (EIP-3009, settled)', () =>
  paidAttest('eip155:8453', { privateKey: holder.privateKey }));
await step('paid attest on Solana with the official x402 client (settled by the facilitator)', () => {
  const seed = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
  return paidAttest('solana:', { privateKey: seed, rpcUrl: world.nodes.solana });
});

// a merchant: a store of the first key with a tier on the devnet's dUSD (8453) taking USDC there;
// the holder gets a code (UCP), pays the discounted price in USDC and confirms with a payer proof
let store;
await step('merchant with tiers; discount code issued (UCP), verified and confirmed on Base', async () => {
  const owner = { 'X-API-Key': keys[0] };
  const id = `tour-${Date.now().toString(36)}`;
  await ok('POST', '/v1/merchants', { body: { companyName: `Tour store ${id}`, companyId: id }, headers: owner });
  store = { id, owner };
  const token6 = manifest.chains['8453'].contracts.token6.address;
  await ok('PUT', `/v1/merchants/${id}/tokens`, {
    headers: owner,
    body: {
      ownToken: {
        symbol: 'dUSD', chainId: 8453, contractAddress: token6, decimals: 6,
        tiers: [{ name: 'Silver', threshold: '100', discount: 10 }, { name: 'Gold', threshold: '1000', discount: 20 }],
      },
    },
  });
  const storeWallet = new Wallet(`0x${'5'.repeat(64)}`).address;
  await ok('PUT', `/v1/merchants/${id}/settings`, {
    headers: owner,
    body: { usdcPayment: { enabled: true, evmAddress: storeWallet, preferredChainId: 8453 } },
  });
  const { json } = await ok('POST', '/v1/ucp/discount', {
    headers: owner,
    body: { merchantId: id, wallet: holder.address, subtotal: 4600 },
  });
  const code = json.data.verification.code;
  store.code = code;
  await verifier.verifyDiscount(json);
  const checked = (await ok('GET', `/v1/codes/${code}`)).json;
  const state = checked.data ?? checked;
  expect(state.valid === true, `code not valid: ${JSON.stringify(checked)}`);
  const percent = state.discountPercent;
  const dueRaw = (4600n * BigInt(100 - percent) * 10_000n) / 100n; // minor units -> 6 decimals
  const due = (Number(dueRaw) / 1e6).toFixed(2);
  await new Promise((r) => setTimeout(r, 1100)); // pay in a later second than the code's creation
  const provider = baseProvider();
  const payer = new Wallet(holder.privateKey, provider);
  const usdc = new Contract(usdcBase, ['function transfer(address,uint256) returns (bool)'], payer);
  const tx = await usdc.transfer(storeWallet, dueRaw);
  await confirmed(await tx.wait(), provider);
  // the proof names the service's public host (PUBLIC_BASE_URL), which can differ from where it is reached
  const host = args['public-host'] ?? new URL(base).host;
  let done;
  for (let attempt = 0; attempt < 3 && !done; attempt++) {
    const message = `Payment confirmation for ${host}\nCode: ${code}\nTransaction: ${tx.hash}\nChain: 8453\nIssued At: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`;
    const answer = await call('POST', '/v1/payment/confirm', {
      headers: owner,
      body: { code, txHash: tx.hash, chainId: 8453, amount: due, payerProof: { message, signature: await payer.signMessage(message) } },
    });
    if (answer.status === 200) done = answer.json;
    else if (answer.status === 400 && /confirmation/.test(answer.text)) await new Promise((r) => setTimeout(r, 3000));
    else throw new Error(`confirm: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  expect(done, 'the payment never gathered its confirmations');
  const after = (await ok('GET', `/v1/codes/${code}`)).json;
  expect(JSON.stringify(after).includes('already_used'), `code not used: ${JSON.stringify(after)}`);
  return `${code}: ${percent}% off, ${due} USDC paid in ${tx.hash.slice(0, 10)}…, now already_used`;
});

const helpers = {
  step, call, ok, expect, base, world, holder, evmBody, other: manifest.wallets.empty,
  verifier: () => verifier, merchant: () => store,
};
await xrplDiscount(helpers);
await solanaDiscount(helpers);
await familiesWithoutDiscounts(helpers);
await pointOfSale(helpers);
await mcpTools(helpers);

console.log(failures === 0 ? 'tour: every step passed' : `tour: ${failures} step(s) failed`);
process.exit(failures === 0 ? 0 : 1);
