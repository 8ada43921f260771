/**
 * Browser fetching against HTTP fetching on the same site: one worker (this process) crawls the
 * test web (lib/testweb, served from this process) into a fresh embedded PostgreSQL, once with
 * fetchMode http and once with fetchMode browser, and prints pages/s and the peak memory of the
 * worker process and of its Chromium processes (sampled every 250 ms). Usage:
 *   npx tsx bench/browser.ts [--pages 150] [--concurrency 4] [--browser-pages 2]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { createCrawlWorker } from "../lib/crawl/worker";
import { makeJob } from "../lib/testing/fixtures";
import { startTestWeb } from "../lib/testweb/server";
import { withBenchDatabase } from "./bench-db";

const { values } = parseArgs({ options: { pages: { type: "string" }, concurrency: { type: "string" }, "browser-pages": { type: "string" } } });
const PAGES = Number(values.pages ?? 150);
const CONCURRENCY = Number(values.concurrency ?? 4);
const BROWSER_PAGES = Number(values["browser-pages"] ?? 2);

/** Resident memory in MB of this process (the worker, with the test web it serves) and of the Chromium processes under it (the database's processes are left out). */
function rssMb(): { node: number; chromium: number } {
  const children = new Map<number, number[]>();
  const info = new Map<number, { rssKb: number; name: string }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      info.set(Number(name), { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0), name: /Name:\s+(\S+)/.exec(status)?.[1] ?? "" });
    } catch { /* gone meanwhile */ }
  }
  let chromiumKb = 0;
  const walk = (pid: number) => {
    const i = info.get(pid);
    if (i && /chrom/i.test(i.name)) chromiumKb += i.rssKb;
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(process.pid);
  return { node: Math.round((info.get(process.pid)?.rssKb ?? 0) / 1024), chromium: Math.round(chromiumKb / 1024) };
}

const web = await startTestWeb({ seed: 7, pages: 3000 });
const results: string[] = [];
try {
  for (const mode of ["http", "browser"] as const) {
    await withBenchDatabase(`browser-${mode}`, async (url, sql) => {
      const job = await makeJob(url, { keywords: "计算机,软件,网络,数据库,算法", seeds: web.web.portal, maxPages: PAGES, minDelayMs: 0, maxHostConnections: 4,
        fetchMode: mode, resolve: [`*=127.0.0.1:${web.port}`] });
      const peak = { node: 0, chromium: 0, total: 0 };
      const sample = () => { const m = rssMb(); peak.node = Math.max(peak.node, m.node); peak.chromium = Math.max(peak.chromium, m.chromium); peak.total = Math.max(peak.total, m.node + m.chromium); };
      const sampler = setInterval(sample, 250);
      const worker = createCrawlWorker({
        sql, concurrency: CONCURRENCY, leaseMs: 120_000, heartbeatMs: 1_000, staleAfterMs: 30_000, idlePollMs: 50,
        userAgent: "FocusCrawl-bench", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
        browser: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", maxPages: BROWSER_PAGES, pageBudgetMs: 20_000, heapMb: 256, userAgent: "FocusCrawl-bench" },
      });
      const started = performance.now();
      await worker.run();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const [j] = await sql`select pages_fetched, pages_relevant from jobs where id = ${job.id}`;
      const [r] = await sql`select count(*)::int as n, coalesce(sum((render->>'requests')::int), 0)::int as requests from pages where job_id = ${job.id} and render is not null`;
      results.push(`| ${mode} | ${j.pages_fetched} | ${j.pages_relevant} | ${r.n} | ${r.requests} | ${seconds.toFixed(1)} | ${(j.pages_fetched / seconds).toFixed(1)} | ${peak.node} | ${peak.chromium} | ${peak.total} |`);
      console.log(results.at(-1));
    });
  }
} finally {
  await web.close();
}
console.log(["| mode | pages fetched | relevant | rendered | requests by rendered pages | seconds | pages/s | peak node RSS (MB) | peak Chromium RSS (MB) | peak together (MB) |",
  "|---|---|---|---|---|---|---|---|---|---|", ...results].join("\n"));
