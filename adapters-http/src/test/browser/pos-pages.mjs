// Drives the pass page and the scanner page in headless Chromium (Debian's /usr/bin/chromium) with
// playwright-core, against a running service and the devnet. Input: one JSON argument (see
// PointOfSalePagesTest); output: one JSON line of what the pages showed. The customer's wallet is
// an EIP-1193 provider injected into the page whose personal_sign is the devnet node's own
// (an unlocked anvil account), so the signature is a real one by that account.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, PHONE, tillLogin } from './chromium.mjs';

const input = JSON.parse(process.argv[2]);
const observed = {};

async function rpc(method, params) {
  const response = await fetch(input.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = await response.json();
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

async function wallet(method, params) {
  switch (method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return [input.account.toLowerCase()];
    case 'eth_chainId':
      return '0x' + Number(input.chainId).toString(16);
    case 'personal_sign':
      return rpc('personal_sign', params);
    default:
      throw new Error(`the test wallet does not answer ${method}`);
  }
}

/** A fresh profile directory and a phone-sized Chromium on it, with {@code extra} flags. */
function phone(extra) {
  return launch(extra, PHONE);
}

const { browser: context, dir: profile } = await phone([]);
const profiles = [profile];
try {
  // --- the customer's phone
  await context.exposeFunction('__devnetWallet', wallet);
  const customer = await context.newPage();
  await customer.clock.install();
  await customer.addInitScript(() => {
    window.ethereum = {
      isTestWallet: true,
      request: ({ method, params }) => window.__devnetWallet(method, params || []),
    };
  });
  await customer.goto(`${input.baseUrl}/pos/pass.html?store=${encodeURIComponent(input.merchantId)}`);
  await customer.waitForSelector('#store:not(.hidden)');
  observed.passHeading = await customer.textContent('#heading');
  observed.passPurpose = await customer.textContent('#purpose');
  observed.passTiers = await customer.textContent('#store-tiers');
  observed.passFits = await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await customer.click('#connect');
  await customer.waitForSelector('#pass:not(.hidden)', { timeout: 20000 });
  observed.passWallet = await customer.textContent('#wallet');
  const qr = await customer.locator('#qr').screenshot();
  observed.qrBytes = qr.length;

  // --- the till
  const till = await context.newPage();
  await till.goto(`${input.baseUrl}/pos/scanner.html`);
  await till.fill('#merchant', input.merchantId);
  await till.fill('#pin', input.wrongPin);
  await till.click('#login-button');
  await till.waitForFunction(() => document.getElementById('error').textContent.length > 0);
  observed.wrongPin = await till.textContent('#error');
  const staff = await tillLogin(till, input.pin);
  observed.storeTitle = staff.title;
  observed.tillTiers = staff.tiers;
  observed.tillFits = await till.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function result() {
    await till.waitForSelector('#result:not(.hidden)');
    const r = {
      className: await till.getAttribute('#result', 'class'),
      status: await till.textContent('#result-status'),
      discount: await till.textContent('#result-discount'),
      tier: await till.textContent('#result-tier'),
      paused: await till.textContent('#result-paused'),
      detail: await till.textContent('#result-detail'),
    };
    const box = await till.locator('#result-status').boundingBox();
    r.statusHeight = box ? box.height : 0;
    await till.evaluate(() => { document.getElementById('result').className = 'hidden'; });
    return r;
  }

  // the QR image the pass page rendered, fed to the scanner as a photo
  await till.setInputFiles('#photo', { name: 'pass.png', mimeType: 'image/png', buffer: qr });
  observed.scan = await result();

  // the till's camera: Chromium's fake capture device plays the pass page's QR code (as MJPEG
  // frames) and the scanner page reads it from the video
  const jpeg = await customer.locator('#qr').screenshot({ type: 'jpeg', quality: 95 });
  const video = join(profile, 'qr.mjpeg');
  writeFileSync(video, Buffer.concat(Array.from({ length: 30 }, () => jpeg)));
  const camera = await phone([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  profiles.push(camera.dir);
  try {
    await camera.browser.grantPermissions(['camera'], { origin: input.baseUrl });
    const cam = await camera.browser.newPage();
    await cam.goto(`${input.baseUrl}/pos/scanner.html`);
    await cam.fill('#merchant', input.merchantId);
    await cam.fill('#pin', input.pin);
    await cam.click('#login-button');
    await cam.waitForSelector('#scan:not(.hidden)');
    await cam.click('#camera');
    await cam.waitForSelector('#result:not(.hidden)', { timeout: 30000 });
    observed.cameraScan = {
      status: await cam.textContent('#result-status'),
      discount: await cam.textContent('#result-discount'),
      tier: await cam.textContent('#result-tier'),
    };
    await cam.click('#camera'); // stop
  } finally {
    await camera.browser.close();
  }

  // a stale pass, typed in as a keyboard scanner would
  await till.fill('#code', input.staleCode);
  await till.click('#paste button');
  observed.stale = await result();

  // the pass page renews before the pass goes stale: a new code is drawn
  await customer.clock.fastForward(46_000);
  await customer.waitForFunction(
    (before) => document.getElementById('qr').toDataURL() !== before,
    await customer.evaluate(() => document.getElementById('qr').toDataURL()),
    { timeout: 20000 },
  ).catch(() => {});
  const renewed = await customer.locator('#qr').screenshot();
  observed.renewedDiffers = Buffer.compare(renewed, qr) !== 0;
  await till.setInputFiles('#photo', { name: 'renewed.png', mimeType: 'image/png', buffer: renewed });
  observed.renewedScan = await result();

  // the store pauses
  const paused = await fetch(`${input.baseUrl}/v1/merchants/${input.merchantId}/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': input.ownerKey },
    body: JSON.stringify({ paused: true }),
  });
  observed.pauseStatus = paused.status;
  await till.setInputFiles('#photo', { name: 'renewed.png', mimeType: 'image/png', buffer: renewed });
  observed.pausedScan = await result();

  // another store's till: five wrong PINs, then the lock
  const locked = await context.newPage();
  await locked.goto(`${input.baseUrl}/pos/scanner.html`);
  observed.lockout = [];
  for (let i = 0; i < 6; i++) {
    await locked.fill('#merchant', input.lockMerchantId);
    await locked.fill('#pin', String(1000 + i));
    await locked.evaluate(() => { document.getElementById('error').textContent = ''; });
    await locked.click('#login-button');
    await locked.waitForFunction(() => document.getElementById('error').textContent.length > 0);
    observed.lockout.push(await locked.textContent('#error'));
  }
} finally {
  await context.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(observed));
