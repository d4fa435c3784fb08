-- Scanner PIN lockout per store and client address, with a store-wide ceiling (docs/point-of-sale.md).

-- scanner_login's failures, window_started and locked_until now count wrong PINs from all clients
-- together against the store-wide ceiling; alerted_at is when the ceiling last locked the store for
-- clients it does not know (shown to the owner with the scanners).
alter table scanner_login add column alerted_at timestamptz;

-- One row per store and client: client is a hash of the client address (never the address). The
-- client's own count locks only that client; last_login_at makes it one of the store's tills, which
-- the store-wide lock does not keep out. touched_at lets rows of clients not seen for 30 days go.
create table scanner_login_client (
    merchant_id     text        not null references merchant (id) on delete cascade,
    client          text        not null,
    failures        integer     not null default 0,
    window_started  timestamptz,
    locked_until    timestamptz,
    last_login_at   timestamptz,
    touched_at      timestamptz not null,
    primary key (merchant_id, client),
    constraint scanner_login_client_failures_ck check (failures >= 0)
);

create index scanner_login_client_touched_ix on scanner_login_client (merchant_id, touched_at);
