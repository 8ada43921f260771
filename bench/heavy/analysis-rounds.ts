/**
 * Analyse a set of pages the way a worker does, in rounds (bench/heavy/analysis-cost.ts prints the
 * CPU a page; bench/heavy/analysis-alloc.ts profiles what the rounds allocate).
 */
import fs from "node:fs";
import path from "node:path";
import { pageAnalyser } from "../../lib/crawl/analysis/pool";
import { buildTopic, topicScorer, TopicDefinitionSchema } from "../../lib/topic/topic";
import { ensureSite } from "./site-server";

/** What to analyse: `pages` pages of `dir` (default: the 3,000-page heavy site) on `threads` analysis threads (0: this thread). */
export interface AnalysisRoundsOptions { pages: number; rounds: number; threads: number; dir?: string }

/** CPU ms a page over all the process's threads, and wall ms, of each round, and the best round's CPU. */
export interface AnalysisRounds { pages: number; rounds: { cpuMs: number; wallMs: number }[]; bestCpuMs: number }

/** The HTML files below `dir`, section after section, at most `limit`. */
function htmlFiles(dir: string, limit: number): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= limit) break;
    if (e.isDirectory()) out.push(...htmlFiles(path.join(dir, e.name), limit - out.length));
    else if (e.name.endsWith(".html")) out.push(path.join(dir, e.name));
  }
  return out;
}

const URL_OF_PAGES = "http://127.0.0.1:18090/docs/s000/1.html";
const IN_FLIGHT = 32;

/** Analyse every page `o.rounds` times with 32 in flight, as the worker's concurrency does, after one page that loads the thread's dictionary and IDF table. */
export async function analysisRounds(o: AnalysisRoundsOptions): Promise<AnalysisRounds> {
  const root = o.dir ?? path.join(ensureSite(3000, 18090), "docs");
  const bodies = htmlFiles(root, o.pages).map((f) => fs.readFileSync(f));
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "网络", "爬虫", "性能", "database", "crawler"] })));
  const analyser = pageAnalyser(o.threads);
  const round = async () => {
    const cpu0 = process.cpuUsage(), t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) await analyser.analyse(scorer, bodies[next++], "text/html", URL_OF_PAGES);
    }));
    const cpu = process.cpuUsage(cpu0);
    return { cpuMs: +((cpu.user + cpu.system) / 1000 / bodies.length).toFixed(3), wallMs: +((performance.now() - t0) / bodies.length).toFixed(3) };
  };
  await analyser.analyse(scorer, bodies[0], "text/html", URL_OF_PAGES);
  const rounds = [];
  for (let i = 0; i < o.rounds; i++) rounds.push(await round());
  return { pages: bodies.length, rounds, bestCpuMs: Math.min(...rounds.map((r) => r.cpuMs)) };
}
