-- The transparency log of signed statements (docs/transparency.md). An entry is inserted when its
-- statement is signed, before the answer leaves (leaf_index null: pending); a batch job integrates
-- pending entries in arrival order under an advisory lock, giving each its leaf index, storing the
-- tree's new perfect nodes and a signed checkpoint, all in one transaction.
create table log_entry (
  seq            bigserial primary key,
  statement_id   text        not null,
  statement_hash bytea       not null,
  kind           text        not null,
  kid            text        not null,
  leaf_hash      bytea       not null,
  created_at     timestamptz not null default now(),
  leaf_index     bigint      unique
);
create index log_entry_pending_ix on log_entry (seq) where leaf_index is null;
create index log_entry_statement_ix on log_entry (statement_id);
create index log_entry_hash_ix on log_entry (statement_hash);

-- Perfect aligned subtrees: the 2^level leaves from idx * 2^level (level 0: the leaf hashes). Only
-- complete subtrees are stored, so a row never changes once written.
create table log_node (
  level smallint not null,
  idx   bigint   not null,
  hash  bytea    not null,
  primary key (level, idx)
);

-- Every signed checkpoint, by tree size (the newest is served).
create table log_checkpoint (
  size       bigint      primary key,
  root       bytea       not null,
  note       text        not null,
  created_at timestamptz not null default now()
);
