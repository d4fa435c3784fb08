-- In-store recognition (docs/point-of-sale.md).

-- A merchant's scanner login: the salt its PINs are hashed with, and the lockout. failures counts
-- the attempts evaluated since window_started (an attempt counts from the moment it is let through
-- until its PIN is found right); the fifth sets locked_until. One row per merchant: the count is
-- per merchant, whatever the client.
create table scanner_login (
    merchant_id     text        primary key references merchant (id) on delete cascade,
    salt            bytea       not null,
    failures        integer     not null default 0,
    window_started  timestamptz,
    locked_until    timestamptz,
    constraint scanner_login_failures_ck check (failures >= 0)
);

-- Scanners: a PIN's slow hash (never the PIN), unique per merchant so a PIN names one scanner.
create table scanner (
    id              text        primary key,
    merchant_id     text        not null references merchant (id) on delete cascade,
    label           text,
    pin_hash        text        not null,
    created_at      timestamptz not null,
    last_login_at   timestamptz,
    constraint scanner_pin_uq unique (merchant_id, pin_hash)
);

create index scanner_merchant_ix on scanner (merchant_id, created_at);

-- Scanner sessions, by the SHA-256 of their token (the token itself is never stored).
create table scanner_session (
    token_hash      bytea       primary key,
    merchant_id     text        not null references merchant (id) on delete cascade,
    scanner_id      text        not null references scanner (id) on delete cascade,
    expires_at      timestamptz not null
);

create index scanner_session_expiry_ix on scanner_session (expires_at);

-- Pass renewals: a wallet that signed in gets new passes without signing again until expires_at.
create table pass_renewal (
    token_hash      bytea       primary key,
    wallet          text        not null,
    expires_at      timestamptz not null
);

create index pass_renewal_expiry_ix on pass_renewal (expires_at);
