-- Requests per rate-limit policy and client (a hash of the client's address) in fixed windows,
-- shared by every replica. A row is only ever incremented up to the policy's limit; windows that
-- ended more than a day ago are deleted by the service as it goes.
create table rate_limit_window (
    policy        text        not null,
    client        text        not null,
    window_start  timestamptz not null,
    used          integer     not null,
    constraint rate_limit_window_pk primary key (policy, client, window_start),
    constraint rate_limit_window_used_ck check (used > 0)
);
create index rate_limit_window_start_ix on rate_limit_window (window_start);
