-- Watches (docs/watches.md): an attest request kept alive for its owner key. request_json is the
-- body as sent, re-read at each evaluation under key_version. webhook_secret is kept as issued:
-- each delivery's HMAC-SHA256 needs the secret itself, so a hash cannot serve; it is never logged
-- and never answered after the creating call. last_pass, last_met ('1'/'0' per condition, in
-- request order) and last_attestation_id are the verdict last signed.
create table watch (
  id                  text        primary key,
  key_id              bigint      not null references api_key (id) on delete cascade,
  request_json        text        not null,
  key_version         smallint    not null,
  webhook_url         text        not null,
  webhook_secret      text        not null,
  deliver_on          text        not null check (deliver_on in ('pass', 'met')),
  created_at          timestamptz not null,
  expires_at          timestamptz not null,
  status              text        not null default 'active'
                                  check (status in ('active', 'read_failed', 'paused', 'expired')),
  status_detail       text        not null default '',
  last_pass           boolean     not null,
  last_met            text        not null,
  last_attestation_id text        not null,
  -- changes recorded so far: a change is recorded only over the one before it
  changes             integer     not null default 0,
  -- when the watch is evaluated next; a claim moves it past its lease
  next_evaluation_at  timestamptz not null default now()
);

create index watch_key on watch (key_id, created_at desc);
create index watch_due on watch (next_evaluation_at);

-- The outbox: one row per change to deliver, in seq order per watch. A claim moves next_attempt_at
-- past its lease; a failed attempt sets it to the next retry, or the row to 'abandoned'.
create table watch_delivery (
  id              text        primary key,
  watch_id        text        not null references watch (id) on delete cascade,
  seq             integer     not null,
  attestation_id  text        not null,
  body            text        not null,
  created_at      timestamptz not null,
  status          text        not null default 'pending'
                              check (status in ('pending', 'delivered', 'abandoned')),
  attempts        integer     not null default 0,
  next_attempt_at timestamptz not null,
  last_attempt_at timestamptz,
  last_outcome    text        not null default '',
  delivered_at    timestamptz,
  unique (watch_id, seq)
);

create index watch_delivery_due on watch_delivery (next_attempt_at) where status = 'pending';
