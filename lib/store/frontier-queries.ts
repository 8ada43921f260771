/** Read-only views of a job's frontier for the dashboard and API. */
import type { PrismaClient } from "../generated/prisma/client";
import { isAllowedByRobots, type RobotsState } from "../rules/robots";

interface QueuedRow {
  id: bigint; url: string; depth: number; priority: number;
  priorityDetail: unknown; anchorText: string | null; discoveredAt: Date;
  /** Its host's record when the job learns from hosts (docs/ALGORITHMS.md §2.8), else null. */
  hostFeedback: { fetched: number; relevant: number; failed: number; weight: number; irrelevantRun: number; isSunk: boolean } | null;
  robotsState: string; robotsTxt: string | null;
}

/** Candidates read per URL shown, so that URLs robots.txt forbids can go to the end without leaving the list short. */
const ROBOTS_READ_FACTOR = 3;

/**
 * The next URLs the job will fetch, best first, with what made each priority: the top `take`
 * pending URLs read from the job-wide priority index (frontier_job_id_priority_idx), so a job
 * with 10,000 hosts costs `take` index entries, not each host's best ones merged. Among URLs
 * of equal priority at the cut the index's order decides which are shown; claims themselves
 * go host by host (lib/store/frontier.ts), so this is the order of preference, not a schedule.
 * A URL its host's robots.txt (as read) forbids is never fetched (it is skipped as "robots" when
 * claimed): such URLs are marked `isRobotsForbidden` and come after every URL that may be fetched,
 * which the list reads ROBOTS_READ_FACTOR × `take` candidates to fill.
 */
export async function listQueued(prisma: PrismaClient, jobId: number, take = 50, userAgent = "FocusCrawl") {
  const rows = await prisma.$queryRaw<QueuedRow[]>`
    select f.id, f.url, f.depth, f.priority, f.priority_detail as "priorityDetail",
      f.anchor_text as "anchorText", f.discovered_at as "discoveredAt",
      case when j.priority_feedback then jsonb_build_object('fetched', h.pages_fetched, 'relevant', h.pages_relevant,
        'failed', h.errors, 'weight', h.feedback, 'irrelevantRun', h.irrelevant_run, 'isSunk', h.is_sunk) end as "hostFeedback",
      coalesce(h.robots_state, 'unknown') as "robotsState", h.robots_txt as "robotsTxt"
    from (
      select * from frontier
      where job_id = ${jobId} and status = 'pending'
      order by priority desc
      limit ${take * ROBOTS_READ_FACTOR}
    ) f
    join jobs j on j.id = f.job_id
    left join hosts h on h.job_id = f.job_id and h.host = f.host
    order by f.priority desc, f.depth, f.id`;
  const marked = rows.map(({ robotsState, robotsTxt, ...r }) => ({
    ...r, id: String(r.id),
    // Only rules read say no: a robots.txt not read yet, or unreachable for now, may still allow the URL.
    isRobotsForbidden: robotsState === "rules" && !isAllowedByRobots({ state: robotsState as RobotsState, txt: robotsTxt, crawlDelayMs: null, expiresAt: new Date(0) }, r.url, userAgent),
  }));
  return [...marked.filter((r) => !r.isRobotsForbidden), ...marked.filter((r) => r.isRobotsForbidden)].slice(0, take);
}
