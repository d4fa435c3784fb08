-- Purchases paid on chain, the wallet that identifies a key, and access-pass mints owed.

-- The wallet registered to a key: the sender of its first purchase (keys/buy: its identity).
-- EVM wallets are stored in lower case; other families in their canonical text.
alter table api_key
    add column wallet        text,
    add column wallet_family text,
    add column channel       text,
    add column key_delivery  text,
    add constraint api_key_wallet_family_ck check ((wallet is null) = (wallet_family is null)),
    add constraint api_key_key_delivery_ck check (key_delivery in ('wallet', 'apiKey', 'both'));

-- one key per wallet
create unique index api_key_wallet_uq on api_key (wallet) where wallet is not null;

-- Every verified payment that credited a key. A transaction hash credits once, ever: the unique
-- constraint is the guarantee, also between concurrent requests replaying one hash.
create table payment (
    id           bigint generated always as identity primary key,
    tx_hash      text        not null,
    chain_id     text        not null,
    api_key_id   bigint      not null references api_key (id),
    purpose      text        not null,
    sender       text        not null,
    token        text        not null,
    raw_amount   numeric(78) not null,
    usd          numeric     not null,
    credits      bigint      not null,
    created_at   timestamptz not null,
    constraint payment_tx_hash_uq unique (tx_hash),
    constraint payment_tx_hash_ck check (tx_hash ~ '^(0x[0-9a-f]{64}|[0-9A-Za-z]{32,128})$'),
    constraint payment_purpose_ck check (purpose in ('key', 'credits', 'merchant_credits')),
    constraint payment_amount_ck check (raw_amount > 0 and usd > 0 and credits > 0)
);

-- a purchase entry names the payment that explains it, and a payment explains one entry
alter table credit_entry add column payment_id bigint references payment (id);
alter table credit_entry add constraint credit_entry_payment_ck
    check ((payment_id is not null) = (kind = 'purchase'));
create unique index credit_entry_payment_uq on credit_entry (payment_id) where payment_id is not null;

-- Access passes owed to keys bought on EVM chains: pending until a receipt shows the mint.
create table access_pass_mint (
    api_key_id    bigint      primary key references api_key (id),
    wallet        text        not null,
    state         text        not null,
    attempts      integer     not null default 0,
    next_attempt  timestamptz not null,
    tx_hash       text,
    updated_at    timestamptz not null,
    constraint access_pass_mint_state_ck check (state in ('pending', 'minted')),
    constraint access_pass_mint_tx_ck check ((state = 'minted') = (tx_hash is not null))
);
create index access_pass_mint_due_ix on access_pass_mint (next_attempt) where state = 'pending';
