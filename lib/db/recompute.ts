/**
 * Batch recompute of a job's frontier priorities over its link graph (PageRank, IPageRank,
 * Topic-Relevant PageRank and HITS, larger-site-first), every `recomputeEvery` fetched pages.
 * The graph is read in two queries into compact arrays (lib/strategy/graph.ts), scored in
 * worker memory, and written back in one statement: a failure leaves the previous priorities
 * in place and is logged on the job.
 */
import { getStrategy, parseStrategyParams } from "../strategy/registry";
import { buildGraph, hitsAuthority, pagerank } from "../strategy/graph";
import { relevanceWeight } from "../strategy/rw";
import type { RecomputeKind } from "../strategy/types";
import { topicScorer, type TopicVector } from "../topic/topic";
import type { Sql } from "./sql";
import { holdJobGraphExclusive, withDeadlockRetry } from "./deadlock";

/** What a recompute did, for the job's event log and the benchmark. */
export interface RecomputeStats { kind: RecomputeKind; nodes: number; edges: number; updated: number; loadMs: number; computeMs: number; writeMs: number }

/** Recompute the priorities of job `jobId`'s pending URLs now. */
export async function recomputePriorities(sql: Sql, jobId: number): Promise<RecomputeStats> {
  const [job] = await sql<{ strategy: string; params: unknown; topic: TopicVector }[]>`
    select strategy, strategy_params as params, topic_snapshot as topic from jobs where id = ${jobId}`;
  const strategy = getStrategy(job.strategy);
  const kind = strategy.recompute;
  if (!kind) throw new Error(`strategy ${job.strategy} has no recompute`);
  const params = parseStrategyParams(job.strategy, job.params) as { d?: number; c?: number };
  const t0 = performance.now();

  if (kind === "larger-site-first") {
    const rows = await withDeadlockRetry(() => sql.begin(async (tx) => {
      await holdJobGraphExclusive(tx, jobId);
      return tx`
      with sizes as (select host, count(*)::float8 as n from frontier where job_id = ${jobId} and status = 'pending' group by host)
      update frontier f set priority = s.n, priority_detail = jsonb_build_object('queuedOnHost', s.n)
      from sizes s where f.job_id = ${jobId} and f.host = s.host and f.status = 'pending'
      returning f.id`;
    }));
    const ms = Math.round(performance.now() - t0);
    return { kind, nodes: rows.length, edges: 0, updated: rows.length, loadMs: 0, computeMs: 0, writeMs: ms };
  }

  // Ids come back as float8 (exact below 2^53) so that a million rows are numbers, not strings.
  // The loads run with hash joins: a job's rows are new to the planner's statistics, and on
  // an estimate of one row it chose nested loops over the whole frontier (84 s for 26,000 links).
  const withText = kind === "ipagerank";
  const [nodeRows, edgeRows] = await sql.begin(async (tx) => {
    await tx`set local enable_nestloop = off`;
    const nodes = (await tx`
      select f.id::float8, f.status, coalesce(p.is_relevant, false), ${withText ? tx`f.url` : tx`''`}
      from frontier f left join pages p on p.frontier_id = f.id
      where f.job_id = ${jobId} and f.status <> 'skipped'`.values()) as unknown as [number, string, boolean, string][];
    const edges = (await tx`
      select p.frontier_id::float8, t.id::float8, ${withText ? tx`l.anchor_text` : tx`null`} from links l
      join pages p on p.id = l.from_page_id join frontier t on t.job_id = l.job_id and t.url_key = l.to_url_key
      where l.job_id = ${jobId} and p.job_id = ${jobId} and t.status <> 'skipped'`.values()) as unknown as [number, number, string | null][];
    return [nodes, edges] as const;
  });
  const index = new Map<number, number>();
  nodeRows.forEach((r, i) => index.set(r[0], i));
  const loadMs = Math.round(performance.now() - t0);

  const t1 = performance.now();
  const n = nodeRows.length;
  const from = new Int32Array(edgeRows.length);
  const to = new Int32Array(edgeRows.length);
  edgeRows.forEach((e, k) => {
    from[k] = index.get(e[0]) ?? 0;
    to[k] = index.get(e[1]) ?? 0;
  });
  let weights: Float64Array | undefined;
  if (withText) {
    // RW(link) = the better of its anchor's and its target URL's best topic term (seed 004):
    // anchors repeat and a target has one URL, so each is segmented once.
    const topic = topicScorer(job.topic);
    const c = params.c ?? 0.1;
    const byAnchor = new Map<string, number>();
    const byTarget = new Float64Array(n).fill(-1);
    weights = new Float64Array(edgeRows.length);
    edgeRows.forEach((e, k) => {
      const anchor = e[2] ?? "";
      let a = byAnchor.get(anchor);
      if (a === undefined) {
        a = relevanceWeight(topic, { url: "http://x/", host: "", anchor }, 0).rw;
        byAnchor.set(anchor, a);
      }
      const target = to[k];
      if (byTarget[target] < 0) byTarget[target] = relevanceWeight(topic, { url: nodeRows[target][3], host: "", anchor: "" }, 0).rw;
      const rw = Math.max(a, byTarget[target]);
      weights![k] = rw >= c ? rw : 0;
    });
  }
  const graph = buildGraph(n, from, to, weights);
  let scores: Float64Array;
  if (kind === "tr-hits") {
    scores = hitsAuthority(graph, Uint8Array.from(nodeRows, (r) => (r[2] ? 1 : 0)));
  } else {
    let teleport: Float64Array | undefined;
    if (kind === "tr-pagerank") {
      const relevant = nodeRows.filter((r) => r[2]).length;
      teleport = Float64Array.from(nodeRows, (r) => (r[2] && relevant ? n / relevant : 0));
    }
    scores = pagerank(graph, { d: params.d ?? 0.85, teleport });
  }
  const computeMs = Math.round(performance.now() - t1);

  const t2 = performance.now();
  const ids: string[] = [];
  const values: number[] = [];
  nodeRows.forEach((r, i) => {
    if (r[1] === "pending") {
      ids.push(String(r[0]));
      values.push(scores[i]);
    }
  });
  // Page stores of the job wait while the priorities are rewritten (the job's graph lock):
  // rewriting alongside pages adding to the same priorities deadlocked.
  const updated = ids.length === 0 ? 0 : (await withDeadlockRetry(() => sql.begin(async (tx) => {
    await holdJobGraphExclusive(tx, jobId);
    return tx`
    update frontier f set priority = v.p, priority_detail = ${tx.json({ recomputed: kind })}
    from unnest(${ids}::bigint[], ${values}::float8[]) as v(id, p)
    where f.id = v.id and f.status = 'pending'`;
  }))).count;
  return { kind, nodes: n, edges: edgeRows.length, updated, loadMs, computeMs, writeMs: Math.round(performance.now() - t2) };
}

/**
 * Run the recomputes that are due: running jobs whose strategy recomputes and that fetched
 * `recomputeEvery` pages since the last one. Each is taken by one worker only (the counter is
 * moved first). Returns the jobs recomputed.
 */
export async function recomputeDueJobs(sql: Sql, strategyIds: string[], log: (line: string) => void): Promise<number[]> {
  const due = await sql<{ id: number }[]>`
    update jobs set recomputed_at_fetched = pages_fetched
    where status = 'running' and strategy = any(${strategyIds}::text[])
      and pages_fetched - recomputed_at_fetched >= coalesce((strategy_params->>'recomputeEvery')::int, 500)
    returning id`;
  for (const { id } of due) {
    try {
      const s = await recomputePriorities(sql, id);
      await sql`insert into job_events (job_id, kind, message) values (${id}, 'recomputed',
        ${`${s.kind}: ${s.nodes} URLs, ${s.edges} links, ${s.updated} priorities rewritten in ${s.loadMs + s.computeMs + s.writeMs} ms`})`;
    } catch (err) {
      log(`recompute of job ${id} failed: ${(err as Error).message}`);
      await sql`insert into job_events (job_id, kind, message) values (${id}, 'recompute-failed',
        ${`Recompute failed, previous priorities kept: ${(err as Error).message}`})`.catch(() => {});
    }
  }
  return due.map((d) => d.id);
}
