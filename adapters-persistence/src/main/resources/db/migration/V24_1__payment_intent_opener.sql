-- Open payment intents are bounded per opener as well (docs/billing.md, "Payment intents"): one
-- client address holds at most walletstate.payment-intents.open-per-address open intents on a
-- chain, so the per-price bound cannot be filled from one address. The opener is the opaque name
-- the rate limits give the address (a truncated SHA-256, as the idempotency scopes use); rows
-- stored before this column have none and count only towards the price and chain bounds. Opening
-- counts through payment_intent_open_ix under the per-chain advisory lock.
alter table payment_intent add column opener text;
