/**
 * WACZ 1.1 (Web Archive Collection Zipped, specs.webrecorder.net/wacz/1.1.1): the WARC an export
 * file wrote (lib/export/warc.ts) packed with what a replay tool needs to open it without reading
 * it whole: `archive/data.warc.gz`, `indexes/index.cdxj` (one line per response, sorted, with the
 * record's offset and length in the WARC), `pages/pages.jsonl` (the pages, with their relevance
 * as `score` and their judgement as `judgment`), `datapackage.json` (every file's SHA-256 and
 * size) and `datapackage-digest.json` (the hash of datapackage.json).
 *
 * The zip is written by yazl (a maintained zip writer with no dependencies but a CRC-32 module,
 * streaming from files, ZIP64 for archives past 4 GiB); Node has no zip writer of its own and a
 * hand-made one would have to get ZIP64 and the data descriptors right. The WARC is stored
 * uncompressed in the zip (it is gzipped record by record already), as the spec asks, so that a
 * reader can seek to a record's offset inside it. The index is made by warcio's CDXIndexer, the
 * indexer of the same library that wrote the WARC.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { CDXIndexer, WARCParser, type WARCRecord } from "warcio";
import yazl from "yazl";

/** The WACZ version the datapackage names. */
export const WACZ_VERSION = "1.1.1";
/** The first line of pages.jsonl (its format header). */
export const PAGES_HEADER = { format: "json-pages-1.0", id: "pages", title: "All Pages" };

/** What the datapackage says about the collection. */
export interface WaczInfo { title: string; description: string; created: Date }

/** One file of the package as datapackage.json lists it. */
interface Resource { name: string; path: string; hash: string; bytes: number }

async function hashFile(file: string): Promise<{ hash: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: `sha256:${hash.digest("hex")}`, bytes };
}

function describe(name: string, path: string, data: Buffer): Resource {
  return { name, path, hash: `sha256:${createHash("sha256").update(data).digest("hex")}`, bytes: data.length };
}

/**
 * warcio's CDXJ indexer, responses only: a page's metadata record (its relevance, as JSON) has the
 * page's URL too, and a replay tool looking the URL up must find the page, not the metadata
 * (pages.jsonl carries what the metadata says).
 */
class ResponseIndexer extends CDXIndexer {
  override filterRecord(record: WARCRecord): boolean {
    return ["response", "revisit", "resource"].includes(record.warcType ?? "") && super.filterRecord(record);
  }
}

/** The CDXJ lines of the WARC's responses, sorted as a CDXJ index is (by SURT key, then time). */
async function indexWarc(warc: string): Promise<Buffer> {
  const indexer = new ResponseIndexer({ format: "cdxj" });
  const lines: string[] = [];
  for await (const cdx of indexer.iterIndex([{ filename: "data.warc.gz", reader: fs.createReadStream(warc) }])) {
    lines.push(indexer.serializeCDXJ(cdx));
  }
  lines.sort();
  return Buffer.from(lines.join(""));
}

/**
 * pages.jsonl from the WARC's metadata records (one per page, written by lib/export/warc.ts):
 * the package describes exactly the pages its WARC holds, even when the job changed since.
 */
async function listPages(warc: string): Promise<Buffer> {
  const lines = [JSON.stringify(PAGES_HEADER)];
  for await (const record of new WARCParser(fs.createReadStream(warc))) {
    if (record.warcType !== "metadata") continue;
    const meta = JSON.parse(await record.contentText()) as { title?: string; relevance?: number; judgement?: string | null };
    lines.push(JSON.stringify({
      id: record.warcHeader("WARC-Record-ID")?.replace(/^<urn:uuid:|>$/g, ""), url: record.warcTargetURI, ts: record.warcDate,
      title: meta.title ?? "", score: meta.relevance ?? null, judgment: meta.judgement ?? null,
    }));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** Pack WARC file `warc` into the WACZ file `out`; returns its size in bytes. */
export async function writeWacz(warc: string, out: string, info: WaczInfo): Promise<number> {
  const [index, pages, warcHash] = await Promise.all([indexWarc(warc), listPages(warc), hashFile(warc)]);
  const resources: Resource[] = [
    { name: "data.warc.gz", path: "archive/data.warc.gz", ...warcHash },
    describe("index.cdxj", "indexes/index.cdxj", index),
    describe("pages.jsonl", "pages/pages.jsonl", pages),
  ];
  const datapackage = Buffer.from(JSON.stringify({
    profile: "data-package", wacz_version: WACZ_VERSION, title: info.title, description: info.description,
    created: info.created.toISOString(), software: "FocusCrawl", resources,
  }, null, 2));
  const digest = Buffer.from(JSON.stringify({ path: "datapackage.json", hash: describe("", "", datapackage).hash }, null, 2));
  const zip = new yazl.ZipFile();
  const mtime = info.created;
  zip.addFile(warc, "archive/data.warc.gz", { compress: false, mtime });
  zip.addBuffer(index, "indexes/index.cdxj", { mtime });
  zip.addBuffer(pages, "pages/pages.jsonl", { mtime });
  zip.addBuffer(datapackage, "datapackage.json", { mtime });
  zip.addBuffer(digest, "datapackage-digest.json", { mtime });
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(out));
  return (await fs.promises.stat(out)).size;
}
