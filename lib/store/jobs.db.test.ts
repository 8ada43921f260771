import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { addSeeds, controlJob, getJob, hasClassTopicJob, listJobs, MAX_SEEDS_PER_REQUEST } from "./jobs";

const ctx = useTestDatabase();

test("seeds can be added to a running job; known URLs are not queued twice; bad seeds write nothing", async () => {
  const job = await makeJob(ctx.db.url, { seeds: "http://a.test/", minDelayMs: "250" });
  assert.deepEqual(await addSeeds(ctx.db.sql, job.id, ["http://b.test/x", "http://a.test/", "HTTP://B.test/x#frag"]), { ok: true, added: 1 });
  const rows = await ctx.db.sql`select url, depth, status::text from frontier where job_id = ${job.id} order by url`;
  assert.deepEqual(rows.map((r) => [r.url, r.depth, r.status]), [["http://a.test/", 0, "pending"], ["http://b.test/x", 0, "pending"]]);
  const [host] = await ctx.db.sql`select min_delay_ms from hosts where job_id = ${job.id} and host = 'b.test'`;
  assert.equal(host.min_delay_ms, 250, "new hosts get the job's politeness");
  const bad = await addSeeds(ctx.db.sql, job.id, ["http://c.test/", "ftp://nope/"]);
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.message : "", /only http:\/\/ and https:\/\//);
  const [count] = await ctx.db.sql`select count(*)::int as n from frontier where job_id = ${job.id}`;
  assert.equal(count.n, 2);
  assert.deepEqual(await addSeeds(ctx.db.sql, 999_999, ["http://d.test/"]), { ok: false, kind: "not-found", message: "job 999999 does not exist" });
});

test("a list of 10,000 seeds is queued in batches in one go; one more is refused and writes nothing", async () => {
  const job = await makeJob(ctx.db.url, { seeds: "http://a.test/" });
  const seeds = Array.from({ length: MAX_SEEDS_PER_REQUEST }, (_, i) => `http://h${i % 700}.test/p${i}`);
  assert.deepEqual(await addSeeds(ctx.db.sql, job.id, seeds), { ok: true, added: MAX_SEEDS_PER_REQUEST });
  const [queued] = await ctx.db.sql`select count(*)::int as n, count(distinct host)::int as hosts from frontier where job_id = ${job.id}`;
  assert.deepEqual([queued.n, queued.hosts], [MAX_SEEDS_PER_REQUEST + 1, 701]);
  const [hosts] = await ctx.db.sql`select count(*)::int as n from hosts where job_id = ${job.id}`;
  assert.equal(hosts.n, 701);
  const tooMany = await addSeeds(ctx.db.sql, job.id, [...seeds.map((s) => `${s}x`), "http://z.test/"]);
  assert.equal(tooMany.ok, false);
  assert.match(!tooMany.ok ? tooMany.message : "", /at most 10000 seed URLs per request/);
  const [after] = await ctx.db.sql`select (select count(*)::int from frontier where job_id = ${job.id}) as n, cardinality(seeds) as seeds from jobs where id = ${job.id}`;
  assert.deepEqual([after.n, after.seeds], [MAX_SEEDS_PER_REQUEST + 1, MAX_SEEDS_PER_REQUEST + 1]);
});

test("pause, resume and stop follow the allowed transitions", async () => {
  const job = await makeJob(ctx.db.url, {});
  assert.deepEqual(await controlJob(ctx.prisma, job.id, "resume"), { ok: false, kind: "conflict", message: "cannot resume a job that is running" });
  assert.deepEqual(await controlJob(ctx.prisma, job.id, "pause"), { ok: true });
  assert.deepEqual(await controlJob(ctx.prisma, job.id, "resume"), { ok: true });
  assert.deepEqual(await controlJob(ctx.prisma, job.id, "stop"), { ok: true });
  const [j] = await ctx.db.sql`select status::text from jobs where id = ${job.id}`;
  assert.equal(j.status, "stopping");
});

test("the job list leaves out each job's topic vector; a single job has it", async () => {
  const job = await makeJob(ctx.db.url, { clc: "TP3", keywords: "" });
  const listed = (await listJobs(ctx.prisma)).find((j) => j.id === job.id);
  assert.ok(listed, "the new job is listed");
  assert.equal("topicSnapshot" in listed, false);
  const one = await getJob(ctx.prisma, job.id);
  assert.ok(((one?.topicSnapshot as { terms: unknown[] }).terms.length) > 100, "the CLC topic keeps its many terms");
});

test("a job records where each seed came from; a seed the record does not name was typed", async () => {
  const job = await makeJob(ctx.db.url, {
    seeds: "http://a.test/\nhttp://b.test/x\nhttp://c.test/\nhttp://d.test/",
    // The form sends the record as JSON in a hidden field; keys are matched after canonicalisation.
    seedOrigins: JSON.stringify({
      "HTTP://B.test/x#top": { kind: "search", provider: "searx", query: "数据库 软件", score: 0.31 },
      "http://c.test/": { kind: "file" }, "http://d.test/": { kind: "earlier-job" }, "http://not-a-seed.test/": { kind: "file" },
    }),
  });
  const [row] = await ctx.db.sql`select seed_origins from jobs where id = ${job.id}`;
  assert.deepEqual(row.seed_origins, {
    "http://a.test/": { kind: "manual" }, "http://b.test/x": { kind: "search", provider: "searx", query: "数据库 软件", score: 0.31 },
    "http://c.test/": { kind: "file" }, "http://d.test/": { kind: "earlier-job" },
  });
});

test("a worker is told to build the field rivals' index only while a class topic's job may still crawl", async () => {
  await ctx.db.sql`update jobs set status = 'done'`; // this file's earlier jobs
  await makeJob(ctx.db.url, { keywords: "计算机" });
  assert.equal(await hasClassTopicJob(ctx.db.sql), false, "keyword topics need no rivals");
  const classJob = await makeJob(ctx.db.url, { clc: "TP3", keywords: "" });
  assert.equal(await hasClassTopicJob(ctx.db.sql), true);
  assert.equal(await hasClassTopicJob(ctx.db.sql, [classJob.id]), true);
  assert.equal(await hasClassTopicJob(ctx.db.sql, [classJob.id + 1000]), false, "a worker of other jobs needs none");
  await ctx.db.sql`update jobs set status = 'done' where id = ${classJob.id}`;
  assert.equal(await hasClassTopicJob(ctx.db.sql), false, "a finished class job needs none");
});
