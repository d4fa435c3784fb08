'use strict';
// The store console: one page whose screens (#overview, #tokens, ...) are sections shown by the
// location's fragment; every action is a call of the public API with the owner's key.
const Console = (function () {
  const $ = (id) => document.getElementById(id);
  const STORE = 'walletstate.console.store';
  const STORE_VIEWS = ['overview', 'tokens', 'nfts', 'settings', 'domain', 'scanners', 'preview', 'credits'];
  const TITLES = {
    key: 'Sign in', stores: 'Your stores', overview: 'Overview', tokens: 'Tokens and tiers', nfts: 'NFT collections',
    settings: 'Settings', domain: 'Domain verification', scanners: 'Scanners', preview: 'Preview', credits: 'Buy credits',
  };
  const loaders = {};
  let status = null;
  let pending = ['', false];

  function storeId() {
    return sessionStorage.getItem(STORE);
  }

  function path(suffix) {
    return `/v1/merchants/${encodeURIComponent(storeId())}${suffix}`;
  }

  function notice(message, error) {
    const n = $('notice');
    n.textContent = message || '';
    n.classList.toggle('error', Boolean(error));
  }

  /** Runs {@code work}; an API error goes beside its field in {@code form}, a 401 back to sign-in. */
  async function guarded(form, work) {
    if (form) {
      Api.clearErrors(form);
      notice('');
    }
    try {
      await work();
    } catch (e) {
      if (e.status === 401 && Api.key()) {
        Api.setKey(null);
        go('key', `${e.message} Sign in again.`, true);
      } else if (form) {
        Api.showError(form, e);
      } else {
        notice(e.message, true);
      }
    }
  }

  /** Shows {@code view} (through the location's fragment), then {@code message} if any. */
  function go(view, message, error) {
    pending = [message || '', Boolean(error)];
    if (location.hash === `#${view}`) show(view);
    else location.hash = view;
  }

  function current() {
    const view = location.hash.replace(/^#/, '');
    if (!Api.key()) return 'key';
    if (STORE_VIEWS.includes(view)) return storeId() ? view : 'stores';
    return view === 'stores' ? 'stores' : storeId() ? 'overview' : 'stores';
  }

  async function show(wanted) {
    const view = wanted || current();
    for (const s of document.querySelectorAll('[data-view]')) s.hidden = s.dataset.view !== view;
    const inStore = STORE_VIEWS.includes(view);
    $('nav').hidden = !inStore;
    $('forget').hidden = !Api.key();
    for (const a of document.querySelectorAll('#nav a')) {
      if (a.getAttribute('href') === `#${view}`) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    document.title = `${TITLES[view]} · Store console`;
    notice(...pending);
    pending = ['', false];
    const section = document.querySelector(`[data-view="${view}"]`);
    const heading = section.querySelector('h1');
    heading.tabIndex = -1;
    heading.focus();
    // busy until the screen is filled: what is typed before its loader ends is overwritten
    section.setAttribute('aria-busy', 'true');
    try {
      if (view === 'stores') await guarded(null, drawStores);
      if (inStore) await refresh(view);
    } finally {
      section.removeAttribute('aria-busy');
    }
  }

  /** Reads the store's status again and redraws {@code view} (the focus stays where it is). */
  function refresh(view) {
    return guarded(null, () => load(view));
  }

  async function load(view) {
    status = await Api.call('GET', path('/status'));
    $('store-name').textContent = `· ${status.companyName}`;
    if (loaders[view]) await loaders[view](status);
  }

  /** {@code loader(status)} fills the screen {@code view} each time it is shown. */
  function register(view, loader) {
    loaders[view] = loader;
  }

  // --- sign-in and stores

  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    guarded(form, async () => {
      const key = $('api-key').value.trim();
      if (!key) throw new Api.ApiError(400, 'key is required: paste the API key');
      Api.setKey(key);
      try {
        await Api.call('GET', '/v1/credits');
      } catch (e) {
        Api.setKey(null);
        throw new Api.ApiError(e.status, `key: ${e.message}`);
      }
      $('api-key').value = '';
      go(storeId() ? 'overview' : 'stores');
    });
  });

  /** The key's stores (GET /v1/keys/merchants), each a button that opens it. */
  async function drawStores() {
    const { merchants } = await Api.call('GET', '/v1/keys/merchants');
    const list = $('store-list');
    list.replaceChildren();
    for (const s of merchants) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'secondary';
      const state = [s.paused ? 'paused' : '', s.listedInDirectory ? 'listed' : 'not listed'].filter(Boolean).join(', ');
      b.textContent = `${s.companyName} (${s.id}; ${state})`;
      b.addEventListener('click', () => openStore(s.id, null));
      li.append(b);
      list.append(li);
    }
    $('stores-none').hidden = merchants.length > 0;
  }

  function openStore(id, form) {
    return guarded(form, async () => {
      const previous = storeId();
      sessionStorage.setItem(STORE, id);
      try {
        await Api.call('GET', path('/status'));
      } catch (e) {
        if (previous) sessionStorage.setItem(STORE, previous);
        else sessionStorage.removeItem(STORE);
        throw new Api.ApiError(e.status, `id: ${e.message}`);
      }
      go('overview');
    });
  }

  $('open-form').addEventListener('submit', (event) => {
    event.preventDefault();
    openStore($('open-id').value.trim(), event.target);
  });

  $('create-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    guarded(form, async () => {
      const created = await Api.call('POST', '/v1/merchants', Api.read(form));
      sessionStorage.setItem(STORE, created.id);
      form.reset();
      go('overview', `Store ${created.companyName} created. Next: its tokens and tiers.`);
    });
  });

  $('forget').addEventListener('click', () => {
    Api.forget();
    sessionStorage.removeItem(STORE);
    status = null;
    $('store-name').textContent = '';
    go('key', 'The key is forgotten in this tab.');
  });

  window.addEventListener('hashchange', () => show());
  for (const input of document.querySelectorAll('input[id], select[id]')) {
    if ($(`${input.id}-error`)) input.setAttribute('aria-describedby', `${input.id}-error`);
  }

  return { notice, guarded, go, show, refresh, path, register, storeId };
})();
