import assert from "node:assert/strict";
import { test } from "node:test";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { STRATEGY_IDS } from "../strategy/registry";
import { useSampleWeb } from "./sample-web";

// The bundled sample's journals of real abstracts behind a directory portal, with hosts that refuse connections.
const env = useSampleWeb({ abstracts: 300, deadHosts: 20 });

async function crawl(raw: Record<string, unknown>) {
  const job = await makeJob(env.db.url, {
    keywords: "计算机,网络,控制,算法,系统", seeds: env.web.web.portal, resolve: `*=127.0.0.1:${env.web.port}`, minDelayMs: 0, maxHostConnections: 4,
    connectTimeoutMs: 1000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000, ...raw,
  });
  const worker = createCrawlWorker({
    sql: env.db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  await worker.run();
  return job.id;
}

for (const strategy of STRATEGY_IDS) {
  test(`a directory portal seed leads ${strategy} past the site home pages, none of them relevant, to their articles`, async () => {
    // A threshold no page reaches: the portal's children (journal home pages) are all irrelevant,
    // as a portal's children mostly are; the crawl must still go through them.
    const jobId = await crawl({ strategy, maxPages: 60, pageThreshold: 0.99 });
    const [r] = await env.db.sql<{ pages: number; articles: number }[]>`
      select count(*)::int as pages, count(*) filter (where depth >= 2 and url ~ '/(article|view)')::int as articles from pages where job_id = ${jobId}`;
    assert.ok(r.pages >= 30, `${strategy}: only ${r.pages} pages stored from the portal`);
    assert.ok(r.articles >= 10, `${strategy}: ${r.articles} article pages reached through the journals' home pages`);
  });
}
