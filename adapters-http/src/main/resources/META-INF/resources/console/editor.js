'use strict';
// The editors of lists: tokens with their tiers and alsoOn networks, and NFT collections. Each is
// drawn from a plain object (the API's own shape) into inputs named by their JSON path, and read
// back with Api.read; adding or removing a row reads the form, changes the object and draws again,
// so names and labels always match the rows' order.
const Editor = (function () {
  let next = 0;

  function uid() {
    next += 1;
    return `f${next}`;
  }

  function clone(id) {
    return document.getElementById(id).content.firstElementChild.cloneNode(true);
  }

  function errorAfter(node) {
    const p = document.createElement('p');
    p.className = 'field-error';
    p.id = uid();
    node.after(p);
    return p;
  }

  /**
   * Names, ids, labels and error holders of the inputs in {@code node} (drawn before its rows are
   * added), under {@code prefix}.
   */
  function bind(node, prefix, values, describe) {
    for (const input of node.querySelectorAll('[data-field]')) {
      const field = input.dataset.field;
      input.name = `${prefix}.${field}`;
      input.id = uid();
      const value = values ? values[field] : undefined;
      if (input.type === 'checkbox') input.checked = value === undefined ? true : value !== false;
      else if (value !== undefined && value !== null) input.value = String(value);
      const label = input.parentElement.querySelector('label');
      if (label && !label.contains(input)) label.htmlFor = input.id;
      if (describe) input.setAttribute('aria-label', describe(input));
      if (input.type !== 'checkbox') input.setAttribute('aria-describedby', errorAfter(input).id);
    }
  }

  function container(el, path) {
    el.dataset.path = path;
    el.setAttribute('aria-describedby', errorAfter(el).id);
  }

  function tierRows(card, prefix, tiers) {
    const body = card.querySelector('[data-rows="tiers"]');
    const headers = Array.from(card.querySelectorAll('.tiers thead th'), (th) => th.textContent);
    tiers.forEach((tier, i) => {
      const row = clone('tier-template');
      body.append(row);
      bind(row, `${prefix}.tiers[${i}]`, tier, (input) => `${headers[input.closest('td').cellIndex]}, tier ${i + 1}`);
      row.querySelector('[data-remove-row]').setAttribute('aria-label', `Remove tier ${i + 1}`);
      row.querySelector('[data-remove-row]').dataset.path = `${prefix}.tiers[${i}]`;
    });
    container(card.querySelector('table.tiers'), `${prefix}.tiers`);
  }

  function alsoOnRows(card, prefix, networks) {
    const list = card.querySelector('[data-rows="alsoOn"]');
    networks.forEach((network, i) => {
      const row = clone('also-on-template');
      list.append(row);
      bind(row, `${prefix}.alsoOn[${i}]`, network);
      row.querySelector('[data-remove-row]').setAttribute('aria-label', `Remove network ${i + 1}`);
      row.querySelector('[data-remove-row]').dataset.path = `${prefix}.alsoOn[${i}]`;
    });
    container(list, `${prefix}.alsoOn`);
  }

  function tokenCard(prefix, title, token) {
    const card = clone('token-template');
    card.querySelector('legend').textContent = title;
    bind(card, prefix, token);
    tierRows(card, prefix, token.tiers || []);
    alsoOnRows(card, prefix, token.alsoOn || []);
    card.dataset.path = prefix;
    for (const add of card.querySelectorAll('[data-add]')) add.dataset.path = `${prefix}.${add.dataset.add}`;
    card.querySelector('[data-remove-token]').dataset.path = prefix;
    return card;
  }

  /** Draws the tokens editor from {ownToken, partnerTokens}. */
  function drawTokens(state) {
    const own = document.getElementById('own-token');
    const partners = document.getElementById('partner-tokens');
    own.replaceChildren();
    partners.replaceChildren();
    if (state.ownToken) own.append(tokenCard('ownToken', "The store's own token", state.ownToken));
    (state.partnerTokens || []).forEach((t, i) => partners.append(tokenCard(`partnerTokens[${i}]`, `Partner token ${i + 1}`, t)));
    document.getElementById('add-own').hidden = Boolean(state.ownToken);
  }

  /** Draws the collections editor from {nftCollections}. */
  function drawCollections(state) {
    const list = document.getElementById('collections');
    list.replaceChildren();
    (state.nftCollections || []).forEach((c, i) => {
      const card = clone('collection-template');
      card.querySelector('legend').textContent = `Collection ${i + 1}`;
      bind(card, `nftCollections[${i}]`, c);
      card.dataset.path = `nftCollections[${i}]`;
      card.querySelector('[data-remove-token]').dataset.path = `nftCollections[${i}]`;
      list.append(card);
    });
  }

  /** The form as the editor holds it: empty inputs kept, so a new empty row survives a redraw. */
  function state(form) {
    return Api.read(form, true);
  }

  function at(object, path) {
    return path.match(/[^.[\]]+/g).reduce((o, part) => (o === undefined ? undefined : o[part]), object);
  }

  /** Removes the element at {@code path} (a list member or a member) from {@code object}. */
  function remove(object, path) {
    const parts = path.match(/[^.[\]]+/g);
    const last = parts.pop();
    const parent = parts.length ? at(object, parts.join('.')) : object;
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (parent) parent[last] = null;
  }

  /** Appends an empty member to the list at {@code path}, creating the list. */
  function append(object, path, empty) {
    const parts = path.match(/[^.[\]]+/g);
    const last = parts.pop();
    const parent = parts.length ? at(object, parts.join('.')) : object;
    if (!Array.isArray(parent[last])) parent[last] = [];
    parent[last].push(empty);
    return `${path}[${parent[last].length - 1}]`;
  }

  /** After a redraw, the focus goes to the first input of {@code path} (or the form's first). */
  function focus(form, path) {
    const input = path ? form.querySelector(`[name^="${CSS.escape(path)}."]`) : null;
    (input || form.querySelector('input, select, button')).focus();
  }

  /**
   * Wires the add and remove buttons of an editor form: {@code draw} redraws it from a state;
   * {@code extra} handles form-specific buttons (returns a path to focus, or undefined).
   */
  function wire(form, draw, extra) {
    form.addEventListener('click', (event) => {
      const button = event.target.closest('button[type="button"]');
      if (!button || !form.contains(button)) return;
      const s = state(form);
      let focusPath;
      if (button.dataset.add) {
        focusPath = append(s, button.dataset.path, button.dataset.add === 'tiers' ? { name: '', threshold: '', discount: '' } : { chainId: '', contractAddress: '' });
      } else if (button.hasAttribute('data-remove-row') || button.hasAttribute('data-remove-token')) {
        remove(s, button.dataset.path);
        focusPath = null;
      } else if (extra) {
        focusPath = extra(button, s);
        if (focusPath === undefined) return;
      } else {
        return;
      }
      draw(s);
      focus(form, focusPath);
    });
  }

  return { drawTokens, drawCollections, wire, append };
})();
