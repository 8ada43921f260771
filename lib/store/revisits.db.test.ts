import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { storeTestPage } from "../testing/results-fixtures";
import { createWorkflow, reviseWorkflow, runWorkflow } from "./workflows";

const ctx = useTestDatabase();

test("a re-run revisits only the previous pages its own scope and depth still allow: an edit that narrows them is obeyed", async () => {
  const made = await createWorkflow(ctx.prisma, "narrowed", { keywords: "计算机", seeds: "http://r.test/", maxDepth: 3 });
  assert.ok(made.ok, !made.ok ? made.message : "");
  const first = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(first.ok);
  const stored = (p: string, depth: number, host = "r.test") =>
    storeTestPage(ctx.db.sql, first.job.id, { url: `http://${host}/${p}`, title: p, mainText: "计算机 网络", depth });
  await stored("keep", 1);
  await stored("private/report", 1);
  await stored("deep", 3);
  await stored("away", 1, "other.test");
  await ctx.db.sql`update jobs set status = 'done', finished_at = now() where id = ${first.job.id}`;
  // The edit keeps the crawl off /private/ and off other sites, and two links deep.
  const edited = await reviseWorkflow(ctx.prisma, made.workflow.id, "narrowed", { deny: "http://r.test/private/*", scope: "seed-hosts", maxDepth: 2 });
  assert.ok(edited.ok, !edited.ok ? edited.message : "");
  const second = await runWorkflow(ctx.prisma, made.workflow.id);
  assert.ok(second.ok);
  const revisits = await ctx.db.sql<{ url: string }[]>`
    select url from frontier where job_id = ${second.job.id} and revisit_page_id is not null order by url`;
  assert.deepEqual(revisits.map((r) => r.url), ["http://r.test/keep"]);
});
