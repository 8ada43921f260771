-- Every lease check goes by the row's id, so this index was never read, yet every frontier
-- write (claims, finishes, priority rewrites of graph strategies) paid for keeping it.
DROP INDEX "frontier_lease_owner_idx";
