'use strict';
// The console's way to the service: the public API with the API key the owner pasted, kept in this
// tab's sessionStorage (never a URL or a cookie); forms read as JSON by their inputs' names (JSON
// paths such as ownToken.tiers[1].discount); and an API error placed beside the input its message
// names (the service's messages start with the path of the member they concern).
const Api = (function () {
  const KEY = 'walletstate.console.key';

  function key() {
    return sessionStorage.getItem(KEY);
  }

  function setKey(value) {
    if (value) sessionStorage.setItem(KEY, value);
    else sessionStorage.removeItem(KEY);
  }

  function forget() {
    sessionStorage.removeItem(KEY);
  }

  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  /** Calls the API; answers the envelope's data, or throws an ApiError with its message. */
  async function call(method, path, body) {
    const headers = { Accept: 'application/json' };
    const k = key();
    if (k) headers['X-API-Key'] = k;
    const init = { method, headers, cache: 'no-store', credentials: 'omit' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError(0, 'The service could not be reached; check the connection and try again.');
    }
    let json = null;
    try {
      json = await response.json();
    } catch (e) {
      // no JSON: the status says it all
    }
    if (!response.ok || !json || json.ok === false) {
      const message = json && json.error && json.error.message ? json.error.message : `HTTP ${response.status}`;
      const retry = response.headers.get('Retry-After');
      throw new ApiError(response.status, retry && response.status === 429 ? `${message} (retry in ${retry} s)` : message);
    }
    return json.data;
  }

  function converted(el, keepEmpty) {
    const type = el.dataset.type;
    if (type === 'boolean') return el.checked;
    const text = el.value.trim();
    if (text === '' && keepEmpty) return '';
    if (text === '') return el.dataset.empty === 'null' ? null : undefined;
    if ((type === 'number' || type === 'chain') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    return text;
  }

  function put(target, path, value) {
    const parts = path.match(/[^.[\]]+/g);
    let at = target;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = /^\d+$/.test(parts[i + 1]) ? [] : {};
      if (at[parts[i]] === undefined) at[parts[i]] = next;
      at = at[parts[i]];
    }
    at[parts[parts.length - 1]] = value;
  }

  /**
   * The form's named inputs as one JSON object; empty inputs are left out (or null where the input
   * says so), or kept as empty text with {@code keepEmpty}.
   */
  function read(form, keepEmpty) {
    const out = {};
    for (const el of form.querySelectorAll('[name]')) {
      if (el.disabled || el.closest('[hidden]')) continue;
      const value = converted(el, keepEmpty);
      if (value !== undefined) put(out, el.name, value);
    }
    return out;
  }

  function clearErrors(form) {
    for (const p of form.querySelectorAll('.field-error')) p.textContent = '';
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  }

  /**
   * Shows {@code error} beside the input its message names (the longest named path the message
   * starts with), else as the form's error; moves the focus there.
   */
  function showError(form, error) {
    const message = error.message || String(error);
    let target = null;
    let length = -1;
    for (const el of form.querySelectorAll('[name], [data-path][aria-describedby]')) {
      const n = el.name || el.dataset.path;
      const hit = message.startsWith(n) && /^[\s:.[]|^$/.test(message.slice(n.length, n.length + 1));
      if (hit && n.length > length) {
        target = el;
        length = n.length;
      }
    }
    const holder = target ? errorFor(target) : form.querySelector('.form-error');
    if (!holder) return Console.notice(message, true);
    holder.textContent = message;
    if (target) {
      target.setAttribute('aria-invalid', 'true');
      (target.matches('input, select, textarea') ? target : target.querySelector('input, select') || target).focus();
    } else {
      holder.setAttribute('tabindex', '-1');
      holder.focus();
    }
  }

  function errorFor(input) {
    const id = input.getAttribute('aria-describedby');
    return id ? document.getElementById(id) : null;
  }

  return { key, setKey, forget, call, read, clearErrors, showError, ApiError };
})();
