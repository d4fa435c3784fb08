-- The block of its chain a watch that reads one EVM chain last read its stored verdict at, in a
-- complete evaluation (the same verdict, or the change that set it); null when not known (a watch
-- on other chains, or not evaluated complete since this column came). An evaluation that reads a
-- changed verdict more than one block later searches the blocks between for the one that changed
-- it. Written when the watch is created (its first attestation's block), by the statement that
-- writes a run's unchanged evaluations (never lowered there) and with a change.
alter table watch add column verdict_block bigint;
