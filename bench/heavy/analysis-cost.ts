/**
 * The process's CPU a page for analysing pages the way a worker does (one analysis thread of
 * lib/crawl/analysis/pool.ts, its heap flags, the page's analysis copied back to the main thread),
 * counted over all the process's threads (V8's garbage-collection helpers included), as the heavy
 * crawl's /proc figure counts it. No fetch, no database: the analysis half of a page's cost, to
 * compare changes to it before and after. Usage (run it with the worker's heap flags):
 *   node --max-old-space-size=256 --max-semi-space-size=4 --import tsx bench/heavy/analysis-cost.ts [--pages 600] [--rounds 3] [--threads 1] [--dir DIR]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pageAnalyser } from "../../lib/crawl/analysis/pool";
import { buildTopic, topicScorer, TopicDefinitionSchema } from "../../lib/topic/topic";
import { ensureSite } from "./site-server";

const { values } = parseArgs({ options: { pages: { type: "string" }, rounds: { type: "string" }, threads: { type: "string" }, dir: { type: "string" } } });
const PAGES = Number(values.pages ?? 600);
const root = values.dir ?? path.join(ensureSite(3000, 18090), "docs");
/** The site's pages, section after section. */
function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= PAGES) break;
    if (e.isDirectory()) out.push(...htmlFiles(path.join(dir, e.name)).slice(0, PAGES - out.length));
    else if (e.name.endsWith(".html")) out.push(path.join(dir, e.name));
  }
  return out;
}
const bodies = htmlFiles(root).map((f) => fs.readFileSync(f));
const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "网络", "爬虫", "性能", "database", "crawler"] })));
const analyser = pageAnalyser(Number(values.threads ?? 1));
const url = "http://127.0.0.1:18090/docs/s000/1.html";
const IN_FLIGHT = 32;

/** Analyse every page with 32 in flight, as the worker's concurrency does; CPU ms a page (all threads) and wall ms. */
async function round(): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu0 = process.cpuUsage(), t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < bodies.length) await analyser.analyse(scorer, bodies[next++], "text/html", url);
  }));
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: +((cpu.user + cpu.system) / 1000 / bodies.length).toFixed(3), wallMs: +((performance.now() - t0) / bodies.length).toFixed(3) };
}

await analyser.analyse(scorer, bodies[0], "text/html", url); // the thread's dictionary and IDF table load
const rounds = [];
for (let i = 0; i < Number(values.rounds ?? 3); i++) rounds.push(await round());
console.log(JSON.stringify({ pages: bodies.length, rounds, bestCpuMs: Math.min(...rounds.map((r) => r.cpuMs)) }));
process.exit(0);
