import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parse } from "csv-parse/sync";
import { runCli } from "../testing/cli";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";

const ctx = useTestDatabase();

test("focuscrawl export writes the filtered pages; a bad format or filter is refused with what is allowed; reindex fills search vectors", async () => {
  const job = await makeJob(ctx.db.url, {});
  await storeTestPage(ctx.db.sql, job.id, { url: "http://nong.test/1", title: "农业机械", mainText: "拖拉机", relevance: 0.9 });
  await storeTestPage(ctx.db.sql, job.id, { url: "http://nong.test/2", title: "集市", mainText: "蔬菜", relevance: 0.01 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-export-"));
  const out = path.join(dir, "relevant.csv");
  const r = await runCli(["export", "--job", String(job.id), "--format", "csv", "--out", out, "--filter", "view=relevant"], ctx.db.url);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /still running: this export is a snapshot/);
  const rows = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<string, string>[];
  assert.deepEqual(rows.map((x) => x.title), ["农业机械"]);

  const bad = await runCli(["export", "--job", String(job.id), "--format", "xls", "--out", path.join(dir, "x")], ctx.db.url);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /use format=csv, format=jsonl, format=warc/);
  const badFilter = await runCli(["export", "--job", String(job.id), "--format", "csv", "--out", path.join(dir, "y"), "--filter", "view=some"], ctx.db.url);
  assert.equal(badFilter.code, 2);
  assert.match(badFilter.stderr, /view takes relevant\|not-relevant/);
  assert.ok(!fs.existsSync(path.join(dir, "y")) && !fs.existsSync(path.join(dir, "y.partial")), "nothing is written");

  await ctx.db.sql`update pages set search_vector = null where job_id = ${job.id}`;
  assert.equal((await runCli(["reindex", "--job", String(job.id)], ctx.db.url)).code, 0);
  const [{ n }] = await ctx.db.sql`select count(*)::int as n from pages where job_id = ${job.id} and search_vector @@ plainto_tsquery('simple', '拖拉机')`;
  assert.equal(n, 1);
  fs.rmSync(dir, { recursive: true, force: true });
});
