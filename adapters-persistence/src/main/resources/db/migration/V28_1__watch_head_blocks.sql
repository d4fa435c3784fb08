-- The block each chain's head last evaluated a watch at, per chain ({"10": 12345, ...}; a chain
-- absent: never at a head). A claim at a new head takes only the watches whose block for that chain
-- is below the head, and records the head in the same statement, so replicas that learn of one head
-- at different times evaluate a watch once at that block, and every new block takes it again.
alter table watch add column head_blocks jsonb not null default '{}'::jsonb;
