-- The tables a paid call writes, with the columns, keys and indexes of the service's migrations
-- (V1 credit ledger, V20_1 and V22_1 transparency log), in a database of their own.
drop table if exists credit_entry, api_key, log_entry, log_sequence;
create table api_key (id bigint primary key, credits bigint not null);
create table credit_entry (
  id bigint generated always as identity primary key,
  api_key_id bigint not null references api_key (id),
  kind text not null, amount bigint not null, reason text not null,
  request_id text, idempotency_key text, created_at timestamptz not null);
create index credit_entry_key_ix on credit_entry (api_key_id, id);
create unique index credit_entry_idempotency_uq on credit_entry (api_key_id, idempotency_key)
  where kind = 'debit' and idempotency_key is not null;
create table log_entry (
  seq bigserial primary key, statement_id text not null, statement_hash bytea not null,
  kind text not null, kid text not null, leaf_hash bytea not null,
  created_at timestamptz not null default now(), leaf_index bigint unique);
create index log_entry_statement_ix on log_entry (statement_id);
create index log_entry_hash_ix on log_entry (statement_hash);
create table log_sequence (id smallint primary key check (id = 1), next_index bigint not null);
insert into log_sequence values (1, 0);
insert into api_key select k, 1000000000 from generate_series(1, 8) as k;
