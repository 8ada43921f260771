/**
 * Browser fetching on a JavaScript site (bench/browser-site.ts: text and links written by a script
 * after an API call, with a stylesheet, a web font and an image per page): one worker (this
 * process) crawls it into a fresh embedded PostgreSQL with fetchMode http (which finds nothing
 * past the first page) and with fetchMode browser, and, with `--peer DIR`, Crawlee's
 * PlaywrightCrawler on the same site and the same system Chromium in the same run, alternating
 * for `--rounds`. Prints pages/s and the peak resident memory of each crawler's process tree
 * (node and its Chromium processes, sampled every 250 ms; the database's processes left out).
 *   npx tsx bench/browser.ts [--pages 300] [--concurrency 4] [--browser-pages 2] [--peer DIR] [--rounds 1]
 * DIR is a copy of bench/browser-peer with its packages installed (`npm install --ignore-scripts`).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCrawlWorker } from "../lib/crawl/worker";
import { makeJob } from "../lib/testing/fixtures";
import { withBenchDatabase } from "./bench-db";
import { startBrowserSite } from "./browser-site";

const { values } = parseArgs({ options: {
  pages: { type: "string" }, concurrency: { type: "string" }, "browser-pages": { type: "string" }, peer: { type: "string" }, rounds: { type: "string" },
} });
const PAGES = Number(values.pages ?? 300);
const CONCURRENCY = Number(values.concurrency ?? 4);
const BROWSER_PAGES = Number(values["browser-pages"] ?? 2);
const ROUNDS = Number(values.rounds ?? 1);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Resident memory in MB of process `root` and, apart, of the Chromium processes under it. */
function treeRssMb(root: number): { node: number; chromium: number } {
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
  walk(root);
  return { node: Math.round((info.get(root)?.rssKb ?? 0) / 1024), chromium: Math.round(chromiumKb / 1024) };
}

/** Sample `root`'s tree every 250 ms until stopped; the peaks. */
function samplePeaks(root: () => number | undefined) {
  const peak = { node: 0, chromium: 0, total: 0 };
  const timer = setInterval(() => {
    const pid = root();
    if (!pid) return;
    const m = treeRssMb(pid);
    peak.node = Math.max(peak.node, m.node); peak.chromium = Math.max(peak.chromium, m.chromium); peak.total = Math.max(peak.total, m.node + m.chromium);
  }, 250);
  return { peak, stop: () => clearInterval(timer) };
}

const site = await startBrowserSite(Math.max(2000, PAGES * 4));
const start = `http://127.0.0.1:${site.port}/`;
const rows: string[] = [];
const row = (cells: (string | number)[]) => { rows.push(`| ${cells.join(" | ")} |`); console.log(rows.at(-1)); };

async function runFocusCrawl(mode: "http" | "browser", round: number): Promise<void> {
  await withBenchDatabase(`browser-${mode}`, async (url, sql) => {
    const job = await makeJob(url, { keywords: "数据库,索引,查询,事务", seeds: start, maxPages: PAGES, minDelayMs: 0, maxHostConnections: CONCURRENCY, fetchMode: mode });
    const before = { ...site.requests };
    const sampler = samplePeaks(() => process.pid);
    const worker = createCrawlWorker({
      sql, concurrency: CONCURRENCY, leaseMs: 120_000, heartbeatMs: 1_000, staleAfterMs: 30_000, idlePollMs: 50,
      userAgent: "FocusCrawl-bench", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
      browser: { executablePath: CHROMIUM, maxPages: BROWSER_PAGES, pageBudgetMs: 20_000, heapMb: 256, userAgent: "FocusCrawl-bench" },
    });
    const started = performance.now();
    await worker.run();
    const seconds = (performance.now() - started) / 1000;
    sampler.stop();
    const [j] = await sql`select pages_fetched, pages_relevant from jobs where id = ${job.id}`;
    const [t] = await sql`select count(*) filter (where length(main_text) > 100)::int as with_text from pages where job_id = ${job.id}`;
    const served = (k: string) => (site.requests[k] ?? 0) - (before[k] ?? 0);
    row([`FocusCrawl ${mode}`, round, j.pages_fetched, t.with_text, j.pages_relevant, `${served("api")} / ${served("image") + served("font") + served("style")}`,
      seconds.toFixed(1), (j.pages_fetched / seconds).toFixed(2), sampler.peak.node, sampler.peak.chromium, sampler.peak.total]);
  });
}

async function runPeer(dir: string, round: number): Promise<void> {
  const before = { ...site.requests };
  const child = spawn(process.execPath, [path.join(dir, "crawl-playwright.mjs"), "--start", start, "--max-pages", String(PAGES),
    "--concurrency", String(BROWSER_PAGES), "--chromium", CHROMIUM], { stdio: ["ignore", "pipe", "inherit"] });
  const sampler = samplePeaks(() => child.pid);
  let out = "";
  child.stdout.on("data", (d) => { out += d; });
  await new Promise((r) => child.on("exit", r));
  sampler.stop();
  const result = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { pages: number; seconds: number; pagesPerSecond: number };
  const served = (k: string) => (site.requests[k] ?? 0) - (before[k] ?? 0);
  row(["Crawlee PlaywrightCrawler", round, result.pages, "–", "–", `${served("api")} / ${served("image") + served("font") + served("style")}`,
    result.seconds.toFixed(1), result.pagesPerSecond.toFixed(2), sampler.peak.node, sampler.peak.chromium, sampler.peak.total]);
}

try {
  await runFocusCrawl("http", 1);
  for (let round = 1; round <= ROUNDS; round++) {
    await runFocusCrawl("browser", round);
    if (values.peer) await runPeer(path.resolve(values.peer), round);
  }
} finally {
  await site.close();
}
console.log(["| crawler | round | pages | pages with text | relevant | API / style, font and image requests served | seconds | pages/s | peak node RSS (MB) | peak Chromium RSS (MB) | peak together (MB) |",
  "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|", ...rows].join("\n"));
