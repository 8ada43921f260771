/**
 * Export files on a real database and a real data directory, through the API as Next.js serves
 * it (app/api/test-dispatch.ts; the file downloads, Pages Router routes, from a real HTTP
 * server): written to the end, the same bytes as the streamed export; stopped after a batch (as
 * a dead process stops) and resumed to the same file; downloaded in ranges; refused with reasons.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { parse } from "csv-parse/sync";
import { WARCParser } from "warcio";
import { dispatch } from "@/app/api/test-dispatch";
import fileRoute from "@/pages/api/exports/[id]/file";
import jobFileRoute from "@/pages/api/jobs/[id]/exports/[exportId]/file";
import { getPrisma } from "../store/infra/prisma";
import { getSql } from "../store/infra/sql";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { closeExportSql } from "./dashboard-exports";
import { abortExportRun, recoverExportFiles, startExportFile, waitForExportRun, type ExportFilesContext } from "./export-files";
import { exportFilePath } from "./export-run";

const ctx = { db: undefined as unknown as TestDatabase };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-export-files-"));
Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "", FOCUSCRAWL_DATA_DIR: dataDir });
delete process.env.ADMIN_PASSWORD;
let jobId = 0;
let otherJobId = 0;

/** The download routes as Next.js calls them: a Node request with the route's query, and its response. */
const files = http.createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://files").pathname;
  const own = /^\/api\/exports\/([^/]+)\/file$/.exec(path);
  const scoped = /^\/api\/jobs\/([^/]+)\/exports\/([^/]+)\/file$/.exec(path);
  const query = own ? { id: own[1] } : scoped ? { id: scoped[1], exportId: scoped[2] } : null;
  if (!query) return void res.writeHead(404).end();
  void (own ? fileRoute : jobFileRoute)(Object.assign(req, { query }) as never, res as never);
});

before(async () => {
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  ctx.db = await createTestDatabase();
  process.env.DATABASE_URL = ctx.db.url;
  jobId = (await makeJob(ctx.db.url, {})).id;
  otherJobId = (await makeJob(ctx.db.url, {})).id;
  for (let i = 0; i < 7; i++) {
    await storeTestPage(ctx.db.sql, jobId, {
      url: `http://nong${i % 3}.test/${i}`, title: i === 1 ? "=SUM(A1) 农业" : `农业机械 ${i}`, mainText: `拖拉机 第${i}页\n"引号", 逗号`,
      relevance: i % 4 === 3 ? 0.1 : 0.5 + i / 100, html: `<html><body><h1>农业 ${i}</h1>${"<p>玉米 水稻</p>".repeat(i * 20)}</body></html>`,
    });
  }
});
after(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  files.close();
  await closeExportSql();
  await getSql().end({ timeout: 1 });
  await getPrisma().$disconnect();
  await ctx.db?.drop();
});

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (/\/file$/.test(url)) return fetch(`http://127.0.0.1:${(files.address() as AddressInfo).port}${url}`, { method, body: text, headers });
  return dispatch(new Request(`http://127.0.0.1:3000${url}`, {
    method, body: text, headers: { host: "127.0.0.1:3000", ...(text === undefined ? {} : { "content-type": "application/json" }), ...headers },
  }));
}

async function streamed(format: string, filters: string): Promise<Buffer> {
  const res = await call("GET", `/api/jobs/${jobId}/export?format=${format}${filters ? `&${filters}` : ""}`);
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

/** Each WARC record: type, target URI and content (record ids and the warcinfo date differ between two files). */
async function warcRecords(bytes: Buffer) {
  const out: string[] = [];
  for await (const rec of new WARCParser((async function* () { yield new Uint8Array(bytes); })())) {
    const text = await rec.contentText();
    out.push(`${rec.warcType} ${rec.warcTargetURI ?? ""} ${rec.warcType === "warcinfo" ? text.replace(/^.*\n/, "") : text}`);
  }
  return out;
}

const exportOf = async (id: number) => (await ctx.db.sql`
  select status::text, pages_done as "pagesDone", pages_total as "pagesTotal", bytes_written::int as "bytesWritten", error from exports where id = ${id}`)[0];

test("an export file is written to the end and holds what the streamed export holds: CSV, JSON Lines, WARC", async () => {
  for (const [format, filters] of [["csv", "view=relevant"], ["jsonl", ""], ["warc", "host=nong1.test"]] as const) {
    const res = await call("POST", `/api/jobs/${jobId}/exports`, { format, filters });
    assert.equal(res.status, 201, await res.clone().text());
    const created = (await res.json()).export;
    assert.deepEqual([created.status, created.format, created.filters, created.isSnapshot], ["running", format, filters, true]);
    assert.equal(await waitForExportRun(created.id), "done");
    const progress = (await (await call("GET", `/api/exports/${created.id}`)).json()).export;
    const pages = (await ctx.db.sql`select count(*)::int as n from pages where job_id = ${jobId}
      and (${filters !== "view=relevant"} or is_relevant) and (${filters !== "host=nong1.test"} or host = 'nong1.test')`)[0].n;
    assert.deepEqual([progress.status, progress.pagesDone, progress.pagesTotal], ["done", pages, pages]);
    assert.match(progress.fileName, new RegExp(`^focuscrawl-job-${jobId}-snapshot-\\d{8}-\\d{6}\\.${format === "warc" ? "warc\\.gz" : format}$`));
    const file = await call("GET", `/api/jobs/${jobId}/exports/${created.id}/file`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get("content-disposition"), `attachment; filename="${progress.fileName}"`);
    assert.equal(file.headers.get("transfer-encoding"), null, "sent with its length, not chunked");
    const bytes = Buffer.from(await file.arrayBuffer());
    assert.equal(Number(file.headers.get("content-length")), bytes.length);
    assert.equal(progress.bytesWritten, bytes.length);
    const expected = await streamed(format, filters);
    if (format === "warc") assert.deepEqual(await warcRecords(bytes), await warcRecords(expected));
    else assert.ok(bytes.equals(expected), `${format}: the file differs from the streamed export`);
    if (format === "csv") assert.equal(parse(bytes, { bom: true, columns: true }).length, pages);
  }
  const list = (await (await call("GET", `/api/jobs/${jobId}/exports`)).json()).exports;
  assert.deepEqual(list.map((e: { format: string }) => e.format), ["warc", "jsonl", "csv"], "newest first");
});

/** Start an export in batches of two pages and stop it (as its process dying would) after the first batch. */
async function exportStoppedAfterOneBatch(format: string, filters: string, run: ExportFilesContext) {
  const r = await startExportFile(ctx.db.sql, jobId, { format, filters }, { ...run, onBatch: (id) => abortExportRun(id) });
  assert.ok(r.ok);
  assert.equal(await waitForExportRun(r.value.id), "stopped");
  return r.value.id;
}

test("an export stopped after its first batch, with garbage written past its recorded bytes, resumes to the same file", async () => {
  const run: ExportFilesContext = { dataDir, batchRows: 2 };
  for (const [format, filters] of [["csv", ""], ["jsonl", "view=relevant"], ["warc", ""]] as const) {
    const id = await exportStoppedAfterOneBatch(format, filters, run);
    const stopped = await exportOf(id);
    assert.deepEqual([stopped.status, stopped.pagesDone], ["running", 2]);
    const file = exportFilePath(dataDir, id, format);
    assert.equal(fs.statSync(file).size, stopped.bytesWritten, "the recorded bytes are on disk");
    // More than the rest of the export: the resume must cut it off, not just write over it.
    fs.appendFileSync(file, "half a batch that a dying process wrote\n".repeat(20_000));
    // Its heartbeat stops: a minute later the sweeper takes it up and resumes it.
    assert.deepEqual(await recoverExportFiles(ctx.db.sql, run), [], "a fresh heartbeat is not an orphan");
    await ctx.db.sql`update exports set updated_at = now() - interval '1 minute' where id = ${id}`;
    assert.deepEqual(await recoverExportFiles(ctx.db.sql, run), [id]);
    assert.equal(await waitForExportRun(id), "done");
    const done = await exportOf(id);
    const bytes = fs.readFileSync(file);
    assert.equal(done.status, "done");
    assert.equal(done.pagesDone, done.pagesTotal);
    assert.equal(done.bytesWritten, bytes.length);
    const expected = await streamed(format, filters);
    if (format === "warc") {
      const records = await warcRecords(bytes);
      assert.deepEqual(records, await warcRecords(expected));
      assert.equal(records.filter((x) => x.startsWith("warcinfo")).length, 1, "one warcinfo");
    } else assert.ok(bytes.equals(expected), `${format}: the resumed file differs from an uninterrupted export`);
    if (format === "csv") assert.equal(bytes.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 1), -1, "one BOM, one header");
  }
});

test("Resume on an interrupted or failed export goes on from its progress; a lost partial file fails with the reason", async () => {
  const run: ExportFilesContext = { dataDir, batchRows: 2 };
  const id = await exportStoppedAfterOneBatch("jsonl", "", run);
  await ctx.db.sql`update exports set status = 'interrupted', owner = null where id = ${id}`;
  const resumed = await call("POST", `/api/jobs/${jobId}/exports/${id}/actions`, { action: "resume" });
  assert.equal(resumed.status, 200, await resumed.clone().text());
  assert.equal((await resumed.json()).export.status, "running");
  assert.equal(await waitForExportRun(id), "done");
  assert.ok(fs.readFileSync(exportFilePath(dataDir, id, "jsonl")).equals(await streamed("jsonl", "")));
  const again = await call("POST", `/api/exports/${id}/actions`, { action: "resume" });
  assert.equal(again.status, 409);
  assert.match((await again.json()).error, /is done: download it/);

  const lost = await exportStoppedAfterOneBatch("csv", "", run);
  await ctx.db.sql`update exports set status = 'failed', owner = null where id = ${lost}`;
  fs.rmSync(exportFilePath(dataDir, lost, "csv"));
  assert.equal((await call("POST", `/api/exports/${lost}/actions`, { action: "resume" })).status, 200);
  assert.equal(await waitForExportRun(lost), "failed");
  const failed = await exportOf(lost);
  assert.equal(failed.status, "failed");
  assert.match(failed.error, /partial file .* is gone: cancel this export and start a new one/);
});

test("the file in byte ranges: 206 with the bytes asked for, 416 past the end, all of it for an old If-Range", async () => {
  const r = await startExportFile(ctx.db.sql, jobId, { format: "jsonl", filters: "" }, { dataDir });
  assert.ok(r.ok);
  await waitForExportRun(r.value.id);
  const url = `/api/exports/${r.value.id}/file`;
  const whole = Buffer.from(await (await call("GET", url)).arrayBuffer());
  assert.ok(whole.length > 100);
  const part = await call("GET", url, undefined, { range: "bytes=10-99" });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get("content-range"), `bytes 10-99/${whole.length}`);
  assert.equal(part.headers.get("content-length"), "90");
  assert.ok(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(10, 100)));
  const rest = await call("GET", url, undefined, { range: "bytes=100-", "if-range": part.headers.get("etag") ?? "" });
  assert.equal(rest.status, 206);
  assert.ok(Buffer.concat([whole.subarray(0, 100), Buffer.from(await rest.arrayBuffer())]).equals(whole), "a resumed download is the file");
  const past = await call("GET", url, undefined, { range: `bytes=${whole.length}-` });
  assert.equal(past.status, 416);
  assert.equal(past.headers.get("content-range"), `bytes */${whole.length}`);
  const changed = await call("GET", url, undefined, { range: "bytes=100-", "if-range": '"fc-export-older"' });
  assert.equal(changed.status, 200);
  assert.equal(Buffer.from(await changed.arrayBuffer()).length, whole.length);
  const head = await call("HEAD", url);
  assert.deepEqual([head.status, head.headers.get("content-length"), head.headers.get("accept-ranges")], [200, String(whole.length), "bytes"]);

  // Cancel deletes the file; the download then says why it is gone.
  const cancelled = await call("POST", `/api/exports/${r.value.id}/actions`, { action: "cancel" });
  assert.equal((await cancelled.json()).export.status, "cancelled");
  assert.equal(fs.existsSync(exportFilePath(dataDir, r.value.id, "jsonl")), false);
  const gone = await call("GET", url);
  assert.equal(gone.status, 404);
  assert.match((await gone.json()).error, /cancelled and its file deleted/);
});

test("bad formats and filters name what is allowed; another job's export is not found; at most two run at once", async () => {
  const badFormat = await call("POST", `/api/jobs/${jobId}/exports`, { format: "xlsx" });
  assert.equal(badFormat.status, 400);
  const bf = await badFormat.json();
  assert.deepEqual([bf.param, bf.allowed], ["format", "csv|jsonl|warc|wacz"]);
  assert.match(bf.error, /format=xlsx is not an export format; use format=csv, format=jsonl, format=warc, format=wacz/);
  const badFilter = await call("POST", `/api/jobs/${jobId}/exports`, { format: "csv", filters: "colour=red" });
  assert.equal(badFilter.status, 400);
  assert.match((await badFilter.json()).error, /allowed parameters: view/);
  const badValue = await call("POST", `/api/jobs/${jobId}/exports`, { format: "csv", filters: "view=evil" });
  assert.deepEqual([badValue.status, (await badValue.json()).param], [400, "view"]);
  const notText = await call("POST", `/api/jobs/${jobId}/exports`, { format: "csv", filters: { view: "relevant" } });
  assert.equal(notText.status, 400);
  assert.match((await notText.json()).error, /filters must be the results page's query string/);
  assert.equal((await call("POST", `/api/jobs/${jobId + 1000}/exports`, { format: "csv" })).status, 404);

  const mine = (await ctx.db.sql`select max(id) as id from exports where job_id = ${jobId} and status = 'done'`)[0].id as number;
  for (const [method, sub, body] of [["GET", ""], ["GET", "/file"], ["POST", "/actions", { action: "cancel" }]] as const) {
    const res = await call(method, `/api/jobs/${otherJobId}/exports/${mine}${sub}`, body);
    assert.equal(res.status, 404, `${method} ${sub}`);
    assert.match((await res.json()).error, new RegExp(`there is no export ${mine} of job ${otherJobId}`));
  }
  assert.deepEqual((await (await call("GET", `/api/jobs/${otherJobId}/exports`)).json()).exports, []);
  assert.notEqual((await exportOf(mine)).status, "cancelled", "the refused cancel changed nothing");

  const held = await ctx.db.sql<{ id: number }[]>`
    insert into exports (job_id, format, is_snapshot, file_name, owner) values (${jobId}, 'csv', true, 'a.csv', 'elsewhere'), (${jobId}, 'csv', true, 'b.csv', 'elsewhere')
    returning id`;
  const third = await call("POST", `/api/jobs/${jobId}/exports`, { format: "csv" });
  assert.equal(third.status, 409);
  assert.match((await third.json()).error, new RegExp(`2 export files are being written already \\(#${held[0].id}, #${held[1].id}\\); at most 2 run at once`));
  const action = await call("POST", `/api/exports/${held[0].id}/actions`, { action: "pause" });
  assert.deepEqual([action.status, (await action.json()).allowed], [400, ["resume", "cancel"]]);
  for (const h of held) assert.equal((await call("POST", `/api/exports/${h.id}/actions`, { action: "cancel" })).status, 200);
  const fourth = await call("POST", `/api/jobs/${jobId}/exports`, { format: "csv" });
  assert.equal(fourth.status, 201);
  await waitForExportRun((await fourth.json()).export.id);
});
