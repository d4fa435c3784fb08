// The tour's Bitcoin purchase: a fresh P2WPKH wallet pays the service's Bitcoin receiver on the local
// Esplora node (POST /devnet/pay, then POST /devnet/mine: the node's regtest-like calls), the service
// reads the transaction as on mainnet (GET /tx/:txid, GET /blocks/tip/height) and values it at the
// devnet's BTC/USD feed; once mined under its confirmations (3 by default), the payer's BIP-137
// sender proof, signed with bitcoinjs-message (tools/purchase-proof.mjs), gets its key.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tools = join(dirname(fileURLToPath(import.meta.url)), '..', 'tools');

/** bitcoinjs-message (BIP-137) through the devnet's purchase-proof tool: {address, signature?} */
function bitcoinSigner(privateKey, message) {
  const out = spawnSync(process.execPath, [join(tools, 'purchase-proof.mjs')], {
    input: JSON.stringify({ family: 'bitcoin', privateKey, segwitType: 'p2wpkh', message }),
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`purchase-proof: ${out.stderr.slice(0, 300)}`);
  return JSON.parse(out.stdout);
}

async function esplora(node, path, body) {
  const res = await fetch(new URL(path, node), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** USD of `sats` at `btcUsd`, cut to whole cents, as the service values a bitcoin payment */
function usdOf(sats, btcUsd) {
  const cents = (BigInt(sats) * BigInt(Math.round(Number(btcUsd) * 100))) / 100_000_000n;
  const whole = `${cents / 100n}`;
  const rest = `${cents % 100n}`.padStart(2, '0');
  return rest === '00' ? whole : `${whole}.${rest.replace(/0$/, '')}`;
}

/** @param {object} t the tour's helpers: step, call, ok, expect, world */
export async function bitcoinPurchase(t) {
  const { step, call, ok, expect } = t;
  await step('key bought with Bitcoin (POST /v1/keys/buy) at the BTC/USD feed, BIP-137 sender proof (bitcoinjs-message)', async () => {
    const node = t.world.nodes.bitcoin;
    const { bitcoinReceiver, btcUsd } = t.world.payments ?? {};
    expect(bitcoinReceiver && btcUsd, 'world.json names no Bitcoin receiver or BTC/USD price');
    const privateKey = randomBytes(32).toString('hex');
    const { address } = bitcoinSigner(privateKey);
    const sats = 25_000;
    const { txid } = await esplora(node, '/devnet/pay', { from: address, to: bitcoinReceiver, sats });
    const domain = (await ok('GET', '/v1/wallet-auth')).json.data.domain;
    const claim = () => {
      const message = [`${domain} asks you to prove you sent this payment`, 'Purpose: keys/buy',
        'App: devnet tour', 'Chain: bitcoin', `Transaction: ${txid}`,
        `Issued At: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`].join('\n');
      return { message, signature: bitcoinSigner(privateKey, message).signature };
    };
    const buy = () => call('POST', '/v1/keys/buy', {
      body: { txHash: txid, chainId: 'bitcoin', appName: 'devnet tour', senderProof: claim() },
    });
    // 3 blocks: the service's default confirmations on bitcoin; when it asks for more, they are mined
    await esplora(node, '/devnet/mine', { blocks: 3 });
    let bought = await buy();
    const needed = /has (\d+) of the (\d+) confirmations/.exec(bought.text);
    if (bought.status === 400 && needed) {
      await esplora(node, '/devnet/mine', { blocks: Number(needed[2]) - Number(needed[1]) });
      bought = await buy();
    }
    expect(bought.status === 200, `keys/buy: ${bought.status} ${bought.text.slice(0, 300)}`);
    const answer = bought.json.data ?? bought.json;
    const usd = usdOf(sats, btcUsd);
    expect(/^svc_live_[0-9a-f]{40}$/.test(answer.key ?? ''), `no key in ${bought.text.slice(0, 300)}`);
    expect(answer.wallet === address && answer.token === 'BTC' && answer.usdcPaid === usd,
      `not ${sats} sats from ${address} valued at ${usd} USD: ${bought.text.slice(0, 400)}`);
    const credits = (await ok('GET', '/v1/credits', { headers: { 'X-API-Key': answer.key } })).json.data.credits;
    expect(credits === answer.apiKeyCredits, `credits ${credits}, bought ${answer.apiKeyCredits}`);
    return `${sats} sats from ${address.slice(0, 12)}… in ${txid.slice(0, 10)}… = ${usd} USD at ${btcUsd} BTC/USD: `
      + `${credits} credits, wallet ${answer.wallet === address ? 'the payer' : answer.wallet}`;
  });
}
