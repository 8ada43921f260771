/**
 * A short crawl of the long-tail layout built from the bundled sample: from the portal seed, through
 * the directories and the sites' links to each other, the crawl reaches articles on many small hosts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { useSampleWeb } from "./sample-web";

const env = useSampleWeb({ deadHosts: 20, layout: "long-tail" });

test("a bfs crawl of the long-tail layout from its portal reaches dozens of hosts, small ones among them", async () => {
  const job = await makeJob(env.db.url, {
    strategy: "bfs", keywords: "计算机,网络,控制", seeds: env.web.web.portal, resolve: `*=127.0.0.1:${env.web.port}`, minDelayMs: 0,
    maxHostConnections: 4, maxPages: 300, connectTimeoutMs: 1000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000,
  });
  const worker = createCrawlWorker({
    sql: env.db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  const stored = await env.db.sql<{ url: string; host: string }[]>`select url, host from pages where job_id = ${job.id}`;
  const sizes = new Map<string, number>();
  for (const p of env.web.web.pages.values()) if (p.kind === "content") sizes.set(p.host, (sizes.get(p.host) ?? 0) + 1);
  const hosts = new Set(stored.map((r) => r.host));
  const articleHosts = new Set(stored.filter((r) => env.web.web.pages.get(r.url)?.kind === "content").map((r) => r.host));
  const smallHosts = [...hosts].filter((h) => (sizes.get(h) ?? Infinity) <= 2);
  console.log(`${stored.length} pages from ${hosts.size} hosts (${smallHosts.length} of one or two articles), articles from ${articleHosts.size}`);
  assert.ok(stored.length >= 250, `only ${stored.length} pages stored`);
  assert.ok(hosts.size >= 60, `pages from ${hosts.size} hosts`);
  assert.ok(articleHosts.size >= 20, `articles from ${articleHosts.size} hosts`);
  assert.ok(smallHosts.length >= 10, `pages from ${smallHosts.length} hosts of one or two articles`);
});
