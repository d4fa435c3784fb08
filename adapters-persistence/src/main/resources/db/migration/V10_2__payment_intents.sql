-- Payment intents (docs/billing.md, "Payment intents"): an exact amount reserved on one chain for
-- one purpose, claimable once by whoever holds the secret. An amount is never handed out twice on a
-- chain (the unique constraint spans expired and claimed intents too), so no two intents can match
-- one payment. The secret itself is not stored, only its SHA-256.
create table payment_intent (
  id          text primary key check (id ~ '^pi_[0-9a-f]{32}$'),
  secret_hash bytea not null check (length(secret_hash) = 32),
  chain_id    text not null,
  amount      numeric(38, 18) not null check (amount > 0),
  purpose     text not null check (purpose in ('keys/buy', 'credits/buy', 'merchant-credits')),
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  claimed_tx  text unique,
  claimed_at  timestamptz,
  constraint payment_intent_amount_once unique (chain_id, amount),
  constraint payment_intent_claim_whole check ((claimed_tx is null) = (claimed_at is null))
);
