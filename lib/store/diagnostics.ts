/**
 * Why a job is slow or idle: each finding with the number behind it, for the job page's
 * diagnostics panel (app/jobs/[id]/monitor-panels.tsx says what to do about each).
 */
import type { Sql } from "./infra/sql";
import { findStalledJobs, readHeldBack, recordStallOnce, STALL_WINDOW_MS } from "./stall";

/** A worker that has not beaten for this long counts as gone (workers beat every few seconds). */
export const WORKER_SILENT_MS = 30_000;

/** One finding; `n` is the number behind it, `host`/`until`/`names` name what it is about. */
export type Diagnosis =
  | { kind: "paused" | "stopping" | "no-workers" | "stalled" | "page-budget" | "time-budget" | "blocked-hosts"; n: number }
  | { kind: "stale-workers"; n: number; names: string[] }
  | { kind: "hosts-waiting"; n: number; host: string; until: Date }
  | { kind: "held-back"; n: number; hosts: number; share: number; host: string; until: Date }
  | { kind: "retry-wait"; n: number; until: Date; error: string | null }
  | { kind: "robots-unreachable" | "hosts-set-aside"; n: number; names: string[] };

/** How much a finding matters: a fact of a healthy job, a slowdown to look at, or a job that cannot go on. */
export type DiagnosisSeverity = "info" | "warning" | "problem";

/**
 * A finding's severity. What the operator chose or what a healthy focused crawl does (paused,
 * stopping, a budget used up, hosts blocked from the table, URLs held back for better ones) is
 * info; what slows the crawl without stopping it is a warning; no worker or a stalled claim is a problem.
 */
export function diagnosisSeverity(kind: Diagnosis["kind"]): DiagnosisSeverity {
  switch (kind) {
    case "paused": case "stopping": case "page-budget": case "time-budget": case "blocked-hosts": case "held-back": return "info";
    case "stale-workers": case "hosts-waiting": case "retry-wait": case "robots-unreachable": case "hosts-set-aside": return "warning";
    case "no-workers": case "stalled": return "problem";
    default: return kind satisfies never;
  }
}

/**
 * The panel's state: "ended" for a job that has ended, else the most severe finding's severity,
 * or "healthy" when no finding is a warning or a problem (a crawl at 600 URLs a minute with
 * URLs held back for focus is healthy, and the panel says so instead of asking why it is slow).
 */
export function diagnosisState(found: readonly Diagnosis[], isOver: boolean): "ended" | "healthy" | "warning" | "problem" {
  if (isOver) return "ended";
  const severities = found.map((d) => diagnosisSeverity(d.kind));
  return severities.includes("problem") ? "problem" : severities.includes("warning") ? "warning" : "healthy";
}

interface JobFacts {
  status: string; reserved: number; maxPages: number; isTimeUp: boolean; pending: number; hasDue: boolean;
  readyHosts: number; blockedHosts: number; holdBack: number;
}

async function readFacts(sql: Sql, jobId: number): Promise<JobFacts | null> {
  const [row] = await sql<JobFacts[]>`
    select j.status::text as status, j.claim_hold_back as "holdBack", j.pages_reserved as reserved, j.max_pages as "maxPages",
      coalesce(j.time_budget_sec is not null and j.started_at + make_interval(secs => j.time_budget_sec) <= now(), false) as "isTimeUp",
      (select count(*)::int from (select 1 from frontier f where f.job_id = j.id and f.status = 'pending' limit 100000) p) as pending,
      exists (select 1 from frontier f where f.job_id = j.id and f.status = 'pending' and f.next_attempt_at <= now()) as "hasDue",
      (select count(*)::int from hosts h where h.job_id = j.id and h.has_pending and h.next_fetch_at <= now()
        and h.in_flight < host_connections(h.max_connections, h.min_delay_ms, h.crawl_delay_ms)) as "readyHosts",
      (select count(*)::int from hosts h where h.job_id = j.id and h.next_fetch_at = 'infinity'
        and h.robots_expires_at is distinct from 'infinity') as "blockedHosts"
    from jobs j where j.id = ${jobId}`;
  return row ?? null;
}

/** The findings of job `jobId` now (empty when nothing holds it up); a stall is also recorded as a job event. */
export async function diagnoseJob(sql: Sql, jobId: number): Promise<Diagnosis[]> {
  const f = await readFacts(sql, jobId);
  if (!f) return [];
  const out: Diagnosis[] = [];
  if (f.status === "paused") out.push({ kind: "paused", n: f.pending });
  if (f.status === "stopping") out.push({ kind: "stopping", n: f.pending });
  if (f.blockedHosts > 0) out.push({ kind: "blocked-hosts", n: f.blockedHosts });
  // Hosts whose robots.txt could not be fetched: set aside for good (never answered;
  // lib/store/host-controls.ts, setHostAside), said even once the job is over, or, while it
  // runs, still to be tried again.
  const unreachable = await sql<{ host: string; n: number; isSetAside: boolean }[]>`
    select host, n, s as "isSetAside" from (
      select host, robots_expires_at = 'infinity' as s, count(*) over (partition by robots_expires_at = 'infinity')::int as n,
        row_number() over (partition by robots_expires_at = 'infinity' order by host) as i
      from hosts where job_id = ${jobId} and robots_state = 'unreachable') h
    where i <= 5 order by s, host`;
  const listed = (isSetAside: boolean) => unreachable.filter((u) => u.isSetAside === isSetAside);
  const aside = listed(true);
  if (aside.length) out.push({ kind: "hosts-set-aside", n: aside[0].n, names: aside.map((u) => u.host) });
  if (f.status !== "running") return out;
  if (f.reserved >= f.maxPages) out.push({ kind: "page-budget", n: f.maxPages });
  if (f.isTimeUp) out.push({ kind: "time-budget", n: f.reserved });
  out.push(...await diagnoseWorkers(sql));
  if (f.pending > 0 && !f.hasDue) out.push(await diagnoseRetries(sql, jobId, f.pending));
  else if (f.pending > 0 && f.readyHosts === 0) {
    const waiting = await diagnoseWaitingHosts(sql, jobId);
    if (waiting) out.push(waiting);
  }
  // URLs due but held back for better ones (focus under politeness): waiting, not stalled.
  if (f.pending > 0 && f.hasDue) {
    const held = await readHeldBack(sql, jobId);
    if (held) out.push({ kind: "held-back", n: held.n, hosts: held.hosts, share: Math.round(f.holdBack * 100), host: held.bestHost, until: held.bestAt });
  }
  const retrying = listed(false);
  if (retrying.length) out.push({ kind: "robots-unreachable", n: retrying[0].n, names: retrying.map((u) => u.host) });
  // Only a claim can stall: with no live worker, nothing claims and "no workers" says why.
  if (!out.some((d) => d.kind === "no-workers")) {
    const [stall] = await findStalledJobs(sql, [jobId], STALL_WINDOW_MS);
    if (stall) {
      await recordStallOnce(sql, stall, STALL_WINDOW_MS);
      out.push({ kind: "stalled", n: stall.pending });
    }
  }
  return out;
}

async function diagnoseWorkers(sql: Sql): Promise<Diagnosis[]> {
  const [w] = await sql<{ live: number; stale: string[] }[]>`
    select count(*) filter (where last_beat_at > now() - ${WORKER_SILENT_MS} * interval '1 millisecond')::int as live,
      coalesce((array_agg(worker_id order by last_beat_at desc) filter (where last_beat_at <= now() - ${WORKER_SILENT_MS} * interval '1 millisecond'
        and last_beat_at > now() - interval '1 day'))[1:5], '{}') as stale
    from worker_heartbeats where status = 'running'`;
  const out: Diagnosis[] = [];
  if (w.live === 0) out.push({ kind: "no-workers", n: 0 });
  if (w.stale.length > 0) out.push({ kind: "stale-workers", n: w.stale.length, names: w.stale });
  return out;
}

async function diagnoseRetries(sql: Sql, jobId: number, pending: number): Promise<Diagnosis> {
  const [r] = await sql<{ until: Date; error: string | null }[]>`
    select next_attempt_at as until, last_error as error from frontier
    where job_id = ${jobId} and status = 'pending' order by next_attempt_at limit 1`;
  return { kind: "retry-wait", n: pending, until: r.until, error: r.error };
}

async function diagnoseWaitingHosts(sql: Sql, jobId: number): Promise<Diagnosis | null> {
  const [h] = await sql<{ host: string; until: Date; n: number }[]>`
    select host, next_fetch_at as until, count(*) over ()::int as n from hosts
    where job_id = ${jobId} and has_pending and next_fetch_at <> 'infinity'
    order by next_fetch_at limit 1`;
  return h ? { kind: "hosts-waiting", n: h.n, host: h.host, until: h.until } : null;
}

/** A seed's outcome: its frontier status and why it failed or was skipped. */
export interface SeedOutcome { url: string; status: string; reason: string | null; attempts: number }

/**
 * The outcome of each seed of job `jobId` (depth-0 URLs). It reads the job's frontier without an
 * index on depth: the page asks only while the job has fetched nothing, when the frontier is small.
 */
export async function listSeedOutcomes(sql: Sql, jobId: number): Promise<SeedOutcome[]> {
  const rows = await sql<SeedOutcome[]>`
    select url, status::text, coalesce(last_error, skip_reason) as reason, attempts from frontier
    where job_id = ${jobId} and depth = 0 order by id limit 100`;
  return [...rows];
}
