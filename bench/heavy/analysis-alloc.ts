/**
 * Where analysing a page allocates memory, garbage included: V8's sampling heap profiler, keeping the
 * samples of objects already collected, over one round of bench/heavy/analysis-rounds.ts on the main
 * thread (no analysis thread, so one isolate holds every allocation). Prints the bytes allocated a page and the
 * allocation sites by share; a built-in (replace, match, join) is named with its two callers. The
 * one-time loads (jieba's dictionary, the IDF table) are counted too, so few pages overstate a page.
 * Run it with the worker's heap flags:
 *   node --max-old-space-size=256 --max-semi-space-size=4 --import tsx bench/heavy/analysis-alloc.ts [--pages 600] [--dir DIR] [--top 25]
 */
import inspector from "node:inspector/promises";
import { parseArgs } from "node:util";
import { analysisRounds } from "./analysis-rounds";

const { values } = parseArgs({ options: { pages: { type: "string" }, dir: { type: "string" }, top: { type: "string" } } });

interface ProfileNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: ProfileNode[] }

const session = new inspector.Session();
session.connect();
await session.post("HeapProfiler.enable");
// Objects collected by either collector stay in the profile: garbage is what this bench is for.
await session.post("HeapProfiler.startSampling", {
  samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
} as inspector.HeapProfiler.StartSamplingParameterType);

const { pages } = await analysisRounds({ pages: Number(values.pages ?? 600), rounds: 1, threads: 0, dir: values.dir });

const { profile } = await session.post("HeapProfiler.stopSampling");
const bySite = new Map<string, number>();
let total = 0;
const name = (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`;
const visit = (n: ProfileNode, callers: string[]) => {
  const own = name(n);
  const site = n.callFrame.url === "" ? [own, ...callers.slice(-2).reverse()].join(" < ") : own;
  bySite.set(site, (bySite.get(site) ?? 0) + n.selfSize);
  total += n.selfSize;
  for (const c of n.children) visit(c, [...callers, own]);
};
visit(profile.head as ProfileNode, []);
console.log(`${pages} pages, ${(total / 2 ** 20).toFixed(0)} MB allocated, ${(total / pages / 1024).toFixed(0)} KB a page`);
console.table([...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top ?? 25))
  .map(([site, bytes]) => ({ site: site.slice(0, 120), share: +((100 * bytes) / total).toFixed(1), kbPerPage: Math.round(bytes / pages / 1024) })));
process.exit(0);
