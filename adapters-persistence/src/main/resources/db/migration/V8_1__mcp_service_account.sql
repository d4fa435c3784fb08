-- The service-owned account behind the keyless tool endpoint (/mcp): its daily counter
-- (key_daily_usage) is the one allowance every tool caller shares, and its ledger records what
-- the metered tools were charged. key_hash is the SHA-256 of 'service-account:mcp', which is not
-- the shape of a key (svc_live_ + 40 hex digits), so no request can authenticate as this account.
-- daily_limit is the allowance: metered tool calls per UTC day for all callers together (docs/mcp.md).
-- The balance is a bookkeeping balance, large enough never to run out (1 quadrillion credits);
-- it is granted by a ledger entry, so the balance still equals the sum of the entries.
with account as (
    insert into api_key (key_hash, email, app_name, plan, key_version, daily_limit, credits, created_at)
    values ('4e998bf9c71512051fb3607d110676136ecd14f7d5b9ea706e778b9e56d66290', null,
            'MCP shared allowance', 'enterprise', 2, 1000, 1000000000000000, now())
    returning id
)
insert into credit_entry (api_key_id, kind, amount, reason, created_at)
select id, 'grant', 1000000000000000, 'mcp service account', now() from account;
