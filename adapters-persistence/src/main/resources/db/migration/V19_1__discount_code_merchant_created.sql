-- The owner's status counts the codes a store issued since 00:00 UTC (GET
-- /v1/merchants/{id}/status, codesIssuedToday): by store and creation time, without reading the
-- store's older codes.
create index discount_code_merchant_created_ix on discount_code (merchant_id, created_at);
