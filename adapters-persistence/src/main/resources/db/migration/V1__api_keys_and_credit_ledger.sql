-- API keys: only the SHA-256 of a key is stored; the key itself is shown once.
create table api_key (
    id           bigint generated always as identity primary key,
    key_hash     varchar(64) not null,
    email        text,
    app_name     text        not null,
    plan         text        not null,
    key_version  smallint    not null,
    daily_limit  integer     not null,
    -- the balance; it always equals the sum of the key's ledger entries
    credits      bigint      not null,
    created_at   timestamptz not null,
    constraint api_key_hash_uq unique (key_hash),
    constraint api_key_plan_ck check (plan in ('free', 'pro', 'enterprise')),
    constraint api_key_version_ck check (key_version in (1, 2)),
    constraint api_key_daily_limit_ck check (daily_limit > 0),
    constraint api_key_credits_ck check (credits >= 0),
    constraint api_key_email_ck check (email is null or email = lower(email))
);

-- one key per email address (paid keys are identified by their paying wallet instead)
create unique index api_key_email_uq on api_key (email) where email is not null;

-- Every credit movement, append-only. Grants, purchases and refunds add; debits take.
create table credit_entry (
    id               bigint generated always as identity primary key,
    api_key_id       bigint      not null references api_key (id),
    kind             text        not null,
    amount           bigint      not null,
    reason           text        not null,
    request_id       text,
    idempotency_key  text,
    refund_of        bigint references credit_entry (id),
    created_at       timestamptz not null,
    constraint credit_entry_kind_ck check (kind in ('grant', 'purchase', 'debit', 'refund')),
    constraint credit_entry_sign_ck check (
        (kind = 'debit' and amount < 0) or (kind <> 'debit' and amount > 0)),
    constraint credit_entry_refund_ck check ((kind = 'refund') = (refund_of is not null))
);

create index credit_entry_key_ix on credit_entry (api_key_id, id);
-- a debit is applied once per idempotency key
create unique index credit_entry_idempotency_uq on credit_entry (api_key_id, idempotency_key)
    where kind = 'debit' and idempotency_key is not null;
-- a debit is refunded at most once
create unique index credit_entry_refund_uq on credit_entry (refund_of) where refund_of is not null;

-- the ledger is append-only
create function credit_entry_is_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'credit_entry rows are never changed or removed';
end;
$$;

create trigger credit_entry_append_only
    before update or delete on credit_entry
    for each row execute function credit_entry_is_append_only();
