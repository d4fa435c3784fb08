-- Merchants (stores). The id is the companyId slug as created; id_key is its lower case, which is
-- unique. Tokens, collections and USDC payment settings are stored in their validated wire form.
create table merchant (
    id                              text        primary key,
    id_key                          text        not null,
    owner_key_id                    bigint      not null references api_key (id),
    company_name                    text        not null,
    name_key                        text        not null,
    location                        text,
    external_id                     text,
    partner_provisioned             boolean     not null,
    created_at                      timestamptz not null,
    own_token                       jsonb,
    partner_tokens                  jsonb       not null default '[]',
    nft_collections                 jsonb       not null default '[]',
    discount_mode                   text        not null,
    discount_cap                    integer     not null,
    usdc_payment                    jsonb       not null,
    max_discounts_per_wallet_per_day integer,
    max_unproven_discount           integer,
    paused                          boolean     not null default false,
    paused_at                       timestamptz,
    listed                          boolean     not null default false,
    verification_status             text        not null default 'unverified',
    verification_domain             text,
    verification_token              text,
    verification_method             text,
    verified_at                     timestamptz,
    check_window_start              timestamptz,
    checks_in_window                integer     not null default 0,
    -- incremented by every stored change
    version                         bigint      not null default 0,
    constraint merchant_id_key_uq unique (id_key),
    constraint merchant_external_id_uq unique (owner_key_id, external_id),
    constraint merchant_mode_ck check (discount_mode in ('highest', 'stack', 'capped')),
    constraint merchant_cap_ck check (discount_cap between 1 and 100),
    constraint merchant_per_day_ck check (
        max_discounts_per_wallet_per_day is null or max_discounts_per_wallet_per_day between 1 and 100),
    constraint merchant_unproven_ck check (
        max_unproven_discount is null or max_unproven_discount between 0 and 100),
    constraint merchant_pause_ck check (paused = (paused_at is not null)),
    constraint merchant_verification_ck check (
        verification_status in ('unverified', 'token_issued', 'verified')),
    constraint merchant_method_ck check (
        verification_method is null or verification_method in ('dns', 'meta', 'file', 'partner'))
);

create index merchant_owner_ix on merchant (owner_key_id);
create index merchant_name_key_ix on merchant (name_key);
create index merchant_directory_ix on merchant (created_at, id_key) where listed and not paused;

-- Keys allowed to provision stores for others (externalId upserts, PUT verification). Granted by an
-- operator (docs/merchants.md, "Partner keys"); there is no endpoint that grants it.
create table partner_key (
    api_key_id  bigint      primary key references api_key (id),
    granted_at  timestamptz not null default now(),
    note        text
);
