-- Watch time is charged (docs/watches.md, Price): 1 credit for each started charge period of a
-- watch's life (walletstate.watches.charge-period, 24 hours), counted from created_at. Period 0 is
-- paid by the creating call's attestation. paid_periods only grows; the ledger's idempotency key
-- (watch, period) is what makes a period charged once when two replicas evaluate the watch.
alter table watch add column paid_periods integer not null default 1;
