'use strict';
// The store's screens: what each shows (from the owner's status) and what its forms send.
(function () {
  const $ = (id) => document.getElementById(id);
  const { notice, guarded, go, path, register, storeId } = Console;

  function onSubmit(id, work) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault();
      guarded(event.target, () => work(event.target));
    });
  }

  function term(list, name, value) {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }

  function links(id) {
    const store = `?store=${encodeURIComponent(id)}`;
    $('pass-link').href = `/pos/pass.html${store}`;
    $('scanner-link').href = `/pos/scanner.html${store}`;
    $('scanner-link-overview').href = `/pos/scanner.html${store}`;
  }

  // --- overview: status, publish, pause

  register('overview', (s) => {
    const dl = $('status');
    dl.replaceChildren();
    const v = s.verification || {};
    term(dl, 'Store', `${s.companyName} (${s.id})`);
    term(dl, 'Location', s.location || 'not given');
    const states = { verified: 'verified', token_issued: 'waiting for the check' };
    term(dl, 'Domain', v.domain ? `${v.domain}, ${states[v.status] || v.status}` : 'not verified');
    term(dl, 'Directory', s.listedInDirectory ? 'listed' : 'not listed');
    term(dl, 'Recognition', s.paused ? `paused since ${new Date(s.pausedAt).toLocaleString()}` : 'running');
    term(dl, "The key's credits", String(s.credits));
    term(dl, 'Codes issued today', `${s.codesIssuedToday} (since 00:00 UTC)`);
    term(dl, 'Discounts combine', s.discountMode === 'capped' ? `added up, capped at ${s.discountCap}%` : s.discountMode === 'stack' ? 'added up' : 'the highest one');
    $('publish').textContent = s.listedInDirectory ? 'Remove from the directory' : 'Publish in the directory';
    $('pause').textContent = s.paused ? 'Resume recognition' : 'Pause recognition';
    $('publish').dataset.listed = String(s.listedInDirectory);
    $('pause').dataset.paused = String(s.paused);
    $('overview-tiers').replaceChildren(StoreTiers.table(s, 'Discounts by holding'));
    links(s.id);
  });

  $('publish').addEventListener('click', () => guarded(null, async () => {
    const listed = $('publish').dataset.listed !== 'true';
    await Api.call('POST', path('/directory'), { listed });
    await Console.refresh('overview');
    notice(listed ? 'The store is listed in the directory.' : 'The store is no longer listed.');
  }));

  $('pause').addEventListener('click', () => guarded(null, async () => {
    const paused = $('pause').dataset.paused !== 'true';
    await Api.call('PUT', path('/settings'), { paused });
    await Console.refresh('overview');
    notice(paused ? 'Recognition is paused: tills show PAUSED.' : 'Recognition runs again.');
  }));

  // --- tokens and collections

  function filled(list) {
    return Array.from({ length: (list || []).length }, (_, i) => list[i] || {});
  }

  Editor.wire($('tokens-form'), Editor.drawTokens, (button, s) => {
    if (button.id === 'add-own') {
      s.ownToken = { symbol: '', chainId: '', contractAddress: '', decimals: '', enabled: true, tiers: [{}] };
      return 'ownToken';
    }
    if (button.id === 'add-partner') return Editor.append(s, 'partnerTokens', { enabled: true, tiers: [{}] });
    return undefined;
  });

  onSubmit('tokens-form', async (form) => {
    const s = Api.read(form);
    const tokens = filled(s.partnerTokens);
    const body = { ownToken: s.ownToken || null, partnerTokens: tokens };
    for (const t of [body.ownToken, ...tokens]) {
      if (!t) continue;
      t.tiers = filled(t.tiers);
      if (t.alsoOn) t.alsoOn = filled(t.alsoOn);
    }
    const saved = await Api.call('PUT', path('/tokens'), body);
    notice(`Saved: ${saved.totalTokens} of ${saved.maxTokens} tokens.`);
  });

  Editor.wire($('nfts-form'), Editor.drawCollections, (button, s) => {
    if (button.id !== 'add-collection') return undefined;
    return Editor.append(s, 'nftCollections', { enabled: true });
  });

  onSubmit('nfts-form', async (form) => {
    const saved = await Api.call('PUT', path('/nfts'), { nftCollections: filled(Api.read(form).nftCollections) });
    notice(`Saved: ${saved.totalCollections} of ${saved.maxCollections} collections.`);
  });

  // --- settings

  register('settings', (s) => {
    const u = s.usdcPayment || {};
    $('s-mode').value = s.discountMode;
    $('s-cap').value = s.discountCap ?? '';
    $('s-per-day').value = s.maxDiscountsPerWalletPerDay ?? '';
    $('s-unproven').value = s.maxUnprovenDiscount ?? '';
    $('s-other-keys').value = s.maxPaidCodesFromOtherKeysPerDay ?? '';
    $('s-usdc').checked = Boolean(u.enabled);
    $('s-evm').value = u.evmAddress || '';
    $('s-sol').value = u.solanaAddress || '';
    $('s-pref').value = u.preferredChainId ?? '';
  });

  onSubmit('settings-form', async (form) => {
    const body = Api.read(form);
    if (!body.usdcPayment.enabled) body.usdcPayment = { enabled: false };
    await Api.call('PUT', path('/settings'), body);
    notice('The settings are saved.');
  });

  // --- domain verification

  register('domain', (s) => {
    const v = s.verification || {};
    if (v.domain && !$('d-domain').value) $('d-domain').value = v.domain;
    $('domain-result').textContent = v.status === 'verified' ? `${v.domain} is verified.` : '';
  });

  function method(title, instructions, value) {
    const node = $('method-template').content.firstElementChild.cloneNode(true);
    node.querySelector('[data-slot="title"]').textContent = title;
    node.querySelector('[data-slot="instructions"]').textContent = instructions;
    node.querySelector('[data-slot="value"]').textContent = value;
    node.querySelector('[data-copy]').setAttribute('aria-label', `Copy the ${title}`);
    return node;
  }

  onSubmit('domain-form', async (form) => {
    const d = await Api.call('POST', path('/domain-verification'), Api.read(form));
    const m = d.methods;
    $('domain-method-list').replaceChildren(
      method('DNS record', m.dns.instructions, `${m.dns.type} ${m.dns.host} ${m.dns.value}`),
      method('meta tag', m.meta.instructions, m.meta.tag),
      method('file', m.file.instructions, `${m.file.path}\n${m.file.content}`));
    $('domain-methods').hidden = false;
    $('domain-result').textContent = '';
    $('domain-method-list').querySelector('h2').tabIndex = -1;
    $('domain-method-list').querySelector('h2').focus();
  });

  $('domain-method-list').addEventListener('click', (event) => {
    const button = event.target.closest('[data-copy]');
    if (!button) return;
    const text = button.parentElement.querySelector('pre').textContent;
    navigator.clipboard.writeText(text).then(() => notice('Copied.'), () => notice('Select the text and copy it.', true));
  });

  $('domain-check').addEventListener('click', () => guarded(null, async () => {
    const r = await Api.call('PUT', path('/domain-verification'));
    $('domain-result').textContent = r.verified
      ? `${r.domain} is verified (by its ${r.method}).`
      : `Not verified yet: ${r.message} ${r.attemptsRemaining} checks left.`;
  }));

  // --- scanners

  async function listScanners() {
    const answer = await Api.call('GET', path('/scanners'));
    const list = $('scanner-list');
    list.replaceChildren();
    for (const sc of answer.scanners) {
      const row = $('scanner-row-template').content.firstElementChild.cloneNode(true);
      const label = sc.label || sc.scannerId;
      row.querySelector('[data-slot="label"]').textContent = label;
      row.querySelector('[data-slot="detail"]').textContent = sc.lastLoginAt ? `last login ${new Date(sc.lastLoginAt).toLocaleString()}` : 'not used yet';
      const remove = row.querySelector('[data-remove-scanner]');
      remove.setAttribute('aria-label', `Remove ${label}`);
      remove.addEventListener('click', () => guarded(null, async () => {
        await Api.call('POST', path('/scanners'), { action: 'remove', scannerId: sc.scannerId });
        await listScanners();
        notice(`${label} is removed; its tills are logged out.`);
        $('sc-label').focus();
      }));
      list.append(row);
    }
    links(storeId());
  }

  register('scanners', listScanners);

  function randomPin() {
    const n = new Uint32Array(1);
    crypto.getRandomValues(n);
    return String(n[0] % 1000000).padStart(6, '0');
  }

  onSubmit('scanner-form', async (form) => {
    const body = Api.read(form);
    if (!body.pin) body.pin = randomPin();
    const added = await Api.call('POST', path('/scanners'), body);
    form.reset();
    $('new-pin-label').textContent = added.label || added.scannerId;
    $('new-pin-value').textContent = body.pin;
    $('new-pin').hidden = false;
    $('new-pin').focus();
    await listScanners();
  });

  $('new-pin-done').addEventListener('click', () => {
    $('new-pin-value').textContent = '';
    $('new-pin').hidden = true;
    $('sc-label').focus();
  });

  // --- preview and credits

  function line(parent, text, className) {
    const p = document.createElement('p');
    p.textContent = text;
    if (className) p.className = className;
    parent.append(p);
  }

  onSubmit('preview-form', async (form) => {
    const query = new URLSearchParams({ merchant: storeId(), ...Api.read(form) });
    const r = await Api.call('GET', `/v1/discount/check?${query}`);
    const out = $('preview-result');
    out.replaceChildren();
    line(out, `${r.discountPercent}% discount`, 'big');
    line(out, r.recognized ? 'The wallet is recognised here.' : 'The wallet holds nothing this store rewards.');
    for (const e of r.breakdown) line(out, `${e.symbol}: ${e.tier}, ${e.discount}%`);
    if (r.discountIfProven !== undefined) line(out, `With proof of the wallet (the pass at the till): ${r.discountIfProven}%`);
  });

  // The claim the paying wallet signs (docs/billing.md, "Who may claim a payment"): the service
  // rebuilds it line by line from its sign-in domain (GET /v1/wallet-auth), the purpose, the store,
  // the chain and the transaction in its canonical form, and compares it byte for byte.
  let signInDomain = null;

  async function walletAuthDomain() {
    if (signInDomain === null) signInDomain = (await Api.call('GET', '/v1/wallet-auth')).domain || '';
    return signInDomain;
  }

  function canonicalTx(text) {
    const t = text.trim();
    if (/^0x[0-9a-f]{64}$/i.test(t)) return `0x${t.slice(2).toLowerCase()}`;
    if (/^[0-9a-f]{64}$/i.test(t)) return t.toLowerCase();
    return t;
  }

  function canonicalChain(text) {
    const t = text.trim();
    return /^\d+$/.test(t) ? String(Number(t)) : t;
  }

  /** Issued At as the service's examples write it: UTC, whole seconds. */
  function issuedNow() {
    return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  function claimStatus(text) {
    $('c-claim-status').textContent = text;
  }

  async function drawClaim() {
    const tx = canonicalTx($('c-tx').value);
    const chain = canonicalChain($('c-chain').value);
    const claim = $('c-claim');
    const domain = await walletAuthDomain();
    if (!domain) {
      claim.value = '';
      claimStatus('This service has no wallet sign-in domain configured, so it takes no signed claim; use a payment intent.');
      return;
    }
    if (!tx || !chain) {
      claim.value = '';
      claimStatus('Enter the transaction hash and the chain to see the message.');
      return;
    }
    claim.value = [
      `${domain} asks you to prove you sent this payment`,
      'Purpose: merchant-credits',
      `Merchant: ${storeId()}`,
      `Chain: ${chain}`,
      `Transaction: ${tx}`,
      `Issued At: ${issuedNow()}`,
    ].join('\n');
    $('c-signature').value = '';
    claimStatus('Sign this exact text with the wallet that paid (personal message), then paste the signature.');
  }

  function redrawClaim() {
    guarded(null, drawClaim);
  }

  register('credits', () => drawClaim());
  $('c-tx').addEventListener('input', redrawClaim);
  $('c-chain').addEventListener('input', redrawClaim);
  $('c-claim-renew').addEventListener('click', redrawClaim);

  $('c-claim-copy').addEventListener('click', async () => {
    const claim = $('c-claim');
    if (!claim.value) return claimStatus('There is no message yet: enter the transaction hash and the chain.');
    try {
      await navigator.clipboard.writeText(claim.value);
      claimStatus('Copied. Sign it with the wallet that paid, then paste the signature.');
    } catch (e) {
      claim.focus();
      claim.select();
      claimStatus('Could not copy here: the message is selected, copy it with Ctrl+C (⌘C).');
    }
  });

  onSubmit('credits-form', async (form) => {
    const body = Api.read(form);
    // the message alone is no proof: it goes only with a signature
    if (!body.senderProof || body.senderProof.signature === undefined) delete body.senderProof;
    const r = await Api.call('POST', path('/credits'), body);
    form.reset();
    await drawClaim();
    $('credits-result').textContent = `${r.creditsAdded} credits added for ${r.usdcPaid} USDC on ${r.chainName}; the key now has ${r.totalCredits}.`;
  });

  Console.show();
})();
