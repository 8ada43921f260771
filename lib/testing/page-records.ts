/** Leased URLs and page records for tests of the page store (lib/store/pages.ts, lib/crawl/page-writer.ts). */
import assert from "node:assert/strict";
import { enqueueLinks } from "../store/frontier";
import { claimUrls } from "../store/claim/claim";
import { ensureHosts } from "../store/hosts";
import type { PageRecord } from "../store/pages";
import type { Sql } from "../store/infra/sql";
import { beat } from "../store/workers";

/** The worker the leases belong to. */
export const TEST_WORKER = "w-race";

/** `n` leased URLs of the job, on distinct hosts (or on `hostOf(i)`), ready to be stored as pages at once. */
export async function leaseTestUrls(sql: Sql, jobId: number, n: number, hostOf = (i: number) => `src${i}.test`) {
  const urls = Array.from({ length: n }, (_, i) => `http://${hostOf(i)}/page${i}`);
  const hosts = urls.map((u) => new URL(u).host);
  await sql.begin((tx) => ensureHosts(tx, jobId, hosts, { minDelayMs: 0, maxConnections: n }));
  await sql`update hosts set robots_state = 'allow-all', robots_expires_at = now() + interval '1 hour' where job_id = ${jobId}`;
  await sql.begin((tx) => enqueueLinks(tx, { jobId, depth: 1, parentPageId: "0", urls, hosts, anchors: urls.map(() => ""), priorities: urls.map(() => 1) }));
  await sql`update frontier set status = 'done' where job_id = ${jobId} and url = 'http://seed.test/'`;
  await beat(sql, { workerId: TEST_WORKER, hostname: "test", pid: 1, status: "running", inFlight: 0, fetchedTotal: 0 });
  const got = await claimUrls(sql, { workerId: TEST_WORKER, limit: n, leaseMs: 60_000, jobIds: [jobId] });
  assert.equal(got.length, n);
  return got;
}

/** A stored page's record for a leased URL, with links to queue (`queueUrls`) and any field replaced. */
export function testPageRecord(jobId: number, item: { id: string; url: string; host: string }, o: Partial<PageRecord> & { queueUrls?: string[] }): PageRecord {
  const queue = (o.queueUrls ?? []).map((u) => ({ url: u, host: new URL(u).host, anchor: "", priority: 1 }));
  return {
    jobId, frontierId: item.id, workerId: TEST_WORKER, url: item.url, finalUrl: item.url, host: item.host, depth: 1, httpStatus: 200,
    contentType: "text/html", charset: "utf-8", charsetSource: "header", title: item.url, mainText: `正文 ${item.url}`, relevance: 0,
    isRelevant: false, explanation: {}, topicRevision: 1, pageKind: "content", checksum: `c-${item.url}`,
    simhash: BigInt.asIntN(64, BigInt(item.id) * 0x9e3779b97f4a7c15n), contentBytes: 10, isTruncated: false, etag: null, lastModified: null,
    fetchMs: 1, answeredAt: new Date(), redirects: [], linksRejected: null, maxPagesPerHost: 0, maxQueryVariants: 100, merge: "keep",
    isGraphRecomputed: false, politeness: { minDelayMs: 0, maxConnections: 2 }, links: queue.map(({ url, host }) => ({ url, host, anchor: "" })),
    queue, ...o,
  };
}
