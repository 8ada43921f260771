/**
 * CPU milliseconds a page of each analysis stage, each timed alone on the same pages (best of three
 * rounds, one thread, no I/O): the floor of what a stored and scored page costs the worker, to set
 * beside the whole machine's cost a page in `npm run bench:crawl -- --site heavy`. Usage:
 *   npx tsx bench/heavy/stage-costs.ts [--pages 150] [--dir DIR]   (DIR: HTML pages; default the heavy site's)
 */
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { gzip, gzipSync } from "node:zlib";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import { decodeBody } from "../../lib/rules/decode";
import { parseHtml } from "../../lib/rules/parse";
import { simhash64 } from "../../lib/rules/simhash";
import { buildTopic, pageTerms, scoreTerms, topicScorer, TopicDefinitionSchema } from "../../lib/topic/topic";
import { documentFromTerms } from "../../lib/store/search-vector";
import { ensureSite } from "./site-server";

const { values } = parseArgs({ options: { pages: { type: "string" }, dir: { type: "string" } } });
const dir = values.dir ?? path.join(ensureSite(3000, 18090), "docs", "s000");
const bodies = fs.readdirSync(dir).filter((f) => f.endsWith(".html")).slice(0, Number(values.pages ?? 150)).map((f) => fs.readFileSync(path.join(dir, f)));
const url = "http://127.0.0.1:18090/docs/s000/1.html";
// The bench's own topic (bench/crawl-heavy.ts).
const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: ["数据库", "网络", "爬虫", "性能", "database", "crawler"] })));

const texts = bodies.map((b) => decodeBody(b, "text/html").text);
const parsed = texts.map((t) => parseHtml(t, url));
const terms = parsed.map((p) => pageTerms(scorer, p.mainText));

/** Best of three rounds, ms a page. */
function time(f: (i: number) => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    for (let i = 0; i < bodies.length; i++) f(i);
    best = Math.min(best, (performance.now() - t0) / bodies.length);
  }
  return +best.toFixed(3);
}

const stages = {
  decode: time((i) => decodeBody(bodies[i], "text/html")),
  "parse, links and main text": time((i) => parseHtml(texts[i], url)),
  "segmentation (jieba, search mode)": time((i) => pageTerms(scorer, parsed[i].mainText)),
  "page vector and score": time((i) => scoreTerms(scorer, [], terms[i])),
  SimHash: time((i) => simhash64(terms[i])),
  checksum: time((i) => createHash("sha256").update(parsed[i].mainText).digest("hex")),
  "search vector literal": time((i) => documentFromTerms([], terms[i])),
  "raw body gzip (level 4)": time((i) => gzipSync(bodies[i], { level: 4 })),
};
/** zlib's default level, used for kept bodies before level 4: not part of a page's cost now. */
const gzipDefault = { ms: time((i) => gzipSync(bodies[i])), ratio: +(bodies.reduce((a, b) => a + gzipSync(b).length, 0) / bodies.reduce((a, b) => a + b.length, 0)).toFixed(3) };
const gzipLevel4Ratio = +(bodies.reduce((a, b) => a + gzipSync(b, { level: 4 }).length, 0) / bodies.reduce((a, b) => a + b.length, 0)).toFixed(3);
/**
 * The process's CPU (all threads: zlib's stream runs on libuv's) a page for the kept body's gzip at
 * level 4, as the main thread once made it (zlib's asynchronous stream) and as an analysis thread
 * makes it now (gzipSync); best of three rounds.
 */
async function gzipCpu(f: (b: Buffer) => unknown): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const c0 = process.cpuUsage();
    for (const b of bodies) await f(b);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000 / bodies.length);
  }
  return +best.toFixed(3);
}
const gzipAsync = promisify(gzip);
const gzipCpuMs = { stream: await gzipCpu((b) => gzipAsync(b, { level: 4 })), sync: await gzipCpu((b) => gzipSync(b, { level: 4 })) };
const total = +Object.values(stages).reduce((a, b) => a + b, 0).toFixed(3);
console.table(Object.entries(stages).map(([stage, ms]) => ({ stage, ms })));
console.log(JSON.stringify({
  pages: bodies.length, meanHtmlBytes: Math.round(bodies.reduce((a, b) => a + b.length, 0) / bodies.length),
  meanMainTextChars: Math.round(parsed.reduce((a, p) => a + p.mainText.length, 0) / parsed.length), stagesMs: stages, totalMs: total,
  gzip: { level6Ms: gzipDefault.ms, level6Ratio: gzipDefault.ratio, level4Ms: stages["raw body gzip (level 4)"], level4Ratio: gzipLevel4Ratio },
  gzipCpuMs,
}));
