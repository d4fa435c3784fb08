-- The log's append as GroupAppends sends it for one entry: the sequencing transaction in one
-- pipelined exchange (commit without waiting for its flush), then the flush barrier.
\startpipeline
begin;
select set_config('statement_timeout', '5000', true), set_config('synchronous_commit', 'off', true);
with taken as (update log_sequence set next_index = next_index + 1 where id = 1
               returning next_index - 1 as first)
insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash, leaf_index)
select md5(random()::text), sha256(random()::text::bytea), 'attestation', 'k1',
       sha256(random()::text::bytea), taken.first from taken returning leaf_index;
commit;
\endpipeline
select txid_current();
