/**
 * Main-text quality and parse cost (bench, not a test):
 *   npm run bench:extract [-- --data DIR] [--worst N] [--rounds N] [--out FILE]
 * 1. The article-extraction benchmark's 181 English article pages (DIR/extraction/article-extraction-benchmark,
 *    default ../shared/data), scored with the benchmark's own measure (extract-score.ts); `--out` writes
 *    the predictions in the benchmark's output format, for its evaluate.py to check the figures.
 * 2. Our Chinese set (bench/extract-zh/): pages of the real Chinese sites and of the realistic web with
 *    their main text written by hand, scored the same way, and every list or home page checked for
 *    items run together (a line of main text holding two expected lines).
 * Time per page is parseHtml's whole cost (links, title and main text), best CPU time of `--rounds`.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parseArgs } from "node:util";
import { parseHtml } from "../lib/rules/parse";
import { matchShingles, pageScores, scoreMatches, type Match } from "./extract-score";

const { values } = parseArgs({
  options: { data: { type: "string", default: "../shared/data" }, worst: { type: "string", default: "0" }, rounds: { type: "string", default: "3" }, out: { type: "string" } },
});
const ZH_DIR = path.resolve(import.meta.dirname, "extract-zh");

interface Case { id: string; url: string; html: string; truth: string; kind?: string }

/** The benchmark's pages with their hand-written article bodies. */
function loadBenchmark(dataDir: string): Case[] {
  const dir = path.join(dataDir, "extraction/article-extraction-benchmark");
  const truthFile = path.join(dir, "ground-truth.json");
  if (!fs.existsSync(truthFile)) throw new Error(`${truthFile} is missing: --data must point at the folder holding extraction/article-extraction-benchmark`);
  const truth = JSON.parse(fs.readFileSync(truthFile, "utf8")) as Record<string, { articleBody?: string; url: string }>;
  return Object.entries(truth).map(([id, t]) => ({
    id, url: t.url, truth: t.articleBody ?? "",
    html: zlib.gunzipSync(fs.readFileSync(path.join(dir, "html", `${id}.html.gz`))).toString("utf8"),
  }));
}

/** Our Chinese set: manifest.json lists the pages; pages/<id>.html is the page, expected/<id>.txt its main text. */
function loadChinese(): Case[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ZH_DIR, "manifest.json"), "utf8")) as { id: string; url: string; kind: string }[];
  return manifest.map((m) => ({
    ...m,
    html: fs.readFileSync(path.join(ZH_DIR, "pages", `${m.id}.html`), "utf8"),
    truth: fs.readFileSync(path.join(ZH_DIR, "expected", `${m.id}.txt`), "utf8"),
  }));
}

/** Best CPU milliseconds per page over `rounds` rounds, after one warm-up round. */
function timePerPage(cases: Case[], rounds: number): number {
  for (const c of cases) parseHtml(c.html, c.url);
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage();
    for (const c of cases) parseHtml(c.html, c.url);
    const used = process.cpuUsage(cpu);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best / cases.length;
}

/** Expected lines that a single line of the main text holds two of: items run together. */
function findGluedLines(truth: string, mainText: string): string[] {
  const expected = [...new Set(truth.split("\n").map((l) => l.trim()).filter((l) => l.length >= 3))];
  return mainText.split("\n").filter((line) => {
    const inside = expected.filter((e) => line.includes(e));
    // Two expected lines on one line, neither part of a third that the line holds (a heading's words inside a sentence).
    return inside.filter((e) => !inside.some((o) => o !== e && o.includes(e))).length > 1;
  });
}

/** Score one set and print its figures; returns the predictions by id. */
function report(name: string, cases: Case[], opts: { worst: number; rounds: number; glue: boolean }): Record<string, string> {
  const preds: Record<string, string> = {};
  const matches: Match[] = [];
  for (const c of cases) {
    preds[c.id] = parseHtml(c.html, c.url).mainText;
    matches.push(matchShingles(c.truth, preds[c.id]));
  }
  const s = scoreMatches(matches);
  const ms = timePerPage(cases, opts.rounds);
  console.log(`${name}: ${cases.length} pages, F1 ${s.f1.toFixed(3)}, precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}; ` +
    `parse ${ms.toFixed(2)} ms of CPU a page (${((ms * cases.length) / 1000).toFixed(2)} s for all)`);
  if (opts.glue) {
    const glued = cases.flatMap((c) => findGluedLines(c.truth, preds[c.id]).map((l) => `${c.id}: ${l.slice(0, 80)}`));
    console.log(`  pages with items run together: ${new Set(glued.map((g) => g.split(":")[0])).size}`);
    for (const g of glued.slice(0, 20)) console.log(`    ${g}`);
    for (const kind of [...new Set(cases.map((c) => c.kind))]) {
      const k = cases.flatMap((c, i) => (c.kind === kind ? [matches[i]] : []));
      const ks = scoreMatches(k);
      console.log(`  ${kind}: ${k.length} pages, F1 ${ks.f1.toFixed(3)}, precision ${ks.precision.toFixed(3)}, recall ${ks.recall.toFixed(3)}`);
    }
  }
  const rows = cases.map((c, i) => ({ id: c.id, url: c.url, ...pageScores(matches[i]), got: preds[c.id].length, want: c.truth.length }));
  for (const r of rows.sort((a, b) => a.precision * a.recall - b.precision * b.recall).slice(0, opts.worst)) {
    console.log(`  P ${r.precision.toFixed(2)} R ${r.recall.toFixed(2)} ${r.got}/${r.want} chars ${r.id.slice(0, 12)} ${r.url}`);
  }
  return preds;
}

const opts = { worst: Number(values.worst), rounds: Number(values.rounds) };
const preds = report("article-extraction-benchmark", loadBenchmark(values.data!), { ...opts, glue: false });
if (values.out) {
  const output = Object.fromEntries(Object.entries(preds).map(([id, text]) => [id, { articleBody: text }]));
  fs.writeFileSync(values.out, JSON.stringify({ version: "focuscrawl", output }));
}
if (fs.existsSync(path.join(ZH_DIR, "manifest.json"))) report("Chinese set (bench/extract-zh)", loadChinese(), { ...opts, glue: true });
