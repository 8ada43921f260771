import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { test } from "node:test";
import { parse } from "csv-parse/sync";
import { WARCParser } from "warcio";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { openExport } from "./export-job";

const ctx = useTestDatabase();

async function exportBytes(jobId: number, query: string) {
  const r = await openExport(ctx.db.sql, jobId, new URLSearchParams(query));
  if (!r.ok) throw new Error(r.problem.message);
  const parts: Buffer[] = [];
  for await (const c of r.value.chunks) parts.push(typeof c === "string" ? Buffer.from(c) : Buffer.from(c));
  return { ...r.value, bytes: Buffer.concat(parts) };
}

/** Every record of a WARC file: type, target URI, the HTTP status and the content as text. */
async function readWarc(source: AsyncIterable<Uint8Array> | fs.ReadStream) {
  const out: { type: string; uri: string | null; status: number | undefined; text: string }[] = [];
  for await (const rec of new WARCParser(source)) {
    out.push({ type: rec.warcType ?? "", uri: rec.warcTargetURI ?? null, status: rec.httpHeaders?.statusCode as number | undefined, text: await rec.contentText() });
  }
  return out;
}

const PAGES = [
  { url: "http://nong.test/1", title: "农业机械化发展", mainText: "拖拉机和收割机让农业机械化水平不断提高。", relevance: 0.8,
    html: "<html><body><h1>农业机械化发展</h1><p>拖拉机</p></body></html>" },
  { url: "http://nong.test/2", title: "=HYPERLINK(\"http://evil/\",\"点我\")", mainText: "+1 单元格注入", relevance: 0.6 },
  { url: "http://shop.test/a", title: "@SUM(A1)", mainText: "-2, \"引号\"\n换行", relevance: 0.1 },
];

test("CSV: BOM, header, one row per page, Chinese intact, formulas neutralised, filters applied", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const p of PAGES) await storeTestPage(ctx.db.sql, job.id, p);
  const csv = await exportBytes(job.id, "format=csv");
  assert.deepEqual([...csv.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 byte-order mark");
  assert.equal(csv.isSnapshot, true, "a running job's export is a snapshot");
  assert.match(csv.fileName, /^focuscrawl-job-\d+-snapshot-.*\.csv$/);
  const rows = parse(csv.bytes, { bom: true, columns: true }) as Record<string, string>[];
  assert.equal(rows.length, 3);
  assert.deepEqual(Object.keys(rows[0]), ["url", "final_url", "title", "relevance", "relevant", "judgement", "host", "depth",
    "fetched_at", "content_type", "charset", "top_terms", "mark"]);
  assert.equal(rows[0].title, "农业机械化发展");
  assert.equal(rows[1].title, "'=HYPERLINK(\"http://evil/\",\"点我\")");
  assert.equal(rows[2].title, "'@SUM(A1)");
  assert.deepEqual([rows[0].relevant, rows[0].host], ["yes", "nong.test"]);
  const relevant = parse((await exportBytes(job.id, "format=csv&view=relevant&host=nong.test")).bytes, { bom: true, columns: true });
  assert.equal(relevant.length, 2);
});

test("JSON Lines: one object per page with main text; bad formats and filters name what is allowed", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const p of PAGES) await storeTestPage(ctx.db.sql, job.id, p);
  const lines = (await exportBytes(job.id, "format=jsonl&q=农业机械")).bytes.toString("utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 1);
  assert.equal(lines[0].main_text, "拖拉机和收割机让农业机械化水平不断提高。");
  assert.equal(lines[0].relevant, true);
  const all = (await exportBytes(job.id, "format=jsonl")).bytes.toString("utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(all[2].main_text, "-2, \"引号\"\n换行", "JSON keeps text as it is");

  const badFormat = await openExport(ctx.db.sql, job.id, new URLSearchParams("format=xlsx"));
  assert.ok(!badFormat.ok);
  assert.deepEqual([badFormat.problem.status, badFormat.problem.allowed], [400, "csv|jsonl|warc"]);
  const badFilter = await openExport(ctx.db.sql, job.id, new URLSearchParams("format=csv&colour=red"));
  assert.ok(!badFilter.ok && badFilter.problem.status === 400 && /allowed parameters: view/.test(badFilter.problem.message));
  const noJob = await openExport(ctx.db.sql, job.id + 1000, new URLSearchParams("format=csv"));
  assert.ok(!noJob.ok && noJob.problem.status === 404);
  await ctx.db.sql`update jobs set status = 'done' where id = ${job.id}`;
  assert.equal((await exportBytes(job.id, "format=jsonl")).isSnapshot, false);
});

test("WARC: warcinfo, then request, response and metadata per page, read back with warcio", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const p of PAGES) await storeTestPage(ctx.db.sql, job.id, p);
  await ctx.db.sql`delete from page_bodies where page_id = (select max(id) from pages where job_id = ${job.id})`;
  const warc = await exportBytes(job.id, "format=warc");
  assert.deepEqual([...warc.bytes.subarray(0, 2)], [0x1f, 0x8b], "gzip");
  const records = await readWarc((async function* () { yield new Uint8Array(warc.bytes); })());
  assert.deepEqual(records.map((r) => r.type), ["warcinfo", "request", "response", "metadata", "request", "response", "metadata", "metadata"],
    "the page without a kept body has only its metadata");
  assert.match(records[0].text, /snapshot: yes/);
  assert.equal(records[2].uri, "http://nong.test/1");
  assert.equal(records[2].status, 200);
  assert.equal(records[2].text, "<html><body><h1>农业机械化发展</h1><p>拖拉机</p></body></html>");
  const meta = JSON.parse(records[3].text);
  assert.deepEqual([meta.relevance, meta.relevant, meta.judgement, meta.topic], [0.8, true, null, "计算机"]);
});

test("WARC: each record is one gzip member and carries the SHA-256 digests of its block and payload", async () => {
  const job = await makeJob(ctx.db.url, {});
  for (const p of PAGES) await storeTestPage(ctx.db.sql, job.id, p);
  const parts: Buffer[] = [];
  const r = await openExport(ctx.db.sql, job.id, new URLSearchParams("format=warc"));
  assert.ok(r.ok);
  for await (const c of r.value.chunks) parts.push(Buffer.from(c as Uint8Array));
  assert.equal(parts.length, 1 + PAGES.length * 3, "warcinfo, then request, response and metadata per page");
  const sha = (b: Uint8Array) => `sha256:${createHash("sha256").update(b).digest("hex")}`;
  for (const part of parts) {
    assert.deepEqual([...part.subarray(0, 2)], [0x1f, 0x8b], "every chunk is a gzip member of its own");
    for await (const rec of new WARCParser((async function* () { yield new Uint8Array(part); })())) {
      if (rec.warcType === "warcinfo") continue;
      const payload = await rec.readFully(false);
      assert.equal(rec.warcHeader("WARC-Payload-Digest"), sha(payload), `${rec.warcType} payload digest`);
      if (rec.warcType === "metadata") assert.equal(rec.warcHeader("WARC-Block-Digest"), sha(payload), "metadata block digest");
    }
  }
});

test("the reference WARC file parses with the same reader", async () => {
  const records = await readWarc(fs.createReadStream(new URL("./testdata/warcio-test-example.warc.gz", import.meta.url)));
  assert.deepEqual(records.map((r) => r.type), ["warcinfo", "warcinfo", "response", "request", "revisit", "request"]);
  assert.equal(records[2].status, 200);
});
