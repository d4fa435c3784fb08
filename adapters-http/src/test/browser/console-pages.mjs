// Drives the store console (/console/) in headless Chromium with playwright-core against a running
// service and the devnet: a store onboarded through the page, the first part with the keyboard
// only; a validation error beside its field; a discount preview; a credits purchase (refused
// without a proof, then claimed with the page's message signed by the paying wallet); a code issued
// for the store (the API, as a checkout would) counted on the overview; then the
// scanner and pass pages of that store on a phone. Every page is served with a strict CSP header
// on top of its own, and any violation is reported; the text contrast of each screen is measured
// before its screenshot. Input: one JSON argument (see
// MerchantConsolePagesTest); output: one JSON line of what the pages showed; a screenshot of each
// screen goes to input.screenshots.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, PHONE, tillLogin } from './chromium.mjs';

const input = JSON.parse(process.argv[2]);
const observed = { csp: [], steps: [], contrast: [], contrastChecked: {} };
const STRICT = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
  + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
mkdirSync(input.screenshots, { recursive: true });

/** Serves the service's pages with the strict policy as a header, and records violations. */
async function strict(page) {
  await page.route(/\/(console|pos)\//, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT } });
  });
  await page.exposeFunction('__cspViolation', (v) => observed.csp.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => observed.csp.push(`script error: ${e.message}`));
}

/**
 * WCAG 2.x contrast of every visible element with its own text (or an input's value) on the page:
 * its computed colour against the first non-transparent background up its ancestors, semi-transparent
 * layers blended over white. Below 4.5:1 (3:1 for text of 24px, or 18.66px bold) is recorded with
 * the element and its text; returns how many elements were measured.
 */
async function contrast(page, name) {
  const result = await page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (css) => {
      const m = css.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
      if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const d = probe.getImageData(0, 0, 1, 1).data;
      return [d[0], d[1], d[2], d[3] / 255];
    };
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const background = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const luminance = (c) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const describe = (el) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${id}${cls}`;
    };
    const failures = [];
    let checked = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const field = el.matches('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select');
      const own = field ? el.value : Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
      if (!own.trim() || el.closest(':disabled, [aria-disabled=true]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      const back = background(el);
      const fore = over(rgba(style.color), back);
      const [hi, lo] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
      checked++;
      if (ratio < (large ? 3 : 4.5)) {
        failures.push(`${describe(el)} "${own.trim().slice(0, 40)}" ${ratio.toFixed(2)}:1 (${style.color} on rgb(${back.slice(0, 3).map(Math.round).join(', ')}), ${size}px)`);
      }
    }
    return { checked, failures };
  });
  observed.contrastChecked[name] = result.checked;
  result.failures.forEach((f) => observed.contrast.push(`${name}: ${f}`));
}

async function shot(page, name) {
  await contrast(page, name);
  await page.screenshot({ path: join(input.screenshots, `${name}.png`), fullPage: true });
}

/** Presses Tab until the focus is on {@code selector}; fails after 80 presses. */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`the keyboard never reached ${selector}`);
}

async function typeInto(page, selector, text) {
  await tabTo(page, selector);
  await page.keyboard.type(text);
}

async function notice(page, text) {
  await page.waitForFunction((t) => document.getElementById('notice').textContent.includes(t), text, { timeout: 20000 });
  return page.textContent('#notice');
}

async function view(page, name) {
  await page.waitForSelector(`[data-view="${name}"]:not([hidden]):not([aria-busy])`, { timeout: 20000 });
}

/** The error shown for {@code selector}: its text, whether it sits right under it, the focus. */
async function fieldError(page, selector) {
  await page.waitForFunction((s) => document.querySelector(s).getAttribute('aria-invalid') === 'true', selector);
  return page.evaluate((s) => {
    const input = document.querySelector(s);
    const error = document.getElementById(input.getAttribute('aria-describedby'));
    const a = input.getBoundingClientRect();
    const b = error.getBoundingClientRect();
    return {
      text: error.textContent,
      beside: b.top >= a.bottom - 1 && b.top - a.bottom < 30 && Math.abs(b.left - a.left) < 5,
      focused: document.activeElement === input,
      otherErrors: Array.from(document.querySelectorAll('.field-error')).filter((p) => p !== error && p.textContent).length,
    };
  }, selector);
}

/** The keyboard-only part: sign in, create the store, its own token and two tiers. */
async function keyboardOnboarding(page) {
  await page.goto(`${input.baseUrl}/console/`);
  await view(page, 'key');
  await shot(page, '01-sign-in');
  await typeInto(page, '#api-key', input.ownerKey);
  await page.keyboard.press('Enter');
  await view(page, 'stores');
  observed.keyInUrl = page.url().includes(input.ownerKey);
  await typeInto(page, '#create-name', input.storeName);
  await typeInto(page, '#create-id', input.storeId);
  await typeInto(page, '#create-location', 'Harbour Street 4');
  await shot(page, '02-create-store');
  await page.keyboard.press('Enter');
  await view(page, 'overview');
  observed.steps.push('created');
  await tabTo(page, 'nav a[href="#tokens"]');
  await page.keyboard.press('Enter');
  await view(page, 'tokens');
  await tabTo(page, '#add-own');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[name="ownToken.symbol"]');
  for (const [field, text] of [['symbol', 'USDC'], ['chainId', '8453'], ['contractAddress', input.usdc], ['decimals', '6']]) {
    await typeInto(page, `[name="ownToken.${field}"]`, text);
  }
  await typeInto(page, '[name="ownToken.tiers[0].name"]', 'Bronze');
  await typeInto(page, '[name="ownToken.tiers[0].threshold"]', '10');
  await typeInto(page, '[name="ownToken.tiers[0].discount"]', '5');
  await tabTo(page, '[data-add="tiers"]');
  await page.keyboard.press('Enter');
  observed.focusAfterAdd = await page.evaluate(() => document.activeElement.name);
  await page.keyboard.type('Gold');
  await typeInto(page, '[name="ownToken.tiers[1].threshold"]', '100');
  await typeInto(page, '[name="ownToken.tiers[1].discount"]', '60');
  await tabTo(page, '#tokens-form button[type="submit"]');
  await page.keyboard.press('Enter');
  observed.tierError = await fieldError(page, '[name="ownToken.tiers[1].discount"]');
  await shot(page, '03-validation-error');
  // the focus is on the field: the owner corrects it there
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  observed.tokensSaved = await notice(page, 'Saved');
  observed.steps.push('tokens');
}

async function tokensAndCollections(page) {
  await page.click('[data-add="alsoOn"]');
  await page.fill('[name="ownToken.alsoOn[0].chainId"]', '1');
  await page.fill('[name="ownToken.alsoOn[0].contractAddress"]', input.usdcEthereum);
  await page.click('#tokens-form button[type="submit"]');
  await notice(page, 'Saved: 1 of 8');
  // a partner token, with its tier and a second network of its own
  await page.click('#add-partner');
  await page.waitForSelector('[name="partnerTokens[0].symbol"]');
  await page.fill('[name="partnerTokens[0].symbol"]', 'USDT');
  await page.fill('[name="partnerTokens[0].chainId"]', '1');
  await page.fill('[name="partnerTokens[0].contractAddress"]', input.usdtEthereum);
  await page.fill('[name="partnerTokens[0].decimals"]', '6');
  await page.fill('[name="partnerTokens[0].tiers[0].name"]', 'Friends');
  await page.fill('[name="partnerTokens[0].tiers[0].threshold"]', '50');
  await page.fill('[name="partnerTokens[0].tiers[0].discount"]', '3');
  await page.click('button[data-add="alsoOn"][data-path="partnerTokens[0].alsoOn"]');
  await page.fill('[name="partnerTokens[0].alsoOn[0].chainId"]', '10');
  await page.fill('[name="partnerTokens[0].alsoOn[0].contractAddress"]', input.partnerOn10);
  await page.click('#tokens-form button[type="submit"]');
  observed.partnerSaved = await notice(page, 'Saved: 2 of 8');
  await shot(page, '04-tokens');
  await page.click('nav a[href="#nfts"]');
  await view(page, 'nfts');
  await page.click('#add-collection');
  await page.fill('[name="nftCollections[0].name"]', 'Harbour members');
  await page.fill('[name="nftCollections[0].chainId"]', '8453');
  await page.fill('[name="nftCollections[0].contractAddress"]', input.nftContract);
  await page.fill('[name="nftCollections[0].discount"]', '15');
  await page.uncheck('[name="nftCollections[0].enabled"]');
  await page.click('#nfts-form button[type="submit"]');
  observed.nftsSaved = await notice(page, 'Saved');
  await shot(page, '05-nft-collections');
}

async function settings(page) {
  await page.click('nav a[href="#settings"]');
  await view(page, 'settings');
  await page.selectOption('#s-mode', 'capped');
  await page.fill('#s-cap', '150');
  await page.click('#settings-form button[type="submit"]');
  observed.capError = await fieldError(page, '#s-cap');
  await page.fill('#s-cap', '20');
  await page.fill('#s-per-day', '3');
  await page.fill('#s-unproven', '5');
  await page.click('#settings-form button[type="submit"]');
  observed.settingsSaved = await notice(page, 'saved');
  await shot(page, '06-settings');
}

async function domain(page) {
  await page.click('nav a[href="#domain"]');
  await view(page, 'domain');
  await page.fill('#d-domain', 'shop.example.com');
  await page.click('#domain-form button[type="submit"]');
  await page.waitForSelector('#domain-methods:not([hidden])');
  observed.domainMethods = await page.$$eval('#domain-method-list .method', (ms) => ms.map((m) => m.textContent));
  await shot(page, '07-domain');
  // "Check now": nothing is published for this domain, so the service's answer says what it saw
  await page.click('#domain-check');
  await page.waitForFunction(() => document.getElementById('domain-result').textContent.length > 0, null, { timeout: 60000 });
  observed.domainCheck = await page.textContent('#domain-result');
}

async function scanners(page) {
  await page.click('nav a[href="#scanners"]');
  await view(page, 'scanners');
  await page.fill('#sc-label', 'Till 1');
  await page.click('#scanner-form button[type="submit"]');
  await page.waitForSelector('#new-pin:not([hidden])');
  observed.pin = await page.textContent('#new-pin-value');
  observed.scannerRows = await page.$$eval('#scanner-list li', (rows) => rows.map((r) => r.textContent));
  await shot(page, '08-scanners');
  await page.click('#new-pin-done');
  observed.pinGone = (await page.textContent('#new-pin-value')) === '' && (await page.isHidden('#new-pin'));
  observed.scannerHref = await page.getAttribute('#scanner-link', 'href');
  // a second till, removed again: the list shows only the first
  await page.fill('#sc-label', 'Till 2');
  await page.click('#scanner-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelectorAll('#scanner-list li').length === 2);
  await page.click('#new-pin-done');
  await page.click('#scanner-list [aria-label="Remove Till 2"]');
  observed.scannerRemoved = await notice(page, 'Till 2 is removed');
  observed.scannerRowsAfterRemoval = await page.$$eval('#scanner-list li', (rows) => rows.map((r) => r.textContent));
}

async function listing(page) {
  await page.click('nav a[href="#overview"]');
  await view(page, 'overview');
  await page.waitForFunction(() => document.getElementById('publish').textContent.length > 0);
  await page.click('#publish');
  observed.published = await notice(page, 'listed in the directory');
  // unpublished and published again
  await page.click('#publish');
  observed.unpublished = await notice(page, 'no longer listed');
  observed.unlistedStatus = await page.textContent('#status');
  await page.click('#publish');
  await notice(page, 'is listed in the directory');
  await page.click('#pause');
  observed.paused = await notice(page, 'paused');
  observed.pausedStatus = await page.textContent('#status');
  await page.click('#pause');
  observed.resumed = await notice(page, 'runs again');
  observed.overview = await page.textContent('#status');
  observed.overviewTiers = await page.textContent('#overview-tiers');
  await shot(page, '09-overview');
}

async function preview(page) {
  await page.click('nav a[href="#preview"]');
  await view(page, 'preview');
  await page.fill('#p-wallet', 'not-a-wallet');
  await page.click('#preview-form button[type="submit"]');
  observed.walletError = await fieldError(page, '#p-wallet');
  await page.fill('#p-wallet', input.customer);
  await page.click('#preview-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('preview-result').textContent.length > 0, null, { timeout: 30000 });
  observed.preview = await page.textContent('#preview-result');
  await shot(page, '10-preview');
}

async function credits(page) {
  await page.click('nav a[href="#credits"]');
  await view(page, 'credits');
  await page.fill('#c-tx', '0x1234');
  await page.fill('#c-chain', '8453');
  await page.fill('#c-amount', '5');
  await page.click('#credits-form button[type="submit"]');
  observed.txError = await fieldError(page, '#c-tx');
  await page.fill('#c-tx', input.txHash);
  // no proof: the payer is not the key's wallet, so the service refuses, at the form
  await page.fill('#c-signature', '');
  await page.click('#credits-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('credits-form-error').textContent.length > 0, null, { timeout: 30000 });
  observed.unproven = await page.textContent('#credits-form-error');
  await shot(page, '11-credits-unproven');
  // the message the page shows, signed by the paying wallet as a wallet would (ethers personal_sign)
  await page.click('#c-claim-renew');
  await page.waitForFunction((tx) => document.getElementById('c-claim').value.includes(tx.toLowerCase()), input.txHash);
  observed.claim = await page.inputValue('#c-claim');
  const { Wallet } = createRequire(join(input.devnetDir, 'package.json'))('ethers');
  const signature = await new Wallet(`0x${input.payerKey}`).signMessage(observed.claim);
  await page.fill('#c-signature', signature);
  await page.click('#credits-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('credits-result').textContent.length > 0, null, { timeout: 30000 });
  observed.credits = await page.textContent('#credits-result');
  await shot(page, '11-credits');
}

/** The overview's count of the codes issued today, once it starts with {@code expected}. */
async function codesIssued(page, expected) {
  await page.click('nav a[href="#preview"]');
  await view(page, 'preview');
  await page.click('nav a[href="#overview"]');
  await view(page, 'overview');
  // the screen redraws when the status it reads comes back; a count that never shows is reported as it is.
  // One evaluate reads the list as it is at that moment ($$eval queries and reads in two steps, between
  // which a redraw can detach the terms it found).
  const shown = () => {
    const dt = [...document.querySelectorAll('#status dt')].find((d) => d.textContent === 'Codes issued today');
    return dt && dt.nextElementSibling ? dt.nextElementSibling.textContent : '';
  };
  for (let i = 0; i < 60 && !(await page.evaluate(shown)).startsWith(expected); i++) {
    await page.waitForTimeout(250);
  }
  return page.evaluate(shown);
}

/** A code issued for the store (POST /v1/verify with the owner key, as a checkout would), counted on the overview. */
async function codesToday(page) {
  observed.codesBefore = await codesIssued(page, '0');
  const answer = await fetch(`${input.baseUrl}/v1/verify`, {
    method: 'POST',
    headers: { 'X-API-Key': input.ownerKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ merchantId: input.storeId, wallet: input.customer }),
  });
  const json = await answer.json();
  observed.issuedCode = answer.status === 200 ? json.data.code : `HTTP ${answer.status} ${JSON.stringify(json)}`;
  observed.codesAfter = await codesIssued(page, '1');
  await shot(page, '16-overview-codes');
}

/** The store's till and pass pages on a phone, opened from the console's link. */
async function pointOfSale() {
  const phone = await launch([], PHONE);
  try {
    const till = await phone.browser.newPage();
    await strict(till);
    await till.goto(`${input.baseUrl}${observed.scannerHref}`);
    observed.tillPrefilled = await till.inputValue('#merchant');
    const staff = await tillLogin(till, observed.pin);
    observed.tillTitle = staff.title;
    observed.tillTiers = staff.tiers;
    await shot(till, '12-scanner-phone');
    const pass = await phone.browser.newPage();
    await strict(pass);
    await pass.goto(`${input.baseUrl}/pos/pass.html?store=${encodeURIComponent(input.storeId)}`);
    await pass.waitForSelector('#store:not(.hidden)');
    observed.passHeading = await pass.textContent('#heading');
    observed.passTiers = await pass.textContent('#store-tiers');
    observed.phoneFits = await pass.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await shot(pass, '13-pass-phone');
  } finally {
    await phone.close();
  }
}

const desk = await launch([], { viewport: { width: 1100, height: 800 }, deviceScaleFactor: 1 });
try {
  const page = await desk.browser.newPage();
  await strict(page);
  await keyboardOnboarding(page);
  await tokensAndCollections(page);
  await settings(page);
  await domain(page);
  await scanners(page);
  await listing(page);
  await preview(page);
  await credits(page);
  await codesToday(page);
  await page.click('nav a[href="#stores"]');
  await view(page, 'stores');
  await page.waitForFunction(() => document.getElementById('store-list').children.length > 0);
  observed.storeList = await page.textContent('#store-list');
  await shot(page, '15-stores');
  await page.click('#store-list button');
  await view(page, 'overview');
  observed.keyInStorage = await page.evaluate((k) => Object.values(sessionStorage).includes(k) && !document.cookie.includes(k), input.ownerKey);
  const small = await page.evaluate(() => document.documentElement.scrollWidth);
  observed.desktopWidth = small;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('nav a[href="#tokens"]');
  await view(page, 'tokens');
  observed.consoleFitsPhone = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await shot(page, '14-tokens-phone');
  await page.click('#forget');
  await view(page, 'key');
  observed.forgotten = await page.evaluate(() => sessionStorage.length === 0);
} finally {
  await desk.close();
}
await pointOfSale();
console.log(JSON.stringify(observed));
