-- Payment intent amounts may be handed out again (docs/billing.md, "Payment intents"): an amount is
-- held by one intent at a time, and is free again once every earlier intent holding it ended
-- (claimed_at, or expires_at when unclaimed) more than walletstate.payment-intents.reuse-after ago.
-- An intent accepts only transfers mined while it was open, so a payment for the old holder never
-- claims the new one. Opening checks this under the per-chain advisory lock (one transaction with
-- the insert), so the global unique constraint gives way to a plain index for that look-up.
alter table payment_intent drop constraint payment_intent_amount_once;
create index payment_intent_amount_ix on payment_intent (chain_id, amount);
