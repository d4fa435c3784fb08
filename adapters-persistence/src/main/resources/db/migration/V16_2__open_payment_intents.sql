-- Bounds on open payment intents (docs/billing.md, "Payment intents"): at most so many unclaimed,
-- unexpired intents per price and per chain. Opening counts them under a per-chain advisory lock;
-- this index keeps that count to the chain's unclaimed intents that have not expired.
create index payment_intent_open_ix on payment_intent (chain_id, expires_at)
    where claimed_tx is null;
