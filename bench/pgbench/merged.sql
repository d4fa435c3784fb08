-- The debit with the call's log entry in the same statement, unsequenced (leaf_index given
-- later by the batch job): one statement, one flush. The debit is debit.sql's, written out again
-- by design: pgbench scripts include nothing, and the two must differ by the entry alone.
\set k random(1, 8)
with taken as (update api_key set credits = credits - 1 where id = :k and credits >= 1
               returning credits),
     entry as (insert into credit_entry
               (api_key_id, kind, amount, reason, request_id, idempotency_key, created_at)
               select :k, 'debit', -1, 'attest', md5(random()::text), md5(random()::text), now()
               from taken returning id),
     logged as (insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash)
                select md5(random()::text), sha256(random()::text::bytea), 'attestation', 'k1',
                       sha256(random()::text::bytea)
                from taken returning seq)
select taken.credits, entry.id, logged.seq from taken, entry, logged;
