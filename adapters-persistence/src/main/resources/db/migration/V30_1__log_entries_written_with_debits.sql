-- A statement paid with a key's credits is logged in its debit's statement (docs/transparency.md,
-- "How it is kept"): its entry is inserted there without a leaf index, so that the call commits
-- once. The batch job gives such pending entries their indexes from the counter row, in arrival
-- order, under its advisory lock, before it integrates the sequenced prefix. It finds them through
-- the unique index on leaf_index, which holds the nulls too: no index of their own, so that a
-- paid call's insert maintains one index fewer.
alter table log_entry alter column leaf_index drop not null;
