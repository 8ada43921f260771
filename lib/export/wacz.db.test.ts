/**
 * A WACZ export file checked by readers that did not write it: Debian's `unzip -t` and Python's
 * zipfile open the archive; the datapackage's hashes and sizes are compared with the files
 * Python extracted; every CDXJ line is parsed and the WARC record at its offset is read back by
 * warcio's parser with the line's URL; pages.jsonl starts with its format header.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { WARCParser } from "warcio";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { judgePage } from "../store/judgements";
import { startExportFile, waitForExportRun } from "./export-files";
import { exportFilePath, exportWorkFilePath } from "./export-run";
import { openExport } from "./export-job";
import { PAGES_HEADER } from "./wacz";

const ctx = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-wacz-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Python's zipfile: each entry's compression and size, and the archive extracted into `into`. */
function readWithPython(file: string, into: string): Record<string, { stored: boolean; size: number }> {
  const script = `import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
z.extractall(sys.argv[2])
print(json.dumps({i.filename: {"stored": i.compress_type == zipfile.ZIP_STORED, "size": i.file_size} for i in z.infolist()}))`;
  return JSON.parse(execFileSync("python3", ["-c", script, file, into], { encoding: "utf8" }));
}

const sha256 = (file: string) => `sha256:${execFileSync("sha256sum", [file], { encoding: "utf8" }).split(" ")[0]}`;

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

  execFileSync("unzip", ["-tq", file]); // throws on a bad archive
  const dir = fs.mkdtempSync(path.join(dataDir, "x-"));
  const entries = readWithPython(file, dir);
  for (const name of ["archive/data.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl", "datapackage.json", "datapackage-digest.json"]) {
    assert.ok(entries[name], `${name} is missing: ${Object.keys(entries).join(", ")}`);
  }
  assert.equal(entries["archive/data.warc.gz"].stored, true, "the WARC is stored uncompressed, so that a reader can seek in it");

  const datapackage = JSON.parse(fs.readFileSync(path.join(dir, "datapackage.json"), "utf8"));
  assert.equal(datapackage.wacz_version, "1.1.1");
  assert.deepEqual(datapackage.resources.map((r: { path: string }) => r.path).sort(), ["archive/data.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl"]);
  for (const r of datapackage.resources as { path: string; hash: string; bytes: number }[]) {
    assert.equal(r.hash, sha256(path.join(dir, r.path)), `${r.path}: hash`);
    assert.equal(r.bytes, entries[r.path].size, `${r.path}: bytes`);
  }
  const digest = JSON.parse(fs.readFileSync(path.join(dir, "datapackage-digest.json"), "utf8"));
  assert.deepEqual(digest, { path: "datapackage.json", hash: sha256(path.join(dir, "datapackage.json")) });

  const warc = fs.readFileSync(path.join(dir, "archive/data.warc.gz"));
  const lines = fs.readFileSync(path.join(dir, "indexes/index.cdxj"), "utf8").trimEnd().split("\n");
  assert.equal(lines.length, urls.length, "one line per page's response");
  assert.deepEqual([...lines].sort(), lines, "sorted");
  const indexed: string[] = [];
  for (const line of lines) {
    const m = /^(\S+) (\d{14}) (\{.*\})$/.exec(line);
    assert.ok(m, `not a CDXJ line: ${line}`);
    const cdx = JSON.parse(m[3]) as { url: string; offset: string; length: string; filename: string; status: string };
    assert.equal(cdx.filename, "data.warc.gz");
    const at = Number(cdx.offset);
    const slice = warc.subarray(at, at + Number(cdx.length));
    const record = await new WARCParser((async function* () { yield new Uint8Array(slice); })()).parse();
    assert.ok(record, `no record at offset ${at}`);
    assert.equal(record.warcType, "response");
    assert.equal(record.warcTargetURI, cdx.url);
    assert.equal(cdx.status, "200");
    indexed.push(cdx.url);
  }
  assert.deepEqual(indexed.sort(), [...urls].sort());

  const pages = fs.readFileSync(path.join(dir, "pages/pages.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(pages[0], PAGES_HEADER);
  assert.equal(pages[0].format, "json-pages-1.0");
  assert.deepEqual(pages.slice(1).map((p) => p.url).sort(), [...urls].sort());
  for (const p of pages.slice(1)) assert.ok(p.id && /^\d{4}-\d\d-\d\dT/.test(p.ts) && p.title.startsWith("农业") && typeof p.score === "number", JSON.stringify(p));
  assert.deepEqual(pages.slice(1).filter((p) => p.judgment).map((p) => [p.url, p.judgment]), [[urls[1], "relevant"]]);
});

test("a WACZ is not streamed: the download names the export file to start instead", async () => {
  const job = await makeJob(ctx.db.url, {});
  const r = await openExport(ctx.db.sql, job.id, new URLSearchParams("format=wacz"));
  assert.ok(!r.ok && r.problem.status === 400 && /export file/.test(r.problem.message));
});
