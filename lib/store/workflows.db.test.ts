import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { createWorkflow, createWorkflowFromJob, getWorkflow, reviseWorkflow, runWorkflow } from "./workflows";
import { listWorkflowRuns } from "./workflow-runs";
import { deleteWorkflowWithFiles } from "../export/workflow-delete";
import { exportFilePath } from "../export/export-run";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-workflow-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const end = (id: number) => ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${id}`;
const page = (jobId: number, p: string, checksum: string) =>
  storeTestPage(ctx.db.sql, jobId, { url: `http://w.test/${p}`, title: p, mainText: "计算机 网络", checksum });

test("a workflow made from a job runs again with the job's seeds, settings and topic, and an edit is a new version", async () => {
  const job = await makeJob(ctx.db.url, { name: "source", seeds: "http://w.test/", maxPages: 7, minDelayMs: 5, siteAuth: "w.test alice:secret", keywords: "计算机,网络" });
  const made = await createWorkflowFromJob(ctx.prisma, job.id, "weekly");
  assert.ok(made.ok);
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
});

test("a workflow's history says which pages of a run are new, changed and gone since the run before", async () => {
  const made = await createWorkflow(ctx.prisma, "history", { keywords: "计算机", seeds: "http://w.test/" });
  assert.ok(made.ok);
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  await page(first.job.id, "a", "1");
  await page(first.job.id, "b", "1");
  await page(first.job.id, "c", "1");
  await end(first.job.id);
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  await page(second.job.id, "a", "1");
  await page(second.job.id, "b", "2");
  await page(second.job.id, "d", "1");
  const runs = await listWorkflowRuns(ctx.db.sql, made.workflow.id);
  assert.deepEqual(runs.map((r) => [r.id, r.pages, r.newPages, r.changed, r.gone]), [
    [second.job.id, 3, 1, 1, 1],
    [first.job.id, 3, 3, 0, 0],
  ]);
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
