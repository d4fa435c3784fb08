-- The transparency log's entries get their leaf index when they are appended (docs/transparency.md),
-- so an answer can carry it: one counter row per log, taken with `update ... set next_index =
-- next_index + n returning` in the statement that inserts the entries. The row lock is held until
-- that statement commits, so indexes are dense and given in commit order even with several replicas;
-- a rolled-back append gives its indexes back. The batch job integrates the contiguous prefix of
-- sequenced entries after the newest checkpoint.
create table log_sequence (
  id         smallint primary key check (id = 1),
  next_index bigint   not null
);

-- entries appended before this migration and not yet integrated: indexed in arrival order
with base as (select coalesce(max(leaf_index) + 1, 0) as first from log_entry),
     pending as (
       select seq, row_number() over (order by seq) - 1 as rank
       from log_entry where leaf_index is null)
update log_entry e set leaf_index = base.first + pending.rank
  from pending, base where e.seq = pending.seq;

insert into log_sequence (id, next_index)
  select 1, coalesce(max(leaf_index) + 1, 0) from log_entry;

alter table log_entry alter column leaf_index set not null;
drop index log_entry_pending_ix;
