/**
 * What the job page changes on a running job: block a host, set one host's delay, set the
 * job's politeness. Workers read settings again within 10 s (lib/crawl/job-context.ts); the host
 * rows change at once, and claims read those.
 */
import { readCrawlSettings } from "../jobs/settings";
import { describePatternProblem } from "../rules/scope";
import { recordJobEvent } from "./events";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";
import { withDeadlockRetry } from "./infra/deadlock";
import { setAsideReason } from "./hosts";

/** Longest delay one can set from the job page (the settings' own limit). */
export const MAX_DELAY_MS = 600_000;

/**
 * Stop crawling `host` in job `jobId`: its name joins the job's deny rules (so links to it are
 * no longer queued), its pending URLs are skipped with reason "scope:blocked", and its next
 * fetch moves to infinity, so no claim takes it even for a URL queued before workers reread the rules.
 */
export async function blockHost(sql: Sql, jobId: number, host: string): Promise<{ ok: true; skipped: number } | Failure> {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "");
  const problem = describePatternProblem(name);
  if (problem) return fail("invalid", problem);
  return sql.begin(async (tx) => {
    const [job] = await tx<{ settings: unknown }[]>`select settings from jobs where id = ${jobId} for update`;
    if (!job) return fail("not-found", `job ${jobId} does not exist`);
    const settings = readCrawlSettings(job.settings);
    // Stored as it was, with the host added: other settings keep their stored form.
    const deny = [...new Set([...settings.deny, name])];
    await tx`update jobs set settings = settings || ${tx.json({ deny })}, updated_at = now() where id = ${jobId}`;
    await tx`update hosts set next_fetch_at = 'infinity', has_pending = false, updated_at = now()
      where job_id = ${jobId} and (host = ${host} or split_part(host, ':', 1) = ${name})`;
    const skipped = await tx`update frontier set status = 'skipped', skip_reason = 'scope:blocked', updated_at = now()
      where job_id = ${jobId} and status = 'pending' and (host = ${host} or split_part(host, ':', 1) = ${name})`;
    await recordJobEvent(tx, jobId, "host-blocked", `${name}: ${skipped.count} pending URL(s) skipped`, { host: name, skipped: skipped.count });
    return { ok: true as const, skipped: skipped.count };
  });
}

/**
 * Undo blockHost: the host's name leaves the job's deny rules (links to it are queued again once
 * workers reread the rules, within 10 s), its host row is ready again, and its URLs skipped as
 * blocked ("scope:blocked") go back to the queue. A host set aside as unreachable is not touched.
 */
export async function unblockHost(sql: Sql, jobId: number, host: string): Promise<{ ok: true; requeued: number } | Failure> {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "");
  return sql.begin(async (tx) => {
    const [job] = await tx<{ settings: unknown }[]>`select settings from jobs where id = ${jobId} for update`;
    if (!job) return fail("not-found", `job ${jobId} does not exist`);
    const deny = readCrawlSettings(job.settings).deny.filter((d) => d !== name);
    await tx`update jobs set settings = settings || ${tx.json({ deny })}, updated_at = now() where id = ${jobId}`;
    // The frontier rows first, then the host row, in the order claims and page stores take them.
    const requeued = await tx`update frontier set status = 'pending', skip_reason = null, next_attempt_at = now(), updated_at = now()
      where job_id = ${jobId} and status = 'skipped' and skip_reason = 'scope:blocked' and (host = ${host} or split_part(host, ':', 1) = ${name})`;
    await tx`update hosts set next_fetch_at = now(), has_pending = true, updated_at = now()
      where job_id = ${jobId} and (host = ${host} or split_part(host, ':', 1) = ${name})
        and next_fetch_at = 'infinity' and robots_expires_at is distinct from 'infinity'`;
    await recordJobEvent(tx, jobId, "host-unblocked", `${name}: ${requeued.count} skipped URL(s) queued again`, { host: name, skipped: requeued.count });
    return { ok: true as const, requeued: requeued.count };
  });
}

/** Hosts set aside that get their own event in a job's log (the rest are counted by the diagnostics). */
export const UNREACHABLE_EVENTS = 20;

/**
 * Set aside a host of job `jobId` that cannot be reached (lib/rules/robots.ts, isHostUnreachable):
 * like a blocked host its next fetch moves to infinity and its pending URLs are skipped, with
 * reason "host-unreachable", and links to it found later are stored as skipped with that reason
 * (enqueueLinks). Its robots.txt is marked unreachable for good (expires at infinity), which is
 * what tells it from a host blocked by a person. A host that has served a page is left alone.
 * Returns the URLs skipped, or null when the host was not set aside.
 */
export async function setHostAside(sql: Sql, jobId: number, host: string, why: string): Promise<number | null> {
  // The frontier rows first, then the host row, in the order claims and page stores take them.
  return withDeadlockRetry(() => sql.begin(async (tx) => {
    const [h] = await tx`select 1 from hosts where job_id = ${jobId} and host = ${host} and pages_fetched = 0 and next_fetch_at <> 'infinity'`;
    if (!h) return null;
    const skipped = await tx`update frontier set status = 'skipped', skip_reason = 'host-unreachable', updated_at = now()
      where job_id = ${jobId} and host = ${host} and status = 'pending'`;
    const rows = await tx`update hosts set next_fetch_at = 'infinity', has_pending = false, robots_state = 'unreachable',
        robots_expires_at = 'infinity', updated_at = now()
      where job_id = ${jobId} and host = ${host} and pages_fetched = 0 and next_fetch_at <> 'infinity'
      returning id`;
    // A page of the host stored meanwhile: it answers after all, and its URLs go back to the queue.
    if (rows.length === 0) throw new HostAnsweredError();
    // A crawl through a portal can meet hundreds of dead hosts: the first few are logged, the
    // job page's diagnostics count them all.
    const [{ logged }] = await tx<{ logged: number }[]>`
      select count(*)::int as logged from (select 1 from job_events where job_id = ${jobId} and kind = 'host-unreachable' limit ${UNREACHABLE_EVENTS}) e`;
    if (logged < UNREACHABLE_EVENTS) {
      const more = logged === UNREACHABLE_EVENTS - 1 ? "; further unreachable hosts are set aside without an event (the diagnostics count them)" : "";
      await recordJobEvent(tx, jobId, "host-unreachable", `${host}: ${why}; ${skipped.count} pending URL(s) skipped${more}`, { host, why, skipped: skipped.count });
    }
    return skipped.count;
  }).catch((e) => {
    if (e instanceof HostAnsweredError) return null;
    throw e;
  }));
}

/** Rolls setHostAside back when the host served a page while its URLs were being skipped. */
class HostAnsweredError extends Error {}

/**
 * Skip the pending URLs of hosts blocked or set aside (next fetch at infinity): queued by a page
 * stored at the same moment as the block, before it could see it, or put back in the queue by a
 * retry (which flags the host pending again); they would never be claimed and would keep their
 * job from ending. Run by the workers' maintenance; returns how many.
 */
export async function skipUrlsOfSetAsideHosts(sql: Sql): Promise<number> {
  const rows = await sql`
    with hosts_left as (
      update hosts h set has_pending = false from jobs j
      where j.id = h.job_id and j.status in ('running', 'paused', 'stopping') and h.has_pending and h.next_fetch_at = 'infinity'
      returning h.job_id, h.host, ${setAsideReason(sql, "h")} as reason
    )
    update frontier f set status = 'skipped', updated_at = now(), skip_reason = hl.reason
    from hosts_left hl
    where f.job_id = hl.job_id and f.host = hl.host and f.status = 'pending'
    returning f.id`;
  return rows.length;
}

function checkDelay(ms: number): Failure | null {
  return Number.isInteger(ms) && ms >= 0 && ms <= MAX_DELAY_MS ? null : fail("invalid", `delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
}

/**
 * Set one host's own delay (kept when the job's politeness changes). Its next fetch comes no
 * later than one new delay from now, so lowering a long delay takes effect at once.
 */
export async function setHostDelay(sql: Sql, jobId: number, host: string, delayMs: number): Promise<{ ok: true } | Failure> {
  const bad = checkDelay(delayMs);
  if (bad) return bad;
  const rows = await sql`
    update hosts set delay_override_ms = ${delayMs}, min_delay_ms = ${delayMs}, has_pending = true, updated_at = now(),
      next_fetch_at = least(next_fetch_at, now() + host_delay(${delayMs}::int, crawl_delay_ms))
    where job_id = ${jobId} and host = ${host} and next_fetch_at <> 'infinity'
    returning id`;
  if (rows.length === 0) return fail("not-found", `host ${host} is not in job ${jobId} (or is blocked)`);
  await recordJobEvent(sql, jobId, "host-delay", `${host}: ${delayMs} ms`, { host, delayMs });
  return { ok: true };
}

/** Change a job's politeness: its minimum delay, for new hosts and every host without its own. */
export async function setJobDelay(sql: Sql, jobId: number, delayMs: number): Promise<{ ok: true } | Failure> {
  const bad = checkDelay(delayMs);
  if (bad) return bad;
  return sql.begin(async (tx) => {
    const rows = await tx`update jobs set settings = settings || ${tx.json({ minDelayMs: delayMs })}, updated_at = now() where id = ${jobId} returning id`;
    if (rows.length === 0) return fail("not-found", `job ${jobId} does not exist`);
    await tx`update hosts set min_delay_ms = ${delayMs}, updated_at = now(),
        next_fetch_at = least(next_fetch_at, now() + host_delay(${delayMs}::int, crawl_delay_ms))
      where job_id = ${jobId} and delay_override_ms is null and next_fetch_at <> 'infinity'`;
    await recordJobEvent(tx, jobId, "politeness-changed", `minDelayMs ${delayMs}`, { delayMs });
    return { ok: true as const };
  });
}
