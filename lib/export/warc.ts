/**
 * WARC 1.1 export with warcio (webrecorder's WARC library, the one pywb reads with): a warcinfo
 * record, then per page a request and a response record rebuilt from the kept raw body (when the
 * job kept it) and a metadata record with the page's relevance, topic and judgement. Each record
 * is gzipped on its own, so tools can seek to any record.
 */
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { WARCRecord, WARCSerializer } from "warcio";
import type { ExportRow } from "../store/export-rows";
import { describeTopTerms } from "./fields";

const gunzipAsync = promisify(gunzip);

/**
 * Headers that describe the bytes on the wire: the kept body is already de-chunked and
 * decompressed, so they would misdescribe it; warcio writes the real Content-Length.
 */
const WIRE_HEADERS = new Set(["content-encoding", "transfer-encoding", "content-length"]);

async function serialize(record: WARCRecord): Promise<Uint8Array> {
  return WARCSerializer.serialize(record, { gzip: true });
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
    const body = await gunzipAsync(r.bodyGzip);
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

/** The WARC bytes of pages in batches, warcinfo first. */
export async function* writeWarc(batches: AsyncIterable<ExportRow[]>, info: WarcInfo): AsyncGenerator<Uint8Array> {
  const warcinfo = WARCRecord.createWARCInfo({ filename: `focuscrawl-job-${info.jobId}.warc.gz`, warcVersion: "WARC/1.1" }, {
    software: "FocusCrawl", format: "WARC File Format 1.1", job: `${info.jobId} ${info.jobName}`, topic: info.topic,
    filters: info.filters || "(none)",
    snapshot: info.isSnapshot ? "yes: the job was still running, later pages are not included" : "no",
  });
  yield await serialize(warcinfo);
  for await (const rows of batches) {
    for (const r of rows) for (const bytes of await pageRecords(r, info.topic)) yield bytes;
  }
}
