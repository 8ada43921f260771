/**
 * Batch recompute of a job's frontier priorities over its link graph (PageRank, IPageRank,
 * Topic-Relevant PageRank and HITS, larger-site-first), every `recomputeEvery` fetched pages.
 * The graph is read in two queries (ids packed into bytea) into compact arrays, scored in
 * worker memory, and written back in one statement: a failure leaves the previous priorities
 * in place and is logged on the job.
 */
import { recordJobEvent } from "../store/events";
import { getStrategy, parseStrategyParams } from "../strategy/registry";
import { buildGraph, hitsAuthority, pagerank } from "../strategy/graph";
import { relevanceWeight } from "../strategy/rw";
import type { RecomputeKind } from "../strategy/types";
import { topicScorer, type TopicVector } from "../topic/topic";
import type { Sql } from "../store/infra/sql";
import { holdJobGraphExclusive, withDeadlockRetry } from "../store/infra/deadlock";

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
      from sizes s where f.job_id = ${jobId} and f.host = s.host and f.status = 'pending' and f.revisit_page_id is null
      returning f.id`;
    }));
    const ms = Math.round(performance.now() - t0);
    return { kind, nodes: rows.length, edges: 0, updated: rows.length, loadMs: 0, computeMs: 0, writeMs: ms };
  }

  const withText = kind === "ipagerank";
  const g = await loadJobGraph(sql, jobId, withText);
  const n = g.ids.length;
  const loadMs = Math.round(performance.now() - t0);

  const t1 = performance.now();
  let weights: Float64Array | undefined;
  if (withText) {
    // RW(link) = the better of its anchor's and its target URL's best topic term (seed 004):
    // anchors repeat and a target has one URL, so each is segmented once.
    const topic = topicScorer(job.topic);
    const c = params.c ?? 0.1;
    const byAnchor = g.anchors.map((anchor) => relevanceWeight(topic, { url: "http://x/", host: "", anchor }, 0).rw);
    const byTarget = new Float64Array(n).fill(-1);
    weights = new Float64Array(g.from.length);
    for (let k = 0; k < g.from.length; k++) {
      const target = g.to[k];
      if (byTarget[target] < 0) byTarget[target] = relevanceWeight(topic, { url: g.urls![target], host: "", anchor: "" }, 0).rw;
      const rw = Math.max(byAnchor[g.anchorOf![k]], byTarget[target]);
      weights[k] = rw >= c ? rw : 0;
    }
  }
  const graph = buildGraph(n, g.from, g.to, weights);
  let scores: Float64Array;
  if (kind === "tr-hits") {
    scores = hitsAuthority(graph, g.isRelevant);
  } else {
    let teleport: Float64Array | undefined;
    if (kind === "tr-pagerank") {
      const relevant = g.isRelevant.reduce((a, b) => a + b, 0);
      teleport = Float64Array.from(g.isRelevant, (r) => (r && relevant ? n / relevant : 0));
    }
    scores = pagerank(graph, { d: params.d ?? 0.85, teleport });
  }
  const computeMs = Math.round(performance.now() - t1);

  const t2 = performance.now();
  const ids: string[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    if (g.isPending[i]) {
      ids.push(String(g.ids[i]));
      values.push(scores[i]);
    }
  }
  // Page stores of the job wait while the priorities are rewritten (the job's graph lock):
  // rewriting alongside pages adding to the same priorities deadlocked.
  const updated = ids.length === 0 ? 0 : (await withDeadlockRetry(() => sql.begin(async (tx) => {
    await holdJobGraphExclusive(tx, jobId);
    return tx`
    update frontier f set base_priority = v.p, priority_detail = ${tx.json({ recomputed: kind })},
      -- Weighed by the host's feedback as every priority is (1 when the job does not learn from hosts).
      priority = coalesce((select weigh_priority(v.p, h.feedback, h.is_sunk) from hosts h where h.job_id = f.job_id and h.host = f.host), v.p)
    from unnest(${ids}::bigint[], ${values}::float8[]) as v(id, p)
    -- A revisit keeps its place by change probability (lib/store/revisits.ts), above new URLs.
    where f.id = v.id and f.status = 'pending' and f.revisit_page_id is null`;
  }))).count;
  return { kind, nodes: n, edges: g.from.length, updated, loadMs, computeMs, writeMs: Math.round(performance.now() - t2) };
}

/**
 * Run the recomputes that are due: running jobs whose strategy recomputes and that fetched
 * `recompute_every` pages since the last one (set from the strategy when the job was created). Each is taken by one worker only (the counter is
 * moved first). Returns the jobs recomputed.
 */
export async function recomputeDueJobs(sql: Sql, log: (line: string) => void): Promise<number[]> {
  const due = await sql<{ id: number }[]>`
    update jobs set recomputed_at_fetched = pages_fetched
    where status = 'running' and recompute_every is not null and pages_fetched - recomputed_at_fetched >= recompute_every
    returning id`;
  for (const { id } of due) {
    try {
      const s = await recomputePriorities(sql, id);
      await recordJobEvent(sql, id, "recomputed",
        `${s.kind}: ${s.nodes} URLs, ${s.edges} links, ${s.updated} priorities rewritten in ${s.loadMs + s.computeMs + s.writeMs} ms`);
    } catch (err) {
      log(`recompute of job ${id} failed: ${(err as Error).message}`);
      await recordJobEvent(sql, id, "recompute-failed", `Recompute failed, previous priorities kept: ${(err as Error).message}`).catch(() => {});
    }
  }
  return due.map((d) => d.id);
}

/** A job's link graph in compact arrays: nodes are its URLs (skipped ones left out) by id. */
export interface JobGraph {
  /** Frontier id of each node, ascending. */
  ids: Float64Array;
  isPending: Uint8Array;
  isRelevant: Uint8Array;
  /** Each node's URL; only when asked for (IPageRank weighs target URLs). */
  urls: string[] | null;
  from: Int32Array;
  to: Int32Array;
  /** Each edge's anchor, as an index into `anchors`; only when asked for. */
  anchorOf: Int32Array | null;
  anchors: string[];
}

/**
 * Read job `jobId`'s graph. Row by row, a million links took a second to come through the
 * driver; so each query returns a few values only: node ids and edge pairs packed by the
 * server into bytea (8 bytes per id, big-endian; edges grouped by anchor when asked for).
 * A bytea value holds at most 1 GB as hex text, so one recompute reads up to about 30 million
 * links; past that it fails and is logged, and the priorities stay as they were. Both queries
 * see one snapshot (repeatable read), so every edge's ends are among the nodes. The joins run
 * as hash joins: a job's rows are new to the planner's
 * statistics, and on an estimate of one row it chose nested loops over the whole frontier
 * (84 s for 26,000 links).
 */
export async function loadJobGraph(sql: Sql, jobId: number, withText: boolean): Promise<JobGraph> {
  const [nodeRows, edgeRows] = await sql.begin("isolation level repeatable read read only", async (tx) => {
    await tx`set local enable_nestloop = off`;
    await tx`set local work_mem = '64MB'`;
    const nodes = await tx`
      select string_agg(int8send(f.id), ''::bytea order by f.id),
        string_agg(set_byte('\\x00'::bytea, 0, (f.status = 'pending')::int + 2 * coalesce(p.is_relevant, false)::int), ''::bytea order by f.id),
        ${withText ? tx`string_agg(f.url, E'\\n' order by f.id)` : tx`null`}
      from frontier f left join pages p on p.frontier_id = f.id
      where f.job_id = ${jobId} and f.status <> 'skipped'`.raw();
    const edges = await tx`
      select ${withText ? tx`coalesce(l.anchor_text, '')` : tx`''`},
        string_agg(int8send(p.frontier_id) || int8send(t.id), ''::bytea)
      from links l join pages p on p.id = l.from_page_id join frontier t on t.job_id = l.job_id and t.url_key = l.to_url_key
      where l.job_id = ${jobId} and p.job_id = ${jobId} and t.status <> 'skipped'
      ${withText ? tx`group by 1` : tx``}`.raw();
    return [nodes, edges] as const;
  });
  const [idBytes, flagBytes, urlText] = nodeRows[0] as unknown as (Buffer | null)[];
  const ids = readInt8s(idBytes);
  const flags = idBytes ? fromHex(flagBytes!) : Buffer.alloc(0);
  const nodeOf = nodeIndex(ids);
  const isPending = new Uint8Array(ids.length);
  const isRelevant = new Uint8Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    isPending[i] = flags[i] & 1;
    isRelevant[i] = (flags[i] >> 1) & 1;
  }
  const packed = edgeRows.map((r) => readInt8s(r[1] as unknown as Buffer));
  const total = packed.reduce((a, p) => a + p.length / 2, 0);
  const from = new Int32Array(total);
  const to = new Int32Array(total);
  const anchorOf = withText ? new Int32Array(total) : null;
  const anchors: string[] = [];
  let k = 0;
  edgeRows.forEach((r, group) => {
    const pairs = packed[group];
    if (withText) anchors.push((r[0] as unknown as Buffer).toString("utf8"));
    for (let j = 0; j < pairs.length; j += 2) {
      from[k] = nodeOf(pairs[j]);
      to[k] = nodeOf(pairs[j + 1]);
      if (anchorOf) anchorOf[k] = group;
      k++;
    }
  });
  return { ids, isPending, isRelevant, urls: withText && urlText ? urlText.toString("utf8").split("\n") : null, from, to, anchorOf, anchors };
}

/**
 * Id → node number. A job's ids are ascending and nearly dense (other jobs' URLs interleave),
 * so a flat table over their range answers in one read; a sparse range falls back to a Map.
 */
function nodeIndex(ids: Float64Array): (id: number) => number {
  if (ids.length === 0) return () => -1;
  const min = ids[0];
  const range = ids[ids.length - 1] - min + 1;
  if (range <= 8 * ids.length) {
    const table = new Int32Array(range).fill(-1);
    ids.forEach((id, i) => { table[id - min] = i; });
    return (id) => table[id - min];
  }
  const map = new Map<number, number>();
  ids.forEach((id, i) => map.set(id, i));
  return (id) => map.get(id) ?? -1;
}

/** A bytea as the server sends it in text form (`\x` then hex digits), decoded. */
function fromHex(text: Buffer): Buffer {
  return Buffer.from(text.toString("latin1", 2), "hex");
}

/** Packed big-endian int8 values (ids, below 2^53) as numbers. */
function readInt8s(text: Buffer | null): Float64Array {
  if (!text) return new Float64Array(0);
  const bytes = fromHex(text);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const out = new Float64Array(bytes.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 8) * 2 ** 32 + view.getUint32(i * 8 + 4);
  return out;
}
