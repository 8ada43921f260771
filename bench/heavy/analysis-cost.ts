/**
 * The process's CPU a page for analysing pages the way a worker does (one analysis thread of
 * lib/crawl/analysis/pool.ts, its heap flags, the page's analysis copied back to the main thread),
 * counted over all the process's threads (V8's garbage-collection helpers included), as the heavy
 * crawl's /proc figure counts it. No fetch, no database: the analysis half of a page's cost, to
 * compare changes to it before and after. Usage (run it with the worker's heap flags):
 *   node --max-old-space-size=256 --max-semi-space-size=4 --import tsx bench/heavy/analysis-cost.ts [--pages 600] [--rounds 3] [--threads 1] [--dir DIR]
 */
import { parseArgs } from "node:util";
import { analysisRounds } from "./analysis-rounds";

const { values } = parseArgs({ options: { pages: { type: "string" }, rounds: { type: "string" }, threads: { type: "string" }, dir: { type: "string" } } });
console.log(JSON.stringify(await analysisRounds({
  pages: Number(values.pages ?? 600), rounds: Number(values.rounds ?? 3), threads: Number(values.threads ?? 1), dir: values.dir,
})));
process.exit(0);
