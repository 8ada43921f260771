import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { diagnoseJob, listSeedOutcomes } from "./diagnostics";
import { listJobEvents } from "./events";
import { enqueueLinks, finishJobs } from "./frontier";
import { claimUrls } from "./claim/claim";
import { blockHost, setHostAside, setHostDelay, setJobDelay, unblockHost } from "./host-controls";
import { controlJob } from "./jobs";
import { listJobHosts, parseHostQuery } from "./monitor-hosts";
import { STALL_WINDOW_MS } from "./stall";
import { countFrontier } from "./frontier-counts";
import { beat } from "./workers";
import { readRelevanceHistogram, RELEVANCE_BINS } from "./monitor-charts";

const ctx = useTestDatabase();
const LEASE = { limit: 10, leaseMs: 60_000 };
const kinds = async (jobId: number) => (await diagnoseJob(ctx.db.sql, jobId)).map((d) => d.kind);
const alive = (workerId: string) => beat(ctx.db.sql, { workerId, hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });

// Runs first: no worker has beaten in this database yet.
test("with no worker beating, the diagnostics say so (and do not call it a stall)", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 10 });
  await ctx.db.sql`update hosts set next_fetch_at = now() - interval '1 hour' where job_id = ${job.id}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - interval '1 hour' where job_id = ${job.id}`;
  const found = await kinds(job.id);
  assert.ok(found.includes("no-workers"), found.join());
  assert.ok(!found.includes("stalled"), found.join());
});

test("a claim that finds nothing while a host has been ready for the stall window shows in the diagnostics and in the event log", async () => {
  await alive("w-diag");
  const job = await makeJob(ctx.db.url, { maxPages: 10 });
  // Ready and due for less than the window: not (yet) a stall.
  await ctx.db.sql`update hosts set next_fetch_at = now() - ${STALL_WINDOW_MS / 2} * interval '1 millisecond', robots_state = 'allow-all' where job_id = ${job.id}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${STALL_WINDOW_MS / 2} * interval '1 millisecond' where job_id = ${job.id}`;
  assert.ok(!(await kinds(job.id)).includes("stalled"));
  // Simulated stall: the host has been ready with its URL due for longer than the window and no claim took it.
  await ctx.db.sql`update hosts set next_fetch_at = now() - ${STALL_WINDOW_MS + 1_000} * interval '1 millisecond' where job_id = ${job.id}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${STALL_WINDOW_MS + 1_000} * interval '1 millisecond' where job_id = ${job.id}`;
  const found = await diagnoseJob(ctx.db.sql, job.id);
  assert.deepEqual(found.find((d) => d.kind === "stalled"), { kind: "stalled", n: 1 });
  await diagnoseJob(ctx.db.sql, job.id); // viewed again within the window: one event, not two
  const events = (await listJobEvents(ctx.db.sql, job.id, 10)).filter((e) => e.kind === "stalled");
  assert.equal(events.length, 1);
  assert.equal(events[0].level, "error");
  assert.match(events[0].message, /1 URL\(s\) were pending on 1 ready host/);
});

test("a paused job's diagnostics say paused; a job whose hosts all wait names the host and until when", async () => {
  await alive("w-diag");
  const paused = await makeJob(ctx.db.url, { maxPages: 10 });
  await controlJob(ctx.prisma, paused.id, "pause");
  assert.deepEqual(await kinds(paused.id), ["paused"]);

  const waiting = await makeJob(ctx.db.url, { maxPages: 10, seeds: "http://slow.test/" });
  const until = new Date(Date.now() + 3_600_000);
  await ctx.db.sql`update hosts set next_fetch_at = ${until} where job_id = ${waiting.id}`;
  const d = (await diagnoseJob(ctx.db.sql, waiting.id)).find((x) => x.kind === "hosts-waiting");
  assert.ok(d && d.kind === "hosts-waiting");
  assert.equal(d.host, "slow.test");
  assert.equal(d.n, 1);
  assert.equal(Math.round(d.until.getTime() / 1000), Math.round(until.getTime() / 1000));

  await ctx.db.sql`update hosts set next_fetch_at = now() where job_id = ${waiting.id}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() + interval '5 minutes', last_error = 'timeout' where job_id = ${waiting.id}`;
  const retry = (await diagnoseJob(ctx.db.sql, waiting.id)).find((x) => x.kind === "retry-wait");
  assert.ok(retry && retry.kind === "retry-wait");
  assert.equal(retry.error, "timeout");
});

test("a blocked host is never claimed again, even for a URL queued after the block; its pending URLs are skipped", async () => {
  await alive("w-block");
  const job = await makeJob(ctx.db.url, { maxPages: 100, minDelayMs: 0, seeds: "http://bad.test/\nhttp://good.test/" });
  await ctx.db.sql`update hosts set robots_state = 'allow-all' where job_id = ${job.id}`;
  const r = await blockHost(ctx.db.sql, job.id, "bad.test");
  assert.deepEqual(r, { ok: true, skipped: 1 });
  const [{ settings }] = await ctx.db.sql<{ settings: { deny: string[] } }[]>`select settings from jobs where id = ${job.id}`;
  assert.deepEqual(settings.deny, ["bad.test"]);
  // A link found by a worker that had not yet reread the rules:
  await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth) values (${job.id}, 'http://bad.test/late', 'http://bad.test/late', 'bad.test', 1)`;
  await ctx.db.sql`update hosts set has_pending = true where job_id = ${job.id}`;
  const got = await claimUrls(ctx.db.sql, { workerId: "w-block", ...LEASE, jobIds: [job.id] });
  assert.deepEqual(got.map((g) => g.host), ["good.test"]);
  const [{ skipReason }] = await ctx.db.sql`select skip_reason as "skipReason" from frontier where job_id = ${job.id} and url = 'http://bad.test/'`;
  assert.equal(skipReason, "scope:blocked");
  const table = await listJobHosts(ctx.db.sql, job.id, parseHostQuery({ hsort: "host", hdir: "asc" }));
  assert.deepEqual(table.rows.map((h) => [h.host, h.isBlocked]), [["bad.test", true], ["good.test", false]]);
  assert.ok((await kinds(job.id)).includes("blocked-hosts"));
  assert.equal((await blockHost(ctx.db.sql, job.id, "bad pattern")).ok, false);
  // Links queued after the block, by a worker still holding the old rules: the blocked host's
  // are stored skipped at once (pending, they would wait forever and the job would never end).
  const queued = await ctx.db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 1, parentPageId: null,
    urls: ["http://bad.test/later", "http://good.test/more"], hosts: ["bad.test", "good.test"], anchors: ["", ""], priorities: [1, 1] }));
  assert.deepEqual(queued, { enqueued: 1, hosts: ["good.test"] });
  const later = await ctx.db.sql`select url, status::text, skip_reason as reason from frontier where job_id = ${job.id} and url in ('http://bad.test/later', 'http://good.test/more') order by url`;
  assert.deepEqual(later.map((r) => [r.url, r.status, r.reason]), [["http://bad.test/later", "skipped", "scope:blocked"], ["http://good.test/more", "pending", null]]);
});

test("a host's own delay survives a change of the job's delay; the hosts table sorts by an allow-listed column only", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 100, minDelayMs: 1000, seeds: "http://a.test/\nhttp://b.test/" });
  assert.deepEqual(await setHostDelay(ctx.db.sql, job.id, "a.test", 5000), { ok: true });
  assert.deepEqual(await setJobDelay(ctx.db.sql, job.id, 200), { ok: true });
  const rows = await ctx.db.sql`select host, min_delay_ms as d from hosts where job_id = ${job.id} order by host`;
  assert.deepEqual(rows.map((r) => [r.host, r.d]), [["a.test", 5000], ["b.test", 200]]);
  assert.equal((await setJobDelay(ctx.db.sql, job.id, -1)).ok, false);
  const byDelay = await listJobHosts(ctx.db.sql, job.id, parseHostQuery({ hsort: "delay", hdir: "desc" }));
  assert.deepEqual(byDelay.rows.map((h) => h.host), ["a.test", "b.test"]);
  const injected = parseHostQuery({ hsort: "host; drop table hosts", hq: "b." });
  assert.equal(injected.sort, "fetched");
  assert.deepEqual((await listJobHosts(ctx.db.sql, job.id, injected)).rows.map((h) => h.host), ["b.test"]);
});

test("a job whose seeds all failed ends as failed, and each seed's reason can be read", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 10, seeds: "http://dead.test/\nhttp://gone.test/" });
  await ctx.db.sql`update frontier set status = 'failed', last_error = case when host = 'dead.test' then 'dns' else 'http-404' end where job_id = ${job.id}`;
  const ended = (await finishJobs(ctx.db.sql)).find((j) => j.id === job.id);
  assert.deepEqual(ended, { id: job.id, status: "failed", finishReason: "seeds-failed" });
  const seeds = await listSeedOutcomes(ctx.db.sql, job.id);
  assert.deepEqual(seeds.map((s) => [s.url, s.status, s.reason]).sort(), [["http://dead.test/", "failed", "dns"], ["http://gone.test/", "failed", "http-404"]]);
});

test("the frontier's counts by status from its partial indexes agree with grouping every row", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 100, seeds: "http://c.test/" });
  await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status)
    select ${job.id}, u, u, 'c.test', 1, (array['pending', 'leased', 'done', 'failed', 'skipped'])[g % 5 + 1]::frontier_status
    from generate_series(1, 23) g, lateral (select 'http://c.test/p' || g as u) x`;
  // A URL is done when its page is stored, which counts it in pages_fetched.
  await ctx.db.sql`update jobs set pages_fetched = (select count(*) from frontier where job_id = ${job.id} and status = 'done') where id = ${job.id}`;
  const grouped = await ctx.db.sql<{ status: string; n: number }[]>`select status::text, count(*)::int as n from frontier where job_id = ${job.id} group by 1`;
  const expected = { pending: 0, leased: 0, done: 0, failed: 0, skipped: 0, ...Object.fromEntries(grouped.map((g) => [g.status, g.n])) };
  assert.deepEqual(await countFrontier(ctx.db.sql, job.id), expected);
  assert.equal(expected.pending, 5, "the seed and four more");
});

test("the relevance histogram is exact for a job of ordinary size and estimated from a sample, scaled to its count, for a large one", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 100_000 });
  const N = 4000;
  // Relevance i/N: every bin of width 1/20 holds N/20 pages.
  await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status)
    select ${job.id}, 'http://h.test/' || g, 'http://h.test/' || g, 'h.test', 1, 'done' from generate_series(1, ${N}) g`;
  await ctx.db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, depth, relevance, title, main_text)
    select f.job_id, f.id, f.url, f.url, 200, 1, (substr(f.url, 15)::int - 1)::float8 / ${N}, '', repeat('x', 200)
    from frontier f where f.job_id = ${job.id} and f.host = 'h.test'`;
  await ctx.db.sql`update jobs set pages_fetched = ${N} where id = ${job.id}`;
  const exact = await readRelevanceHistogram(ctx.db.sql, job.id);
  assert.equal(exact.isEstimate, false);
  assert.deepEqual(exact.bins, Array(RELEVANCE_BINS).fill(N / RELEVANCE_BINS));
  const estimate = await readRelevanceHistogram(ctx.db.sql, job.id, { exactUpTo: 1000, samplePages: 2000 });
  assert.equal(estimate.isEstimate, true);
  const total = estimate.bins.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(total - N) <= RELEVANCE_BINS, `scaled to the job's ${N} pages: ${total}`);
  assert.ok(estimate.bins.filter((n) => n > 0).length >= 5, `a sample of blocks still spans the range: ${estimate.bins}`);
});

test("URLs held back for better hosts (focus under politeness) are a wait with counts, not a stall", async () => {
  await alive("w-held");
  // The hold-back alone: hosts are not looked into first (priorityFeedback, docs/ALGORITHMS.md §2.8).
  const job = await makeJob(ctx.db.url, { maxPages: 100, strategy: "best-first", priorityFeedback: false, minDelayMs: 1000, seeds: "http://good.test/\nhttp://low.test/\nhttp://low2.test/" });
  const long = STALL_WINDOW_MS + 60_000;
  await ctx.db.sql`update hosts set robots_state = 'allow-all', min_delay_ms = 1000,
    next_fetch_at = case when host = 'good.test' then now() + interval '500 milliseconds' else now() - ${long} * interval '1 millisecond' end
    where job_id = ${job.id}`;
  // The relevant host is fetched every second; the others' URLs, far below its best, wait.
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${long} * interval '1 millisecond',
    priority = case when host = 'good.test' then 1 else 0.1 end where job_id = ${job.id}`;
  const found = await diagnoseJob(ctx.db.sql, job.id);
  assert.ok(!found.some((d) => d.kind === "stalled"), found.map((d) => d.kind).join());
  const held = found.find((d) => d.kind === "held-back");
  assert.ok(held && held.kind === "held-back", found.map((d) => d.kind).join());
  assert.deepEqual([held.n, held.hosts, held.host, held.share], [2, 2, "good.test", 50]);
  assert.ok(held.until.getTime() > Date.now(), "the best URL is due when its host's delay has passed");
  assert.equal((await listJobEvents(ctx.db.sql, job.id, 10)).filter((e) => e.kind === "stalled").length, 0);
  // Nothing held back any more (the best host's URL is gone): the idle ready hosts are a stall again.
  await ctx.db.sql`update frontier set status = 'done' where job_id = ${job.id} and host = 'good.test'`;
  assert.ok((await kinds(job.id)).includes("stalled"));
});

test("no stall while pages were stored in the last minute", async () => {
  await alive("w-busy");
  const job = await makeJob(ctx.db.url, { maxPages: 100, seeds: "http://busy.test/" });
  const long = STALL_WINDOW_MS + 60_000;
  await ctx.db.sql`update hosts set robots_state = 'allow-all', next_fetch_at = now() - ${long} * interval '1 millisecond' where job_id = ${job.id}`;
  await ctx.db.sql`update frontier set next_attempt_at = now() - ${long} * interval '1 millisecond' where job_id = ${job.id}`;
  await ctx.db.sql`insert into job_stats_minute (job_id, minute, fetched, relevant, failed) values (${job.id}, date_trunc('minute', now()), 50, 10, 0)`;
  assert.ok(!(await kinds(job.id)).includes("stalled"));
  await ctx.db.sql`update job_stats_minute set minute = minute - interval '10 minutes' where job_id = ${job.id}`;
  assert.ok((await kinds(job.id)).includes("stalled"), "nothing stored for ten minutes");
});

test("a blocked host can be unblocked: it leaves the deny rules and its blocked URLs are queued again; a host set aside is badged apart", async () => {
  await alive("w-unblock");
  const job = await makeJob(ctx.db.url, { maxPages: 100, minDelayMs: 0, seeds: "http://bad.test/\nhttp://dead.test/\nhttp://ok.test/" });
  await ctx.db.sql`update hosts set robots_state = 'allow-all' where job_id = ${job.id}`;
  await blockHost(ctx.db.sql, job.id, "bad.test");
  assert.equal(await setHostAside(ctx.db.sql, job.id, "dead.test", "connect ECONNREFUSED"), 1);
  const table = await listJobHosts(ctx.db.sql, job.id, parseHostQuery({ hsort: "host", hdir: "asc" }));
  assert.deepEqual(table.rows.map((h) => [h.host, h.isBlocked, h.isSetAside]),
    [["bad.test", true, false], ["dead.test", false, true], ["ok.test", false, false]]);
  assert.deepEqual(await unblockHost(ctx.db.sql, job.id, "bad.test"), { ok: true, requeued: 1 });
  const [{ settings }] = await ctx.db.sql<{ settings: { deny: string[] } }[]>`select settings from jobs where id = ${job.id}`;
  assert.deepEqual(settings.deny, []);
  const got = await claimUrls(ctx.db.sql, { workerId: "w-unblock", ...LEASE, jobIds: [job.id] });
  assert.deepEqual(got.map((g) => g.host).sort(), ["bad.test", "ok.test"], "the unblocked host is claimed again; the set-aside one is not");
  // The log names the host and the number, newest first by time.
  const events = await listJobEvents(ctx.db.sql, job.id, 10);
  const hostEvents = events.filter((e) => e.kind.startsWith("host-")).map((e) => [e.kind, e.data]);
  assert.deepEqual(hostEvents, [
    ["host-unblocked", { host: "bad.test", skipped: 1 }],
    ["host-unreachable", { host: "dead.test", why: "connect ECONNREFUSED", skipped: 1 }],
    ["host-blocked", { host: "bad.test", skipped: 1 }],
  ]);
});

test("the event log is in time order even when a later id carries an earlier time", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 10 });
  await ctx.db.sql`insert into job_events (job_id, kind, message, created_at) values
    (${job.id}, 'host-delay', 'b', now() - interval '1 minute'), (${job.id}, 'host-delay', 'a', now() - interval '2 minutes')`;
  const events = await listJobEvents(ctx.db.sql, job.id, 10);
  const times = events.map((e) => e.createdAt.getTime());
  assert.deepEqual(times, [...times].sort((x, y) => y - x));
  assert.deepEqual(events.filter((e) => e.kind === "host-delay").map((e) => e.message), ["b", "a"]);
  // Written one after the other in one transaction, events keep their order in time too.
  await ctx.db.sql.begin(async (tx) => {
    await tx`insert into job_events (job_id, kind, message) values (${job.id}, 'pause', 'first')`;
    await tx`select pg_sleep(0.01)`;
    await tx`insert into job_events (job_id, kind, message) values (${job.id}, 'resume', 'second')`;
  });
  const [newest, next] = await listJobEvents(ctx.db.sql, job.id, 2);
  assert.deepEqual([newest.message, next.message], ["second", "first"]);
  assert.ok(newest.createdAt.getTime() > next.createdAt.getTime(), "each event's own clock time");
});
