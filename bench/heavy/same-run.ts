/**
 * The same-run comparison of the heavy benchmark (`npm run bench:crawl -- --site heavy --peer DIR`):
 * FocusCrawl (a worker process, bfs, the site's own host) and the equal-work peer
 * (DIR/crawl-eq.mjs: Crawlee's CheerioCrawler doing FocusCrawl's work per page, text, jieba,
 * TF-IDF cosine, gzip, one page INSERT with its tsvector and one multi-row links INSERT) crawl the
 * same site alternately, each run into a database of its own on the one PostgreSQL server.
 *
 * Per run: pages stored, pages/s, CPU per stored page of the crawler process (its own and its
 * threads', read as this process's waited-for children's CPU from /proc), of PostgreSQL (all its
 * processes) and of the whole machine, and the crawler's peak RSS (VmHWM, read while it runs).
 * Then FocusCrawl's ratios to the peer over the rounds (means).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase } from "../../lib/store/infra/connect";
import { migrate } from "../../lib/store/infra/migrate";
import { openSql } from "../../lib/store/infra/sql";
import { makeJob } from "../../lib/testing/fixtures";
import { WORKER_NODE_FLAGS } from "../../lib/crawl/heap-limits";
import { ensureSite, serveSite } from "./site-server";
import { machineCpuSeconds, parseStatCpu, treeCpuSeconds } from "./proc-stats";

/** The heavy benchmark's job: bfs over the site's own host (its footer links off-site), no delay. */
export function heavyJob(origin: string, pages: number) {
  return { keywords: "数据库,网络,爬虫,性能,database,crawler", seeds: `${origin}/`, strategy: "bfs", maxPages: pages, scope: "seed-hosts",
    maxDepth: 100, minDelayMs: 0, maxHostConnections: 32 };
}

/** One crawl's cost. */
interface RunCost {
  crawler: "focuscrawl" | "peer"; round: number; stored: number; seconds: number; pagesPerSecond: number;
  crawlerCpuMsPerPage: number; postgresCpuMsPerPage: number; machineCpuMsPerPage: number; peakRssMb: number; load1: number;
}

type Database = { url(db?: string): string; pid: number; stop(): Promise<unknown> };

/** CPU seconds of the children this process has waited for (their threads included). */
const childrenCpuSeconds = () => parseStatCpu(fs.readFileSync("/proc/self/stat", "utf8")).children;

/** The peak RSS (MB) a process reached so far (VmHWM), or 0 once it has ended. */
function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Run `node args` to its end: its stdout, wall seconds and peak RSS. */
function runNode(args: string[]): Promise<{ out: string; seconds: number; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "", peak = 0;
    const sampler = setInterval(() => { peak = Math.max(peak, peakRssMb(child.pid!)); }, 200);
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      code === 0 ? resolve({ out, seconds, peakRssMb: peak }) : reject(new Error(`${args.join(" ")} exited with ${code}`));
    });
  });
}

/** Measure one crawl: `crawl` runs it and says how many pages it stored and in how long. */
async function measure(pg: Database, crawler: RunCost["crawler"], round: number,
  crawl: () => Promise<{ stored: number; seconds: number; peakRssMb: number }>): Promise<RunCost> {
  const load1 = os.loadavg()[0];
  const machineBefore = machineCpuSeconds(), pgBefore = treeCpuSeconds(pg.pid), childBefore = childrenCpuSeconds();
  const r = await crawl();
  const machineAfter = machineCpuSeconds(), pgAfter = treeCpuSeconds(pg.pid), childAfter = childrenCpuSeconds();
  const per = (seconds: number) => +((seconds * 1000) / Math.max(1, r.stored)).toFixed(2);
  return {
    crawler, round, stored: r.stored, seconds: +r.seconds.toFixed(1), pagesPerSecond: +(r.stored / r.seconds).toFixed(1),
    crawlerCpuMsPerPage: per(childAfter - childBefore), postgresCpuMsPerPage: per(pgAfter - pgBefore),
    machineCpuMsPerPage: per(machineAfter.busy - machineBefore.busy), peakRssMb: r.peakRssMb, load1: +load1.toFixed(2),
  };
}

/** Alternate FocusCrawl and the peer for `rounds` rounds on the heavy site; print each run and the ratios. */
export async function sameRun(o: {
  peerDir: string; rounds: number; pages: number; concurrency: number; port: number; threads?: string;
  startDatabase: (dataDir: string) => Promise<Database>;
}): Promise<void> {
  const script = path.join(o.peerDir, "crawl-eq.mjs");
  if (!fs.existsSync(script)) throw new Error(`--peer: no crawl-eq.mjs in ${o.peerDir}; copy ../shared/bench/crawlee-equal-work there`);
  if (!fs.existsSync(path.join(o.peerDir, "node_modules"))) throw new Error(`--peer: ${o.peerDir} has no node_modules; run \`npm ci\` in it first`);
  if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error("--rounds must be a whole number of at least 1");
  const origin = `http://127.0.0.1:${o.port}`;
  const siteDir = ensureSite(o.pages, o.port);
  const server = await serveSite(siteDir, o.port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-same-run-"));
  const pg = await o.startDatabase(dataDir);
  const runs: RunCost[] = [];
  try {
    for (let round = 1; round <= o.rounds; round++) {
      runs.push(await measure(pg, "focuscrawl", round, async () => {
        await ensureDatabase(pg.url(), `focus${round}`);
        const url = pg.url(`focus${round}`);
        const sql = openSql(url, { max: 2 });
        await migrate(sql);
        const job = await makeJob(url, heavyJob(origin, o.pages));
        const r = await runNode([...WORKER_NODE_FLAGS, "--import", "tsx", path.join(import.meta.dirname, "worker-run.ts"), "--db", url, "--job", String(job.id),
          "--concurrency", String(o.concurrency), ...(o.threads ? ["--threads", o.threads] : [])]);
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${job.id} and relevance is not null`;
        await sql.end();
        return { stored: n, seconds: JSON.parse(r.out.trim().split("\n").pop()!).seconds, peakRssMb: r.peakRssMb };
      }));
      console.log(JSON.stringify(runs.at(-1)));
      runs.push(await measure(pg, "peer", round, async () => {
        await ensureDatabase(pg.url(), `peer${round}`);
        // No --max-pages: the site has exactly o.pages pages, so the peer ends when it has crawled them. With a
        // budget, Crawlee's enqueueLinks sleeps a second between batches once the budget nears its end
        // (addRequestsBatched's waitBetweenBatchesMillis), its handlers time out after 30 s and are run again:
        // the peer then measured its own stalls and retries, not its work.
        const r = await runNode([script, "--db", pg.url(`peer${round}`), "--start", `${origin}/`, "--concurrency", String(o.concurrency),
          "--max-seconds", "1800"]);
        const summary = JSON.parse(r.out.split("\n").find((l) => l.startsWith("SUMMARY "))!.slice(8)) as { stored: number; seconds?: number };
        return { stored: summary.stored, seconds: r.seconds, peakRssMb: r.peakRssMb };
      }));
      console.log(JSON.stringify(runs.at(-1)));
    }
  } finally {
    server.kill("SIGTERM");
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(runs);
  const mean = (c: RunCost["crawler"], k: keyof RunCost) => {
    const xs = runs.filter((r) => r.crawler === c).map((r) => Number(r[k]));
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const ratio = (k: keyof RunCost) => +(mean("focuscrawl", k) / mean("peer", k)).toFixed(3);
  console.log(JSON.stringify({ rounds: o.rounds, pages: o.pages, focusCrawlToPeer: {
    pagesPerSecond: ratio("pagesPerSecond"), machineCpuMsPerPage: ratio("machineCpuMsPerPage"), crawlerCpuMsPerPage: ratio("crawlerCpuMsPerPage"),
    postgresCpuMsPerPage: ratio("postgresCpuMsPerPage"), peakRssMb: ratio("peakRssMb"),
  } }));
}
