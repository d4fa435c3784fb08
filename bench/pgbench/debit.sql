-- A credit debit as PgCreditLedger sends it: one autocommit statement, flushed at commit.
\set k random(1, 8)
with taken as (update api_key set credits = credits - 1 where id = :k and credits >= 1
               returning credits),
     entry as (insert into credit_entry
               (api_key_id, kind, amount, reason, request_id, idempotency_key, created_at)
               select :k, 'debit', -1, 'attest', md5(random()::text), md5(random()::text), now()
               from taken returning id)
select taken.credits, entry.id from taken, entry;
