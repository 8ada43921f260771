/** What the database's sessions do during a benchmark (pg_stat_activity) and where its time went (pg_stat_statements). */
import type { Sql } from "../../lib/store/infra/sql";

/**
 * What the database's sessions of the crawl are doing, sampled every 200 ms from pg_stat_activity:
 * running (on CPU or I/O), waiting for a lock (and on which kind), or idle in a transaction
 * (waiting for the worker to send the next statement). The returned function stops sampling
 * and gives the mean number of sessions in each state.
 */
export function sampleSessions(sql: Sql) {
  const counts = new Map<string, number>();
  let samples = 0;
  const timer = setInterval(async () => {
    const rows = await sql<{ what: string; n: number }[]>`
      select case when state = 'active' and wait_event_type = 'Lock' then 'waiting for a lock (' || wait_event || ')'
        when state = 'active' then 'running' else state end as what, count(*)::int as n
      from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
        and state <> 'idle' group by 1`.catch(() => []);
    samples++;
    for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
  }, 200);
  return () => {
    clearInterval(timer);
    return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, +(n / Math.max(1, samples)).toFixed(2)]));
  };
}

/**
 * Whether a statement's text is the claim (lib/store/frontier.ts claimUrls): the statement that
 * picks URLs with SKIP LOCKED and sets their lease's expiry. Read from what stays when
 * pg_stat_statements replaces constants by $n and whatever the claim's CTEs are called.
 */
export function isClaimStatement(text: string): boolean {
  return /for update skip locked/i.test(text) && /lease_expires_at\s*=\s*now\(\)\s*\+/i.test(text);
}

/** A short name for a statement's text: the hot statements by what they do, others by their first words. */
export function labelStatement(query: string): string {
  const text = query.replace(/--[^\n]*/g, " ").replace(/\s+/g, " ").trim();
  if (isClaimStatement(text)) return "claim (claimUrls)";
  if (/^select set_config\(\$1, coalesce\(\(.*for no key update of j/i.test(text)) return "claim's job lock (claimUrls)";
  if (/^with job as \( update jobs set pages_fetched/i.test(text)) return "recordOutcome (job, minute, host counters)";
  return text.slice(0, 70);
}

/** One sampled wait: which lock kind, in which statement. */
export interface LockWait { waitEvent: string; statement: string; sessions: number }

/**
 * Sessions waiting on a heavyweight lock (wait_event_type 'Lock'), sampled every `everyMs` from
 * pg_stat_activity of `sql`'s database: the returned function stops sampling and gives the
 * samples taken, the share of samples with any wait, and the mean waiting sessions per sample
 * by lock kind (wait_event: transactionid, tuple, relation …) and statement.
 */
export function sampleLockWaits(sql: Sql, everyMs = 200) {
  const sums = new Map<string, LockWait>();
  let samples = 0, withWaits = 0;
  const timer = setInterval(async () => {
    const rows = await sql<{ wait_event: string; query: string }[]>`
      select wait_event, query from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and state = 'active' and wait_event_type = 'Lock'`.catch(() => null);
    if (rows === null) return;
    samples++;
    if (rows.length) withWaits++;
    for (const r of rows) {
      const statement = labelStatement(r.query);
      const key = `${r.wait_event}\u0000${statement}`;
      const w = sums.get(key) ?? { waitEvent: r.wait_event, statement, sessions: 0 };
      w.sessions++;
      sums.set(key, w);
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    const waits = [...sums.values()].sort((a, b) => b.sessions - a.sessions)
      .map((w) => ({ ...w, sessions: +(w.sessions / Math.max(1, samples)).toFixed(2) }));
    return { samples, shareWithWaits: +(withWaits / Math.max(1, samples)).toFixed(3), waits };
  };
}

/** SQL statements by total execution time (pg_stat_statements), of database `dbName` when given. */
export async function topStatements(sql: Sql, limit = 20, dbName?: string) {
  const rows = await sql<{ query: string; calls: number; total_ms: number; mean_ms: number }[]>`
    select regexp_replace(s.query, '\\s+', ' ', 'g') as query, s.calls::int, round(s.total_exec_time)::int as total_ms,
      round(s.mean_exec_time::numeric, 3)::float as mean_ms
    from pg_stat_statements s
    where s.query not ilike '%pg_stat_statements%' and s.query not ilike '%pg_stat_activity%'
      and (${dbName ?? null}::text is null or s.dbid = (select oid from pg_database where datname = ${dbName ?? null}::text))
    order by s.total_exec_time desc limit ${limit}`;
  return rows.map((r) => ({ ...r, query: r.query.slice(0, 110) }));
}

/** The server's write-ahead log and checkpoint counters so far (pg_stat_wal, pg_stat_checkpointer; PostgreSQL 17 or later). */
export interface WalCounters { records: number; fullPageImages: number; bytes: number; checkpoints: number }

export async function walCounters(sql: Sql): Promise<WalCounters> {
  const [w] = await sql<WalCounters[]>`
    select w.wal_records::float8 as records, w.wal_fpi::float8 as "fullPageImages", w.wal_bytes::float8 as bytes,
      (c.num_timed + c.num_requested)::float8 as checkpoints
    from pg_stat_wal w, pg_stat_checkpointer c`;
  return w;
}

/** What the server wrote to its log per stored page between two readings, and the checkpoints in between. */
export function walPerPage(before: WalCounters, after: WalCounters, pages: number) {
  const per = (k: keyof WalCounters) => +((after[k] - before[k]) / Math.max(1, pages)).toFixed(1);
  return { walKbPerPage: +(per("bytes") / 1024).toFixed(1), walRecordsPerPage: per("records"), fullPageImagesPerPage: per("fullPageImages"),
    checkpoints: after.checkpoints - before.checkpoints };
}
