import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { leaseQueued, storeTestPage } from "../testing/results-fixtures";
import { REVISIT_PRIORITY_BASE } from "../rules/revisit";
import { RESULT_PARAMS } from "../results/filters";
import { openExport } from "../export/export-job";
import { checkSinceRun, storeGone, storeUnchanged } from "./revisits";
import { createWorkflow, createWorkflowFromJob, getWorkflow, reviseWorkflow, runWorkflow } from "./workflows";
import { listWorkflowRuns } from "./workflow-runs";
import { deleteWorkflowWithFiles } from "../export/workflow-delete";
import { exportFilePath } from "../export/export-run";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-workflow-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const end = (id: number) => ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${id}`;
const page = (jobId: number, p: string, checksum: string, isQueued = false) =>
  storeTestPage(ctx.db.sql, jobId, { url: `http://w.test/${p}`, title: p, mainText: "计算机 网络", checksum, isQueued });

test("a workflow made from a job runs again with the job's seeds, settings and topic, and an edit is a new version", async () => {
  const job = await makeJob(ctx.db.url, { name: "source", seeds: "http://w.test/", maxPages: 7, minDelayMs: 5, siteAuth: "w.test alice:secret", keywords: "计算机,网络" });
  const made = await createWorkflowFromJob(ctx.prisma, job.id, "weekly");
  assert.ok(made.ok);
  // The job it was made from is its run 1: still running, so a second run waits for it.
  const [source] = await ctx.db.sql`select workflow_id, workflow_version from jobs where id = ${job.id}`;
  assert.deepEqual([source.workflow_id, source.workflow_version], [made.workflow.id, 1]);
  assert.deepEqual((await listWorkflowRuns(ctx.db.sql, made.workflow.id)).map((r) => r.id), [job.id]);
  const waiting = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(!waiting.ok && waiting.kind === "conflict", "the source job is a run that has not ended");
  await end(job.id);
  const run = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(run.ok, !run.ok ? run.message : "");
  const [row] = await ctx.db.sql`select name, seeds, max_pages, settings, workflow_id, workflow_version, topic_snapshot from jobs where id = ${run.job.id}`;
  assert.equal(row.name, "weekly");
  assert.deepEqual(row.seeds, ["http://w.test/"]);
  assert.equal(row.max_pages, 7);
  assert.equal(row.settings.minDelayMs, 5);
  assert.deepEqual(row.settings.siteAuth, ["w.test alice:secret"], "credentials travel with the workflow (never shown back)");
  assert.deepEqual([row.workflow_id, row.workflow_version], [made.workflow.id, 1]);
  assert.deepEqual(row.topic_snapshot.definition.keywords.map((k: { term: string }) => k.term).sort(), ["网络", "计算机"]);

  const edited = await reviseWorkflow(ctx.prisma, made.workflow.id, "weekly v2", { seeds: "http://w.test/\nhttp://w.test/more", maxPages: "9", siteAuth: "" });
  assert.ok(edited.ok, !edited.ok ? edited.message : "");
  assert.equal(edited.workflow.version, 2);
  const overlapping = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(!overlapping.ok && overlapping.kind === "conflict", "no second run while the first has not ended");
  await end(run.job.id);
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  const [r2] = await ctx.db.sql`select max_pages, seeds, settings, workflow_version from jobs where id = ${second.job.id}`;
  assert.deepEqual([r2.max_pages, r2.workflow_version, r2.seeds.length], [9, 2, 2]);
  assert.deepEqual(r2.settings.siteAuth, ["w.test alice:secret"], "an edit that leaves credentials empty keeps them");
  assert.equal(r2.settings.minDelayMs, 5, "a setting the edit does not name keeps its value");
  const w = await getWorkflow(ctx.prisma, made.workflow.id);
  assert.deepEqual(w?.versions.map((v) => [v.version, v.name]), [[2, "weekly v2"], [1, "weekly"]]);

  const noTopic = await reviseWorkflow(ctx.prisma, made.workflow.id, "weekly v3", { keywords: "网络", topicId: "" });
  assert.ok(noTopic.ok, !noTopic.ok ? noTopic.message : "");
  assert.equal(noTopic.workflow.version, 3, "an empty saved-topic choice is no topic, not an error");
  const bad = await reviseWorkflow(ctx.prisma, made.workflow.id, "x", { seeds: "ftp://x/", maxPages: "-1" });
  assert.ok(!bad.ok && bad.kind === "invalid" && "errors" in bad && bad.errors.seeds && bad.errors.maxPages, "every bad field is named");
  assert.equal((await getWorkflow(ctx.prisma, made.workflow.id))?.version, 3, "a refused edit writes nothing");
  const missing = await runWorkflow(ctx.prisma, 999_999);
  assert.ok(!missing.ok && missing.kind === "not-found");
  // Deleting the workflow deletes the runs it started and detaches the job it was made from.
  await end(second.job.id);
  const deleted = await deleteWorkflowWithFiles(ctx.db.sql, made.workflow.id, { dataDir });
  assert.ok(deleted.ok && deleted.runs === 2, JSON.stringify(deleted));
  const [kept] = await ctx.db.sql`select workflow_id from jobs where id = ${job.id}`;
  assert.deepEqual(kept, { workflow_id: null }, "the source job is kept, no longer a run");
});

test("a re-run revisits the previous run's pages, stores new / changed / unchanged / gone once per page, and the history reads them", async () => {
  const made = await createWorkflow(ctx.prisma, "history", { keywords: "计算机", seeds: "http://w.test/", maxPages: 10 });
  assert.ok(made.ok);
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  const firstIds = [await page(first.job.id, "a", "1"), await page(first.job.id, "b", "1"), await page(first.job.id, "c", "1")];
  await ctx.db.sql`update pages set etag = '"e-' || title || '"' where job_id = ${first.job.id}`;
  await end(first.job.id);
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  const queued = await ctx.db.sql<{ url: string; revisit: string | null; etag: string | null; priority: number }[]>`
    select url, revisit_page_id::text as revisit, revisit_etag as etag, priority from frontier where job_id = ${second.job.id} order by url`;
  assert.deepEqual(queued.map((q) => [q.url, q.revisit, q.etag]), [
    ["http://w.test/", null, null], ["http://w.test/a", firstIds[0], '"e-a"'], ["http://w.test/b", firstIds[1], '"e-b"'], ["http://w.test/c", firstIds[2], '"e-c"'],
  ]);
  assert.ok(queued.filter((q) => q.revisit).every((q) => q.priority >= REVISIT_PRIORITY_BASE), "revisits go before new URLs");

  // a answers 304, b comes back with other text, c answers 404, d is new.
  const [a] = await leaseQueued(ctx.db.sql, second.job.id, "http://w.test/a");
  const [{ reserved }] = await ctx.db.sql`update jobs set pages_reserved = pages_reserved + 1 where id = ${second.job.id} returning pages_reserved as reserved`;
  const revisit = { jobId: second.job.id, workerId: "w-test", host: "w.test", answeredAt: new Date(), fetchMs: 3 };
  assert.ok(await storeUnchanged(ctx.db.sql, { ...revisit, frontierId: a.id, revisitOf: a.revisitOf! }));
  const [{ after }] = await ctx.db.sql`select pages_reserved as after from jobs where id = ${second.job.id}`;
  assert.equal(after, reserved - 1, "a 304 costs no page of the budget");
  await page(second.job.id, "b", "2", true);
  const [c] = await leaseQueued(ctx.db.sql, second.job.id, "http://w.test/c");
  assert.ok(await storeGone(ctx.db.sql, { ...revisit, frontierId: c.id, revisitOf: c.revisitOf!, status: 404 }));
  await page(second.job.id, "d", "1");
  const marks = await ctx.db.sql`select title, mark, visits, changes, http_status as status, (select count(*)::int from page_bodies b where b.page_id = p.id) as bodies
    from pages p where job_id = ${second.job.id} order by title`;
  assert.deepEqual(marks.map((m) => [m.title, m.mark, m.visits, m.changes, m.status, m.bodies]), [
    ["a", "unchanged", 2, 0, 200, 1], ["b", "changed", 2, 1, 200, 1], ["c", "gone", 2, 1, 404, 1], ["d", "new", 1, 0, 200, 1],
  ]);
  const runs = await listWorkflowRuns(ctx.db.sql, made.workflow.id);
  assert.deepEqual(runs.map((r) => [r.id, r.newPages, r.changed, r.unchanged, r.gone]), [
    [second.job.id, 1, 1, 1, 1],
    [first.job.id, 3, 0, 0, 0],
  ]);

  // Exports take the marks as a column and can keep to the pages new or changed since an earlier run.
  const exported = async (query: string) => {
    const r = await openExport(ctx.db.sql, second.job.id, new URLSearchParams(query));
    if (!r.ok) return r.problem;
    let text = "";
    for await (const c of r.value.chunks) text += typeof c === "string" ? c : Buffer.from(c).toString("utf8");
    return text.trimEnd().split("\n").map((l) => JSON.parse(l) as { title: string; mark: string }).map((o) => `${o.title}:${o.mark}`).sort();
  };
  assert.deepEqual(await exported(`format=jsonl&since=${first.job.id}`), ["b:changed", "d:new"]);
  assert.deepEqual(await exported("format=jsonl&mark=unchanged"), ["a:unchanged"]);
  assert.deepEqual(await exported("format=jsonl&since=999999"), { status: 400, param: "since", allowed: String(first.job.id),
    message: `since=999999 is not an earlier run of this job's workflow; use one of ${first.job.id}` });
  assert.deepEqual(await exported("format=jsonl&since=x"), { status: 400, param: "since", value: "x", allowed: RESULT_PARAMS.since, message: `since=x is not allowed; since takes ${RESULT_PARAMS.since}` });

  // The copies are the second run's own: deleting the first run leaves them whole, and marks are not recomputed.
  await ctx.db.sql`delete from jobs where id = ${first.job.id}`;
  const kept = await ctx.db.sql`select title, mark, main_text from pages p where job_id = ${second.job.id} and exists (select 1 from page_bodies b where b.page_id = p.id) order by title`;
  assert.deepEqual(kept.map((k) => [k.title, k.mark, k.main_text]), [["a", "unchanged", "计算机 网络"], ["b", "changed", "计算机 网络"], ["c", "gone", "计算机 网络"], ["d", "new", "计算机 网络"]]);

  // A third run revisits what the second found (not what it found gone), a changed page likelier first.
  // Visited a day ago, first seen two days ago: b changed in its one interval, a did not, d is known once.
  await ctx.db.sql`update pages set fetched_at = now() - interval '1 day', tracked_since = case when visits > 1 then now() - interval '2 days' end where job_id = ${second.job.id}`;
  await end(second.job.id);
  const third = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(third.ok);
  const next = await ctx.db.sql<{ url: string; priority: number }[]>`select url, priority from frontier where job_id = ${third.job.id} and revisit_page_id is not null order by priority desc, url`;
  assert.deepEqual(next.map((q) => q.url), ["http://w.test/b", "http://w.test/d", "http://w.test/a"]);

  // "New or changed since run N" must name an earlier run of the same workflow.
  assert.equal(await checkSinceRun(ctx.db.sql, third.job.id, second.job.id), null);
  assert.deepEqual(await checkSinceRun(ctx.db.sql, third.job.id, third.job.id).then((p) => [p?.reason, p?.runs]), ["not-earlier", [second.job.id]]);
  assert.match((await checkSinceRun(ctx.db.sql, second.job.id, 999_999))?.message ?? "", /first run, so every page is new/, "its run before was deleted");
});

test("deleting a workflow removes its runs with their pages and export files, and nothing else", async () => {
  const made = await createWorkflow(ctx.prisma, "to delete", { keywords: "计算机", seeds: "http://w.test/" });
  assert.ok(made.ok);
  const run = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(run.ok);
  await page(run.job.id, "x", "1");
  const other = await makeJob(ctx.db.url, { name: "other", seeds: "http://w.test/" });
  await page(other.id, "x", "1");
  const [e] = await ctx.db.sql<{ id: number }[]>`insert into exports (job_id, format, status, is_snapshot, file_name) values (${run.job.id}, 'csv', 'done', true, 'x.csv') returning id`;
  const file = exportFilePath(dataDir, e.id, "csv");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "url\n");

  const refused = await deleteWorkflowWithFiles(ctx.db.sql, made.workflow.id, { dataDir });
  assert.ok(!refused.ok && refused.kind === "conflict" && /stop it first/.test(refused.message));
  assert.ok(fs.existsSync(file));
  await end(run.job.id);
  assert.deepEqual(await deleteWorkflowWithFiles(ctx.db.sql, made.workflow.id, { dataDir }), { ok: true, runs: 1, files: 1 });
  assert.equal((await ctx.db.sql`select 1 from pages where job_id = ${run.job.id}`).length, 0);
  assert.equal((await ctx.db.sql`select 1 from jobs where id = ${run.job.id}`).length, 0);
  assert.equal((await ctx.db.sql`select 1 from workflow_versions where workflow_id = ${made.workflow.id}`).length, 0);
  assert.ok(!fs.existsSync(file));
  assert.equal((await ctx.db.sql`select 1 from pages where job_id = ${other.id}`).length, 1, "another job's pages are kept");
});
