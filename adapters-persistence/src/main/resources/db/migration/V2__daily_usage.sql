-- Authenticated requests per key and UTC day. A row is only ever incremented up to the key's limit.
create table key_daily_usage (
    api_key_id  bigint  not null references api_key (id),
    day         date    not null,
    used        integer not null,
    constraint key_daily_usage_pk primary key (api_key_id, day),
    constraint key_daily_usage_used_ck check (used > 0)
);
