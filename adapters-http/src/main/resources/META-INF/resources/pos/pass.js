'use strict';
// The customer's pass: sign in once with the injected EIP-1193 wallet (EIP-4361, personal_sign),
// then show the pass as a QR code and fetch the next one with the renewal token before it goes
// stale (the service says when: refreshAt, 45 s into a pass's 65 s).
(function () {
  const $ = (id) => document.getElementById(id);
  let renewal = null;
  let timer = null;

  function checksum(address) {
    const lower = address.toLowerCase().replace(/^0x/, '');
    const hash = keccak256(lower);
    let out = '0x';
    for (let i = 0; i < 40; i++) {
      out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
    }
    return out;
  }

  function nonce() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function hexUtf8(text) {
    return '0x' + Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function message(address, chainId) {
    return [
      `${location.hostname} wants you to sign in with your Ethereum account:`,
      address,
      '',
      'Show my in-store pass.',
      '',
      `URI: ${location.origin}${location.pathname}`,
      'Version: 1',
      `Chain ID: ${chainId}`,
      `Nonce: ${nonce()}`,
      `Issued At: ${new Date().toISOString()}`,
      // the message's purpose: the service takes it for a pass only, never as a wallet sign-in or
      // a discount walletProof
      'Resources:',
      '- urn:walletstate:purpose:pos-pass',
    ].join('\n');
  }

  async function post(body) {
    const response = await fetch('/v1/pass', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) {
      throw new Error(json.error ? json.error.message : `HTTP ${response.status}`);
    }
    return json.data;
  }

  function draw(code) {
    const qr = qrcode(0, 'M');
    qr.addData(code, 'Byte');
    qr.make();
    const count = qr.getModuleCount();
    const quiet = 4;
    const cell = Math.max(4, Math.floor(640 / (count + 2 * quiet)));
    const size = (count + 2 * quiet) * cell;
    const canvas = $('qr');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = '#000';
    for (let r = 0; r < count; r++) {
      for (let c = 0; c < count; c++) {
        if (qr.isDark(r, c)) ctx.fillRect((c + quiet) * cell, (r + quiet) * cell, cell, cell);
      }
    }
  }

  function show(data) {
    renewal = data.renewal;
    draw(data.code);
    $('wallet').textContent = `Wallet ${data.wallet}`;
    const refreshIn = Date.parse(data.refreshAt) - Date.parse(data.issuedAt);
    const expires = new Date(Date.now() + (Date.parse(data.expiresAt) - Date.parse(data.issuedAt)));
    $('fresh').textContent = `Valid until ${expires.toLocaleTimeString()}; renews by itself.`;
    $('signin').classList.add('hidden');
    $('pass').classList.remove('hidden');
    $('error').textContent = '';
    clearTimeout(timer);
    timer = setTimeout(renew, refreshIn);
  }

  async function renew() {
    try {
      show(await post({ renewal }));
    } catch (e) {
      stop();
      $('error').textContent = `${e.message}. Sign in again to show your pass.`;
    }
  }

  function stop() {
    clearTimeout(timer);
    renewal = null;
    $('pass').classList.add('hidden');
    $('signin').classList.remove('hidden');
  }

  async function signIn() {
    $('error').textContent = '';
    const wallet = window.ethereum;
    if (!wallet) {
      $('no-wallet').hidden = false;
      return;
    }
    try {
      const accounts = await wallet.request({ method: 'eth_requestAccounts' });
      const address = checksum(accounts[0]);
      const chainId = parseInt(await wallet.request({ method: 'eth_chainId' }), 16);
      const text = message(address, chainId);
      const signature = await wallet.request({ method: 'personal_sign', params: [hexUtf8(text), address] });
      show(await post({ message: text, signature }));
    } catch (e) {
      $('error').textContent = e.message || String(e);
    }
  }

  /** With ?store=<id> (the link a store prints), the store's name and what its customers get. */
  async function showStore() {
    const id = new URLSearchParams(location.search).get('store');
    if (!id) return;
    try {
      const response = await fetch(`/v1/merchants/${encodeURIComponent(id)}`);
      const json = await response.json();
      if (!response.ok) throw new Error(json.error ? json.error.message : `HTTP ${response.status}`);
      const store = json.data;
      $('heading').textContent = `My pass for ${store.companyName}`;
      document.title = `My pass for ${store.companyName}`;
      $('store-name').textContent = store.companyName;
      $('store-location').textContent = store.location || '';
      $('store-tiers').replaceChildren(StoreTiers.table(store, `What holders get at ${store.companyName}`));
      $('store').classList.remove('hidden');
    } catch (e) {
      $('error').textContent = `The store could not be shown (${e.message}); the pass works at any store.`;
    }
  }

  showStore();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && renewal) renew();
  });
  $('connect').addEventListener('click', signIn);
  $('signout').addEventListener('click', stop);
})();
