-- A place among a key's watches, held while a new watch's first attestation is read, signed and
-- charged: the per-key limit is decided before anything is read or charged, so two subscriptions
-- racing for the last place never charge the one that loses it. A place not taken by its watch
-- (the attestation was refused, or the replica stopped) lapses at held_until.
create table watch_place (
    watch_id   text        primary key,
    key_id     bigint      not null references api_key (id) on delete cascade,
    held_until timestamptz not null
);

create index watch_place_key on watch_place (key_id);
