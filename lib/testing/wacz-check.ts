/**
 * A WACZ file checked by readers that did not write it: Debian's `unzip -t` and Python's zipfile
 * open the archive; the datapackage's hashes and sizes are compared with the files Python
 * extracted; every CDXJ line is parsed and the WARC record at its offset is read back by warcio's
 * parser with the line's URL; pages.jsonl starts with its format header. Throws (assert) on the
 * first fault; returns what the package holds for the caller's own checks.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { WARCParser } from "warcio";
import { PAGES_HEADER } from "../export/wacz";

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

/** A page line of pages.jsonl. */
export interface WaczPage { id: string; url: string; ts: string; title: string; score: number; judgment?: string }

/** Check WACZ `file`, extracting it into a new directory under `workDir`; the URLs its index names and its pages. */
export async function checkWacz(file: string, workDir: string): Promise<{ indexedUrls: string[]; pages: WaczPage[] }> {
  execFileSync("unzip", ["-tq", file]); // throws on a bad archive
  const dir = fs.mkdtempSync(path.join(workDir, "wacz-"));
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
  assert.deepEqual([...lines].sort(), lines, "sorted");
  const indexedUrls: string[] = [];
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
    assert.match(cdx.status, /^\d{3}$/);
    indexedUrls.push(cdx.url);
  }

  const lines2 = fs.readFileSync(path.join(dir, "pages/pages.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines2[0], PAGES_HEADER);
  assert.equal(lines2[0].format, "json-pages-1.0");
  const pages = lines2.slice(1) as WaczPage[];
  for (const p of pages) assert.ok(p.id && /^\d{4}-\d\d-\d\dT/.test(p.ts) && typeof p.score === "number", JSON.stringify(p));
  return { indexedUrls, pages };
}
