/**
 * WARC 1.1 export with warcio (webrecorder's WARC library, the one pywb reads with): a warcinfo
 * record, then per page a request and a response record rebuilt from the kept raw body (when the
 * job kept it) and a metadata record with the page's relevance, topic and judgement. Each record
 * is gzipped on its own (one gzip member per record), so tools can seek to any record.
 *
 * warcio builds and serializes the records (headers, Content-Length, which digests a record
 * gets); the gzip is Node's zlib and the SHA-256 digests are Node's crypto. warcio's own path
 * gzips through a web CompressionStream per record and creates a new WebAssembly hasher for every
 * digest (two per record, ~0.7 ms each): 130–161 pages/s, against 1,650–2,740 this way on a
 * shared machine (bench/RESULTS.md, "WARC with Node's zlib").
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gunzipSync, gzip, gzipSync } from "node:zlib";
import { WARCRecord, WARCSerializer } from "warcio";
import type { ExportRow } from "../store/export-rows";
import { describeTopTerms } from "./fields";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Bodies and records up to this size are (de)compressed synchronously: for a few KB zlib's thread
 * pool costs far more than the work (740 against 5,000 pages/s measured with 6 KB pages), while a
 * large body (a job may keep up to 100 MB) goes to the pool so that the dashboard keeps answering.
 */
const SYNC_ZLIB_MAX_BYTES = 256 * 1024;

/**
 * Headers that describe the bytes on the wire: the kept body is already de-chunked and
 * decompressed, so they would misdescribe it; warcio writes the real Content-Length.
 */
const WIRE_HEADERS = new Set(["content-encoding", "transfer-encoding", "content-length"]);

type Hasher = NonNullable<Awaited<ReturnType<WARCSerializer["newHasher"]>>>;

/** warcio's serializer with its SHA-256 digests computed by Node (OpenSSL); warcio only calls update and digest. */
class NodeDigestSerializer extends WARCSerializer {
  override async newHasher(): Promise<Hasher> {
    const hash = createHash("sha256");
    const hasher = {
      update(chunk: Uint8Array) {
        hash.update(chunk);
        return hasher;
      },
      digest(type?: string) {
        return type === "binary" ? new Uint8Array(hash.digest()) : hash.digest("hex");
      },
    };
    return hasher as unknown as Hasher;
  }
}

/**
 * A deflate window just larger than the record (plus zlib's 262-byte lookahead) finds every match
 * the default 32 KB window would, so the output is the same, and zlib sets up far less state for
 * it: 16 against 37 µs for a 300-byte metadata record, 37 against 54 µs for a 7 KB response.
 */
function windowBitsFor(length: number): number {
  return Math.max(9, Math.min(15, Math.ceil(Math.log2(length + 262))));
}

async function serialize(record: WARCRecord): Promise<Uint8Array> {
  const bytes = await new NodeDigestSerializer(record, { gzip: false }).readFully();
  const opts = { windowBits: windowBitsFor(bytes.length) };
  return bytes.length <= SYNC_ZLIB_MAX_BYTES ? gzipSync(bytes, opts) : gzipAsync(bytes, opts);
}

function inflate(body: Buffer): Buffer | Promise<Buffer> {
  return body.length <= SYNC_ZLIB_MAX_BYTES / 4 ? gunzipSync(body) : gunzipAsync(body);
}

/** What the warcinfo record says about the export. */
export interface WarcInfo { jobId: number; jobName: string; topic: string; isSnapshot: boolean; filters: string }

function warcDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

async function pageRecords(r: ExportRow, topic: string): Promise<Uint8Array[]> {
  const date = warcDate(r.fetchedAt);
  const out: Uint8Array[] = [];
  if (r.bodyGzip && r.statusLine) {
    const u = new URL(r.finalUrl);
    const request = WARCRecord.create({
      url: r.finalUrl, date, type: "request", warcVersion: "WARC/1.1",
      statusline: `GET ${u.pathname}${u.search} HTTP/1.1`, httpHeaders: r.requestHeaders ?? { host: u.host },
    }, []);
    const headers = Object.entries(r.responseHeaders ?? {}).filter(([k]) => !WIRE_HEADERS.has(k.toLowerCase()));
    const body = await inflate(r.bodyGzip);
    const response = WARCRecord.create({
      url: r.finalUrl, date, type: "response", warcVersion: "WARC/1.1", statusline: r.statusLine, httpHeaders: headers,
    }, [new Uint8Array(body.buffer, body.byteOffset, body.length)]);
    out.push(await serialize(request), await serialize(response));
  }
  const meta = {
    relevance: r.relevance, relevant: r.isRelevant, judgement: r.judgement, topic, topic_revision: r.topicRevision,
    top_terms: describeTopTerms(r), title: r.title, depth: r.depth, page_kind: r.pageKind, http_status: r.httpStatus,
  };
  const metadata = WARCRecord.create({
    url: r.finalUrl, date, type: "metadata", warcVersion: "WARC/1.1", warcHeaders: { "Content-Type": "application/json" },
  }, [new TextEncoder().encode(JSON.stringify(meta))]);
  out.push(await serialize(metadata));
  return out;
}

/**
 * The WARC bytes of pages in batches, warcinfo first unless `hasWarcinfo` is false (a resumed
 * file has it; gzip members concatenate, so the continuation is still one valid file).
 */
export async function* writeWarc(batches: AsyncIterable<ExportRow[]>, info: WarcInfo, opts: { hasWarcinfo?: boolean } = {}): AsyncGenerator<Uint8Array> {
  if (opts.hasWarcinfo ?? true) {
    const warcinfo = WARCRecord.createWARCInfo({ filename: `focuscrawl-job-${info.jobId}.warc.gz`, warcVersion: "WARC/1.1" }, {
      software: "FocusCrawl", format: "WARC File Format 1.1", job: `${info.jobId} ${info.jobName}`, topic: info.topic,
      filters: info.filters || "(none)",
      snapshot: info.isSnapshot ? "yes: the job was still running, later pages are not included" : "no",
    });
    yield await serialize(warcinfo);
  }
  for await (const rows of batches) {
    for (const r of rows) for (const bytes of await pageRecords(r, info.topic)) yield bytes;
  }
}
