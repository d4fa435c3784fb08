// The tour's non-EVM discount: a second store of the tour's key whose own token is the XRPL issuer's
// USD (the scenario's holder has an unfrozen line of 150.25 USD on the local XRPL node) with a tier
// at 100; the XRPL holder gets a code (POST /v1/ucp/discount with xrplWallet only), its signed
// verification block checked by the verifier SDK.

/** @param {object} t the tour's helpers: step, ok, expect, verifier(), world, merchant() */
export async function xrplDiscount(t) {
  const { step, ok, expect } = t;
  await step('discount on the XRP Ledger: tier on an XRPL issuer\'s USD, code issued (UCP), verified by the SDK', async () => {
    const store = t.merchant();
    expect(store, 'no merchant key: the merchant step failed');
    const body = t.world.attestBodies.xrpl;
    const usd = body.conditions.find((c) => c.currency === 'USD');
    expect(usd, 'world.json has no XRPL USD line');
    const id = `${store.id}-xrpl`;
    await ok('POST', '/v1/merchants', { body: { companyName: `Tour XRPL store ${id}`, companyId: id }, headers: store.owner });
    await ok('PUT', `/v1/merchants/${id}/tokens`, {
      headers: store.owner,
      body: {
        ownToken: {
          symbol: 'XUSD', chainId: 'xrpl', contractAddress: usd.contractAddress, currency: 'USD', decimals: 6,
          tiers: [{ name: 'Ledger', threshold: '100', discount: 15 }],
        },
      },
    });
    const { json } = await ok('POST', '/v1/ucp/discount', {
      headers: store.owner,
      body: { merchantId: id, xrplWallet: body.xrplWallet, subtotal: 4600 },
    });
    await t.verifier().verifyDiscount(json);
    const verification = json.data.verification;
    const signed = verification?.discount ?? {};
    expect(verification?.code && signed.code === verification.code, `no code in ${JSON.stringify(json.data).slice(0, 300)}`);
    expect(signed.discountPercent === 15 && signed.breakdown?.some((b) => b.symbol === 'XUSD' && b.tier === 'Ledger'),
      `not the XRPL tier: ${JSON.stringify(signed).slice(0, 400)}`);
    return `${body.xrplWallet.slice(0, 8)}… holds ${usd.threshold} USD: ${signed.discountPercent}% (tier Ledger), code ${verification.code}`;
  });
}
