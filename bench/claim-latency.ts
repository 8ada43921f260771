/**
 * Claim latency with a large frontier: one job with N queued URLs over H hosts, claims of 16
 * URLs timed one after another (each claimed batch is completed so the hosts stay ready).
 *   npm run bench:claim -- [--urls 1000000] [--hosts 1000] [--claims 200] [--empty-hosts 0] [--strategy best-first] [--explain]
 * --empty-hosts N: N more hosts, ready longer than all the others, whose queues ran dry (each has
 * one fetched URL and nothing pending), as finished sites and dead external hosts leave them.
 * --strategy: the job's strategy; best-first (the default here) holds back URLs far below the best
 * priority (focusHoldBack 50), which adds two steps to each claim; bfs does not.
 * --explain: after the timed claims, print the plan of one more claim with its timings (PostgreSQL's
 * auto_explain, so the statement explained is the claim's own).
 */
import { parseArgs } from "node:util";
import { withBenchDatabase } from "./bench-db";
import { claimUrls } from "../lib/store/claim/claim";
import { beat } from "../lib/store/workers";
import { makeJob } from "../lib/testing/fixtures";
import { openSql } from "../lib/store/infra/sql";

const { values } = parseArgs({ options: { urls: { type: "string" }, hosts: { type: "string" }, claims: { type: "string" }, "empty-hosts": { type: "string" }, explain: { type: "boolean" }, strategy: { type: "string" } } });
const EMPTY_HOSTS = Number(values["empty-hosts"] ?? 0);
const URLS = Number(values.urls ?? 1_000_000);
const HOSTS = Number(values.hosts ?? 1000);
const CLAIMS = Number(values.claims ?? 200);

await withBenchDatabase("claim", async (url, sql) => {
  const job = await makeJob(url, { keywords: "计算机", seeds: "http://h0.test/", strategy: values.strategy ?? "best-first", maxPages: 10_000_000, minDelayMs: 0, maxHostConnections: 32 });
  let t = performance.now();
  await sql`insert into hosts (job_id, host, min_delay_ms, max_connections)
    select ${job.id}, 'h' || g || '.test', 0, 1000 from generate_series(1, ${HOSTS}) g on conflict do nothing`;
  await sql`insert into frontier (job_id, url, url_key, host, depth, priority)
    select ${job.id}, u, u, 'h' || (g % ${HOSTS} + 1) || '.test', 1 + g % 7, random()
    from generate_series(1, ${URLS}) g, lateral (select 'http://h' || (g % ${HOSTS} + 1) || '.test/p' || g as u) x`;
  if (EMPTY_HOSTS > 0) {
    await sql`insert into hosts (job_id, host, min_delay_ms, max_connections, next_fetch_at)
      select ${job.id}, 'e' || g || '.test', 0, 1000, now() - interval '1 hour' from generate_series(1, ${EMPTY_HOSTS}) g`;
    await sql`insert into frontier (job_id, url, url_key, host, depth, priority, status)
      select ${job.id}, u, u, 'e' || g || '.test', 1, 1, 'done' from generate_series(1, ${EMPTY_HOSTS}) g, lateral (select 'http://e' || g || '.test/' as u) x`;
  }
  await sql`analyze`;
  console.log(`queued ${URLS} URLs on ${HOSTS} hosts (+${EMPTY_HOSTS} hosts with nothing pending) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await beat(sql, { workerId: "bench", hostname: "bench", pid: process.pid, status: "running", inFlight: 0, fetchedTotal: 0 });
  const times: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    t = performance.now();
    const got = await claimUrls(sql, { workerId: "bench", limit: 16, leaseMs: 60_000, jobIds: [job.id] });
    times.push(performance.now() - t);
    await sql`update frontier set status = 'done', lease_owner = null where id = any(${got.map((g) => g.id)}::bigint[])`;
    await sql`update hosts set in_flight = 0 where job_id = ${job.id} and in_flight > 0`;
  }
  const first = times[0];
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor(p * (times.length - 1))].toFixed(1);
  if (values.explain) await explainOneClaim(url, job.id);
  console.log(`${values.strategy ?? "best-first"}: claim of 16 URLs over ${CLAIMS} claims: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms` +
    (EMPTY_HOSTS > 0 ? ` (the first claim, which unflags the empty hosts: ${first.toFixed(1)} ms)` : ""));
});

/** One claim on its own connection, with auto_explain sending the plan back as a notice. */
async function explainOneClaim(url: string, jobId: number): Promise<void> {
  const one = openSql(url, { max: 1, onNotice: (message) => console.log(message) });
  try {
    await one`load 'auto_explain'`;
    await one`set auto_explain.log_min_duration = 0`;
    await one`set auto_explain.log_analyze = on`;
    await one`set auto_explain.log_buffers = on`;
    await one`set client_min_messages = log`;
    await claimUrls(one, { workerId: "bench", limit: 16, leaseMs: 60_000, jobIds: [jobId] });
  } finally {
    await one.end();
  }
}
