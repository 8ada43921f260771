/**
 * GET /metrics against a real database: a job with stored, relevant and failed pages, a live and
 * a stale worker with latency histograms; the exposition is parsed and its numbers checked.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "@/lib/testing/db";
import { makeJob } from "@/lib/testing/fixtures";
import { storeTestPage } from "@/lib/testing/results-fixtures";
import { storeNonPage } from "@/lib/store/pages";
import { beat } from "@/lib/store/workers";
import { CLAIM_BUCKETS_S, FETCH_BUCKETS_S, newHistogram, observe } from "@/lib/store/worker-latency";
import { GET } from "./route";

const ctx = useTestDatabase();

interface Sample { name: string; labels: Record<string, string>; value: number }

/** Parse the text exposition's samples (comment lines skipped), unescaping label values. */
function parseExposition(text: string): Sample[] {
  return text.split("\n").filter((l) => l && !l.startsWith("#")).map((line) => {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    return { name: m[1], labels, value: m[3] === "+Inf" ? Infinity : Number(m[3]) };
  });
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hit = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(hit.length <= 1, `${name} ${JSON.stringify(labels)} matches ${hit.length} samples`);
  return hit[0]?.value;
}

async function failUrl(jobId: number, url: string, reason: string) {
  const [f] = await ctx.db.sql<{ id: string }[]>`
    insert into frontier (job_id, url, url_key, host, depth, status, lease_owner, lease_expires_at)
    values (${jobId}, ${url}, ${url}, ${new URL(url).host}, 1, 'leased', 'w-test', now() + interval '1 hour') returning id`;
  await storeNonPage(ctx.db.sql, { jobId, frontierId: f.id, workerId: "w-test", host: new URL(url).host, status: "failed", reason, isFetched: true });
}

test("/metrics reports a seeded job's pages, failures, frontier, workers and latency histograms", async () => {
  const job = await makeJob(ctx.db.url, { name: '指标 "测试"', seeds: "http://seed.test/", strategy: "best-first" });
  const other = await makeJob(ctx.db.url, { name: "other", seeds: "http://other.test/" });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/1", title: "一", mainText: "计算机", relevance: 0.6, isRelevant: true });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/2", title: "二", mainText: "计算机", relevance: 0.5, isRelevant: true });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://a.test/3", title: "三", mainText: "历史", relevance: 0.01, isRelevant: false });
  await failUrl(job.id, "http://a.test/404", "http-404");
  await failUrl(job.id, "http://a.test/405", "http-404");
  await failUrl(job.id, "http://b.test/x", "internal: connection reset by peer");

  const fetch = newHistogram(FETCH_BUCKETS_S);
  for (const s of [0.004, 0.2, 0.3, 40]) observe(fetch, s);
  const claim = newHistogram(CLAIM_BUCKETS_S);
  observe(claim, 0.002);
  const fetch2 = newHistogram(FETCH_BUCKETS_S);
  observe(fetch2, 0.2);
  await beat(ctx.db.sql, { workerId: "live-1", hostname: "h1", pid: 11, status: "running", inFlight: 3, fetchedTotal: 5, version: "0.1.0",
    pagesPerMinute: 12, latency: { fetch, claim } });
  await beat(ctx.db.sql, { workerId: "gone-2", hostname: "h2", pid: 22, status: "running", inFlight: 1, fetchedTotal: 1,
    latency: { fetch: fetch2, claim: newHistogram(CLAIM_BUCKETS_S) } });
  await ctx.db.sql`update worker_heartbeats set last_beat_at = now() - interval '90 seconds' where worker_id = 'gone-2'`;

  process.env.DATABASE_URL = ctx.db.url;
  const res = await GET();
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  const s = parseExposition(await res.text());
  const id = { job_id: String(job.id) };

  assert.equal(value(s, "focuscrawl_job_info", { ...id, name: '指标 "测试"', strategy: "best-first", status: "running" }), 1);
  assert.equal(value(s, "focuscrawl_pages_fetched_total", id), 3);
  assert.equal(value(s, "focuscrawl_pages_stored", id), 3);
  assert.equal(value(s, "focuscrawl_pages_relevant", id), 2);
  assert.equal(value(s, "focuscrawl_pages_failed_total", id), 3);
  assert.equal(value(s, "focuscrawl_pages_fetched_total", { job_id: String(other.id) }), 0);
  assert.equal(value(s, "focuscrawl_fetch_errors_total", { ...id, reason: "http-404" }), 2);
  assert.equal(value(s, "focuscrawl_fetch_errors_total", { ...id, reason: "internal" }), 1);
  assert.equal(value(s, "focuscrawl_frontier_urls", { ...id, status: "done" }), 3);
  assert.equal(value(s, "focuscrawl_frontier_urls", { ...id, status: "failed" }), 3);
  assert.equal(value(s, "focuscrawl_frontier_urls", { ...id, status: "pending" }), 1); // the seed

  assert.equal(value(s, "focuscrawl_workers", { state: "live" }), 1);
  assert.equal(value(s, "focuscrawl_workers", { state: "stale" }), 1);
  const staleAge = value(s, "focuscrawl_worker_heartbeat_age_seconds", { worker_id: "gone-2", state: "stale" }) ?? 0;
  assert.ok(staleAge >= 90, `stale worker's heartbeat age ${staleAge}`);
  assert.equal(value(s, "focuscrawl_worker_in_flight", { worker_id: "live-1" }), 3);
  assert.equal(value(s, "focuscrawl_worker_pages_per_minute", { worker_id: "live-1" }), 12);

  // Both workers' fetches, cumulative by bucket: 0.004 | 0.2, 0.2, 0.3 | 40 (above every bound).
  const bucket = (le: string) => value(s, "focuscrawl_fetch_duration_seconds_bucket", { le });
  assert.equal(bucket("0.01"), 1);
  assert.equal(bucket("0.1"), 1);
  assert.equal(bucket("0.25"), 3);
  assert.equal(bucket("0.5"), 4);
  assert.equal(bucket("30"), 4);
  assert.equal(bucket("+Inf"), 5);
  assert.equal(value(s, "focuscrawl_fetch_duration_seconds_count"), 5);
  assert.ok(Math.abs((value(s, "focuscrawl_fetch_duration_seconds_sum") ?? 0) - 40.704) < 1e-9);
  assert.equal(value(s, "focuscrawl_claim_duration_seconds_bucket", { le: "0.0025" }), 1);
  assert.equal(value(s, "focuscrawl_claim_duration_seconds_bucket", { le: "0.001" }), 0);
  assert.equal(value(s, "focuscrawl_claim_duration_seconds_count"), 1);

  // A worker that stopped keeps its counts in the totals (a counter never goes down) but is no longer listed.
  await beat(ctx.db.sql, { workerId: "live-1", hostname: "h1", pid: 11, status: "stopped", inFlight: 0, fetchedTotal: 5, latency: { fetch, claim } });
  const after = parseExposition(await (await GET()).text());
  assert.equal(value(after, "focuscrawl_fetch_duration_seconds_count"), 5);
  assert.equal(value(after, "focuscrawl_worker_in_flight", { worker_id: "live-1" }), undefined);
  assert.equal(value(after, "focuscrawl_workers", { state: "live" }), 0);
});
