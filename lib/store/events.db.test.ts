import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { recordJobEvent } from "./events";
import { JOB_CHANNEL } from "./infra/listen";
import { controlJob } from "./jobs";

const ctx = useTestDatabase();

test("a job event is stored and notifies the job's listeners, through postgres.js and through Prisma alike", async () => {
  const heard: number[] = [];
  const listening = await ctx.db.sql.listen(JOB_CHANNEL, (payload) => heard.push(Number(payload)));
  try {
    const a = await makeJob(ctx.db.url, { maxPages: 10 });
    const b = await makeJob(ctx.db.url, { maxPages: 10 });
    await recordJobEvent(ctx.db.sql, a.id, "recomputed", "pagerank: 3 URLs");
    assert.deepEqual(await controlJob(ctx.prisma, b.id, "pause"), { ok: true });
    for (let i = 0; i < 100 && !(heard.includes(a.id) && heard.includes(b.id)); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(heard.includes(a.id) && heard.includes(b.id), `notified: ${heard.join(",")}`);
    const rows = await ctx.db.sql<{ jobId: number; kind: string; message: string }[]>`
      select job_id as "jobId", kind, message from job_events where job_id in (${a.id}, ${b.id}) and kind <> 'created' order by id`;
    assert.deepEqual([...rows], [
      { jobId: a.id, kind: "recomputed", message: "pagerank: 3 URLs" },
      { jobId: b.id, kind: "pause", message: "Job pause requested" },
    ]);
  } finally {
    await listening.unlisten();
  }
});
