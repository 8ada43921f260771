/**
 * End-to-end crawl throughput: one worker (this process) crawls the test web (a separate
 * process) into a fresh embedded PostgreSQL, storing pages, links and frontier, scoring pages.
 * Prints pages/s and the worker's peak RSS. Usage:
 *   npm run bench:crawl -- [--pages 5000] [--concurrency 16] [--web-pages 20000]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase } from "../lib/store/infra/connect";
import { startEmbeddedPostgres } from "../lib/store/infra/embedded";
import { migrate } from "../lib/store/infra/migrate";
import { openSql } from "../lib/store/infra/sql";
import { createCrawlWorker } from "../lib/crawl/worker";
import { makeJob } from "../lib/testing/fixtures";
import { freePort } from "../lib/testing/net";

const { values } = parseArgs({ options: { pages: { type: "string" }, concurrency: { type: "string" }, "web-pages": { type: "string" } } });
const PAGES = Number(values.pages ?? 5000);
const CONCURRENCY = Number(values.concurrency ?? 16);
const WEB_PAGES = Number(values["web-pages"] ?? 20000);
const ROOT = path.resolve(import.meta.dirname, "..");


const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-bench-"));
const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
const webPort = await freePort();
const web = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "lib/cli/run.ts"), "testweb", "--port", String(webPort), "--pages", String(WEB_PAGES)],
  { stdio: "ignore" });
try {
  await ensureDatabase(pg.url(), "bench");
  const url = pg.url("bench");
  const sql = openSql(url, { max: CONCURRENCY + 4, isAsyncCommit: true });
  await migrate(sql);
  for (let i = 0; i < 100 && !(await fetch(`http://127.0.0.1:${webPort}/robots.txt`).then(() => true, () => false)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  // No per-host delay: this measures the pipeline, not politeness (the test web is local).
  const job = await makeJob(url, { keywords: "计算机,软件,网络,数据库,算法", seeds: "http://portal.test/", maxPages: PAGES,
    resolve: [`*=127.0.0.1:${webPort}`], minDelayMs: 0, maxHostConnections: 8 });
  const worker = createCrawlWorker({
    sql, concurrency: CONCURRENCY, leaseMs: 120_000, heartbeatMs: 2_000, staleAfterMs: 30_000, idlePollMs: 50,
    userAgent: "FocusCrawl-bench", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  await worker.run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [j] = await sql`select pages_fetched, links_found from jobs where id = ${job.id}`;
  const [links] = await sql`select count(*)::int as n from links where job_id = ${job.id}`;
  console.log(JSON.stringify({ pages: j.pages_fetched, seconds: +seconds.toFixed(2), pagesPerSecond: +(j.pages_fetched / seconds).toFixed(1),
    linksStored: links.n, urlsQueued: j.links_found, concurrency: CONCURRENCY, peakRssMb: Math.round(peakRss / 2 ** 20) }));
  await sql.end();
} finally {
  web.kill("SIGTERM");
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
