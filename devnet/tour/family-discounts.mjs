// The tour's discounts on the non-EVM families beside the XRP Ledger (tour/xrpl-discount.mjs).
// Solana: a store of the tour's key whose own token is the local Solana node's SPL mint (the
// scenario's holder has 2,000.5 of it), with tiers at 100 and 1,000; the Solana holder gets a code
// (POST /v1/ucp/discount with solanaWallet only), its signed verification block checked by the SDK.
// Tron, Stellar, Sui and Bitcoin: the interface allows a store's tokens on the EVM chains, Solana and
// the XRP Ledger only ("bitcoin, tron, stellar, sui are not allowed for merchant configuration"), so
// the step checks that a token of each is refused with 400 and that no code can be issued for it.

/** @param {object} t the tour's helpers: step, ok, call, expect, verifier(), world, merchant() */
export async function solanaDiscount(t) {
  const { step, ok, expect } = t;
  await step('discount on Solana: tiers on an SPL mint, code issued (UCP), verified by the SDK', async () => {
    const store = t.merchant();
    expect(store, 'no merchant key: the merchant step failed');
    const body = t.world.attestBodies.solana;
    const spl = body.conditions.find((c) => c.contractAddress !== 'native');
    expect(spl, 'world.json has no Solana token');
    const id = `${store.id}-sol`;
    await ok('POST', '/v1/merchants', { body: { companyName: `Tour Solana store ${id}`, companyId: id }, headers: store.owner });
    await ok('PUT', `/v1/merchants/${id}/tokens`, {
      headers: store.owner,
      body: {
        ownToken: {
          symbol: 'SPLD', chainId: 'solana', contractAddress: spl.contractAddress, decimals: 6,
          tiers: [{ name: 'Bronze', threshold: '100', discount: 5 }, { name: 'Mint', threshold: '1000', discount: 12 }],
        },
      },
    });
    const { json } = await ok('POST', '/v1/ucp/discount', {
      headers: store.owner,
      body: { merchantId: id, solanaWallet: body.solanaWallet, subtotal: 4600 },
    });
    await t.verifier().verifyDiscount(json);
    const verification = json.data.verification;
    const signed = verification?.discount ?? {};
    expect(verification?.code && signed.code === verification.code, `no code in ${JSON.stringify(json.data).slice(0, 300)}`);
    expect(signed.discountPercent === 12 && signed.breakdown?.some((b) => b.symbol === 'SPLD' && b.tier === 'Mint'),
      `not the Solana tier: ${JSON.stringify(signed).slice(0, 400)}`);
    return `${body.solanaWallet.slice(0, 8)}… holds ${spl.threshold} of ${spl.contractAddress.slice(0, 8)}…: `
      + `${signed.discountPercent}% (tier Mint), code ${verification.code}`;
  });
}

/** @param {object} t the tour's helpers: step, ok, call, expect, world, merchant() */
export async function familiesWithoutDiscounts(t) {
  const { step, ok, call, expect } = t;
  await step('Tron, Stellar, Sui and Bitcoin tokens refused for a store (400), as the specification says', async () => {
    const store = t.merchant();
    expect(store, 'no merchant key: the merchant step failed');
    const id = `${store.id}-fam`; // a store of its own: nothing refused here touches the others
    await ok('POST', '/v1/merchants', { body: { companyName: `Tour other families ${id}`, companyId: id }, headers: store.owner });
    const refusals = [];
    for (const family of ['tron', 'stellar', 'sui', 'bitcoin']) {
      const token = t.world.attestBodies[family].conditions.at(-1);
      const answer = await call('PUT', `/v1/merchants/${id}/tokens`, {
        headers: store.owner,
        body: {
          ownToken: {
            symbol: 'FAM', chainId: family, contractAddress: token.contractAddress, decimals: 6,
            ...(token.assetCode ? { currency: token.assetCode } : {}),
            tiers: [{ name: 'Holder', threshold: '1', discount: 5 }],
          },
        },
      });
      expect(answer.status === 400, `${family}: ${answer.status} ${answer.text.slice(0, 300)}`);
      refusals.push(`${family}: ${answer.json?.error?.message ?? answer.text}`.slice(0, 90));
    }
    return refusals.join('; ');
  });
}
