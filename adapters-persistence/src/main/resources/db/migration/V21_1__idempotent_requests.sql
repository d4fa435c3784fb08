-- Requests sent with an Idempotency-Key (docs/api.md, "Idempotency-Key"): one row per caller scope
-- (a SHA-256 of the credential or the client address, never the credential itself) and key. While
-- the first execution runs, status is null and lease_until says until when it holds the key; once
-- answered, the answer is kept until expires_at. Expired rows are deleted by a periodic job.
create table idempotent_request (
  scope        text        not null,
  idem_key     text        not null,
  fingerprint  bytea       not null,
  lease_until  timestamptz,
  status       integer,
  content_type text,
  body         bytea,
  expires_at   timestamptz not null,
  primary key (scope, idem_key)
);

create index idempotent_request_expires_at on idempotent_request (expires_at);
