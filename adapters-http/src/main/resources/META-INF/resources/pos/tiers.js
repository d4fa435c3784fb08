'use strict';
// A store's offer as a table (token or collection, tier, holding needed, discount), drawn from the
// store's public view (GET /v1/merchants/{id}, the scanner session's merchant) or the owner's
// status; switched-off tokens and collections are left out. Shared by the pass, the scanner and
// the console pages.
const StoreTiers = (function () {
  function cell(row, text, header) {
    const c = document.createElement(header ? 'th' : 'td');
    if (header) c.scope = header;
    c.textContent = text;
    row.append(c);
  }

  /** The offer's rows: [token or collection, tier, holding, discount]. */
  function rows(store) {
    const out = [];
    const tokens = [store.ownToken].concat(store.partnerTokens || []).filter((t) => t && t.enabled !== false);
    for (const token of tokens) {
      for (const tier of token.tiers || []) {
        out.push([token.symbol, tier.name, `${tier.threshold} ${token.symbol}`, `${tier.discount}%`]);
      }
    }
    for (const c of (store.nftCollections || []).filter((n) => n.enabled !== false)) {
      const recognition = c.benefitType === 'recognition' || c.discount === null || c.discount === undefined;
      out.push([c.name, 'NFT holder', '1 NFT', recognition ? 'recognised' : `${c.discount}%`]);
    }
    return out;
  }

  /** A table of the offer with {@code caption}, or a paragraph saying there is none yet. */
  function table(store, caption) {
    const offer = rows(store);
    if (offer.length === 0) {
      const p = document.createElement('p');
      p.className = 'note';
      p.textContent = 'No token tiers or NFT collections are set up yet.';
      return p;
    }
    const t = document.createElement('table');
    t.className = 'offer';
    const cap = document.createElement('caption');
    cap.textContent = caption;
    t.append(cap);
    const head = document.createElement('tr');
    ['Hold', 'Tier', 'At least', 'Discount'].forEach((h) => cell(head, h, 'col'));
    const thead = document.createElement('thead');
    thead.append(head);
    const body = document.createElement('tbody');
    for (const [what, tier, holding, discount] of offer) {
      const tr = document.createElement('tr');
      cell(tr, what, 'row');
      cell(tr, tier);
      cell(tr, holding);
      cell(tr, discount);
      body.append(tr);
    }
    t.append(thead, body);
    return t;
  }

  return { rows, table };
})();
