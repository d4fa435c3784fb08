// The tour's point-of-sale steps: the merchant's owner adds a scanner (its PIN is shown once, here:
// the service never returns or lists it), a till signs in with the PIN (a scanner session), the
// holder signs in for a pass (an EIP-4361 message made by the siwe library, signed by ethers; the
// pass checked by the verifier SDK, whole and as its QR text) and the till scans it.
import { randomInt } from 'node:crypto';
import { Wallet } from 'ethers';
import { SiweMessage, generateNonce } from 'siwe';

/**
 * @param {object} t the tour's helpers: step, ok, expect, verifier(), holder, merchant() (the
 *     merchant step's {id, owner headers}, or undefined when that step failed)
 */
export async function pointOfSale(t) {
  const { step, ok, expect } = t;
  let session;
  await step('scanner added by the owner (PIN shown once), signed in at the till (scanner session)', async () => {
    const store = t.merchant();
    expect(store, 'no merchant: the merchant step failed');
    const pin = String(randomInt(10_000_000, 100_000_000)); // 8 digits
    const added = await ok('POST', `/v1/merchants/${store.id}/scanners`, {
      headers: store.owner,
      body: { pin, label: 'Tour till' },
    });
    expect(!('pin' in added.json.data), 'the answer returns the PIN');
    const listed = await ok('GET', `/v1/merchants/${store.id}/scanners`, { headers: store.owner });
    expect(listed.json.data.scanners.some((s) => s.scannerId === added.json.data.scannerId), 'not listed');
    expect(listed.json.data.scanners.every((s) => !('pin' in s)), 'the list shows a PIN');
    const opened = (await ok('POST', '/v1/scanner/session', { body: { merchantId: store.id, pin } })).json.data;
    expect(/^wss_[A-Za-z0-9_-]{43}$/.test(opened.session ?? ''), `no session in ${JSON.stringify(opened)}`);
    expect(opened.merchant?.id === store.id, 'the session names another store');
    session = opened.session;
    return `${added.json.data.scannerId}, PIN ${pin} (shown once), session until ${opened.expiresAt}`;
  });

  let pass;
  await step('point-of-sale pass for the holder (POST /v1/pass, siwe + ethers), verified by the SDK', async () => {
    const wallet = new Wallet(t.holder.privateKey);
    const message = new SiweMessage({
      domain: 'localhost', address: wallet.address, statement: 'Show my in-store pass.',
      uri: 'http://localhost/pos/pass.html', version: '1', chainId: 8453, nonce: generateNonce(),
      issuedAt: new Date().toISOString(), resources: ['urn:walletstate:purpose:pos-pass'],
    }).prepareMessage();
    const { json } = await ok('POST', '/v1/pass', { body: { message, signature: await wallet.signMessage(message) } });
    const issued = json.data;
    expect(issued.wallet === wallet.address, `pass for ${issued.wallet}`);
    expect(/^P1\./.test(issued.code ?? ''), 'no QR code text');
    const whole = await t.verifier().verifyPass(issued.signed);
    const fromCode = await t.verifier().verifyPass(issued.code);
    expect(whole.valid && fromCode.valid, 'not accepted');
    pass = issued;
    return `${issued.code.length}-character QR code, valid ${issued.issuedAt} to ${issued.expiresAt}`;
  });

  await step('the pass scanned at the till (POST /v1/pass/verify with the session): recognized', async () => {
    expect(session && pass, 'no session or no pass (an earlier step failed)');
    const { json } = await ok('POST', '/v1/pass/verify', {
      headers: { 'X-Scanner-Session': session },
      body: { code: pass.code },
    });
    const scan = json.data;
    expect(scan.recognized === true && scan.paused === false, `not recognized: ${JSON.stringify(scan)}`);
    expect(scan.wallet === pass.wallet, `scanned ${scan.wallet}`);
    expect(scan.discount > 0 && scan.tier, `no discount: ${JSON.stringify(scan)}`);
    expect(json.meta?.creditsCharged === 1, `charged ${json.meta?.creditsCharged}`);
    return `${scan.discount}% off, tier ${scan.tier}, 1 credit charged to the owner`;
  });
}
