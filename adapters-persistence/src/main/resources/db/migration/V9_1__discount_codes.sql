-- An operator may switch a key off (there is no endpoint for it): a disabled key is refused at
-- admission like an unknown one, and the stores it owns have no active owner key (discount codes
-- answer 403 there).
alter table api_key add column disabled_at timestamptz;

-- Discount codes. Issued by POST /v1/verify, /v1/acp/discount and /v1/ucp/discount in one
-- transaction with the owner's debit (credit_entry_id), under the store's advisory lock; used once
-- by POST /v1/payment/confirm (payment_tx_hash is unique: a transaction confirms one code, ever).
-- EVM wallets are stored in lower case; a wallet's codes of the day are those naming any of its
-- wallets.
create table discount_code (
    code              text        primary key,
    merchant_id       text        not null references merchant (id),
    owner_key_id      bigint      not null references api_key (id),
    caller_key_id     bigint      not null references api_key (id),
    discount_percent  integer     not null,
    wallet_proven     boolean     not null,
    wallet_evm        text,
    wallet_solana     text,
    wallet_xrpl       text,
    fingerprint       text        not null,
    signed            text        not null,
    order_total       bigint,
    discounted_total  bigint,
    credit_entry_id   bigint      references credit_entry (id),
    created_at        timestamptz not null,
    expires_at        timestamptz not null,
    used_at           timestamptz,
    payment_chain_id  text,
    payment_tx_hash   text,
    payment_sender    text,
    payment_raw       numeric(78),
    constraint discount_code_format_ck check (code ~ '^SVC-[2-9A-HJ-NP-Z]{5}$'),
    constraint discount_code_percent_ck check (discount_percent between 0 and 100),
    constraint discount_code_wallet_ck check (
        wallet_evm is not null or wallet_solana is not null or wallet_xrpl is not null),
    constraint discount_code_used_ck check ((used_at is null) = (payment_tx_hash is null)),
    constraint discount_code_expiry_ck check (expires_at > created_at)
);

create unique index discount_code_payment_uq on discount_code (payment_tx_hash)
    where payment_tx_hash is not null;
create index discount_code_fingerprint_ix on discount_code (fingerprint, created_at);
create index discount_code_evm_ix on discount_code (merchant_id, wallet_evm, created_at)
    where wallet_evm is not null;
create index discount_code_solana_ix on discount_code (merchant_id, wallet_solana, created_at)
    where wallet_solana is not null;
create index discount_code_xrpl_ix on discount_code (merchant_id, wallet_xrpl, created_at)
    where wallet_xrpl is not null;
create index discount_code_caller_ix on discount_code (merchant_id, caller_key_id, created_at);
