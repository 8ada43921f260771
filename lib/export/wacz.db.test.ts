/**
 * A WACZ export file checked by readers that did not write it (lib/testing/wacz-check.ts: unzip,
 * Python's zipfile, the datapackage's hashes, warcio reading each indexed record), holding every
 * page with its title, score and judgment.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { judgePage } from "../store/judgements";
import { startExportFile, waitForExportRun } from "./export-files";
import { exportFilePath, exportWorkFilePath } from "./export-run";
import { openExport } from "./export-job";
import { checkWacz } from "../testing/wacz-check";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-wacz-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("a WACZ export file: a valid zip with the WARC stored, hashes that match, a CDXJ index pointing at readable records, and pages with score and judgment", async () => {
  const job = await makeJob(ctx.db.url, {});
  const urls = ["http://nong.test/1", "http://nong.test/2", "http://shop.test/a", "http://shop.test/b?q=1"];
  const ids: string[] = [];
  for (const [i, url] of urls.entries()) {
    ids.push(await storeTestPage(ctx.db.sql, job.id, { url, title: `农业 ${i}`, mainText: `拖拉机 ${i}`, relevance: 0.1 + i / 5,
      html: `<html><head><title>农业 ${i}</title></head><body>${"<p>玉米</p>".repeat(i * 50)}</body></html>` }));
  }
  await judgePage(ctx.db.sql, job.id, ids[1], "relevant");

  const started = await startExportFile(ctx.db.sql, job.id, { format: "wacz", filters: "" }, { dataDir, batchRows: 2 });
  assert.ok(started.ok, JSON.stringify(started));
  assert.equal(await waitForExportRun(started.value.id), "done");
  const file = exportFilePath(dataDir, started.value.id, "wacz");
  assert.equal(fs.existsSync(exportWorkFilePath(dataDir, started.value.id, "wacz")), false, "the WARC it packed is deleted");
  const [row] = await ctx.db.sql`select status::text, bytes_written::int as bytes from exports where id = ${started.value.id}`;
  assert.deepEqual(row, { status: "done", bytes: fs.statSync(file).size });

  const { indexedUrls, pages } = await checkWacz(file, dataDir);
  assert.equal(indexedUrls.length, urls.length, "one index line per page's response");
  assert.deepEqual([...indexedUrls].sort(), [...urls].sort());
  assert.deepEqual(pages.map((p) => p.url).sort(), [...urls].sort());
  for (const p of pages) assert.ok(p.title.startsWith("农业"), JSON.stringify(p));
  assert.deepEqual(pages.filter((p) => p.judgment).map((p) => [p.url, p.judgment]), [[urls[1], "relevant"]]);
});

test("a WACZ is not streamed: the download names the export file to start instead", async () => {
  const job = await makeJob(ctx.db.url, {});
  const r = await openExport(ctx.db.sql, job.id, new URLSearchParams("format=wacz"));
  assert.ok(!r.ok && r.problem.status === 400 && /export file/.test(r.problem.message));
});
