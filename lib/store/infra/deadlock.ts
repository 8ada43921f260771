import type { Tx } from "./sql";

/** Deadlock victims, retried: Postgres rolls the whole transaction back, so running it again is safe. */
const DEADLOCK = "40P01";
const MAX_DEADLOCK_RETRIES = 3;

/** Run `fn` (one transaction or statement) again when Postgres chose it as a deadlock victim. */
export async function withDeadlockRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= MAX_DEADLOCK_RETRIES) throw err;
    }
  }
}

/** Advisory-lock namespace of a job's link graph (the two-key form, apart from Prisma's migration lock). */
const JOB_GRAPH_LOCK = 7_001;

/**
 * Pages being stored hold their job's graph lock shared; a graph recompute rewriting many
 * priorities holds it alone for its one statement. Without it the rewrite deadlocked with
 * pages adding to the same priorities (sum merges), even with both taking rows in URL order.
 */
export async function holdJobGraphShared(tx: Tx, jobId: number): Promise<void> {
  await tx`select pg_advisory_xact_lock_shared(${JOB_GRAPH_LOCK}, ${jobId})`;
}

/** Hold the job's graph lock alone until the transaction ends. */
export async function holdJobGraphExclusive(tx: Tx, jobId: number): Promise<void> {
  await tx`select pg_advisory_xact_lock(${JOB_GRAPH_LOCK}, ${jobId})`;
}

/**
 * What a per-job key lock guards, each its own hash seed: a checksum (identical pages are stored
 * one after the other) or a host (its page limit is counted by one page at a time).
 */
const JOB_KEY_LOCK_SEEDS = { checksum: 7_071, "host-limit": 7_072 } as const;

/**
 * Lock `keys` of `kind` in job `jobId` until the transaction ends: advisory locks on a hash of
 * job and key (the single 64-bit form), taken in key order, so that transactions taking several
 * never wait on each other in a cycle.
 */
export async function holdJobKeys(tx: Tx, kind: keyof typeof JOB_KEY_LOCK_SEEDS, jobId: number, keys: string[]): Promise<void> {
  await tx`
    select pg_advisory_xact_lock(hashtextextended(${jobId} || ' ' || k, ${JOB_KEY_LOCK_SEEDS[kind]}))
    from (select k from unnest(${[...new Set(keys)].sort()}::text[]) as t(k) order by k) s`;
}
