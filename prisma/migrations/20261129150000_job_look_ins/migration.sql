-- URLs a job leased only to look into a new host, below the hold-back's bar (docs/ALGORITHMS.md §3.2,
-- rule 4): hosts are looked into while these stay within a share of the job's pages, so that on a
-- web of hundreds of hosts looking into each of them no longer spends the whole page budget.
ALTER TABLE "jobs" ADD COLUMN "look_ins" INTEGER NOT NULL DEFAULT 0;
