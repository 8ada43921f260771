/**
 * Page-filter accuracy on the realistic web (lib/realweb): every page of the web, parsed as the
 * crawler parses it, scored against topics built from one CLC class alone; judged by the web's
 * ground truth (labels.ts; a page served at two addresses counts once, bench/realweb-pages.ts).
 * Reports ROC-AUC, F1 at the default threshold, at the best threshold in hindsight (the most any
 * per-topic threshold rule could reach) and at one automatic rule, Otsu's split of the log scores.
 * With the class knowledge (lib/topic/knowledge/) unless `--knowledge off`; F1 is also reported
 * at each topic's own threshold (its class's).
 *   npm run bench:realweb-filter -- --data DIR [--targets TP,R,F,S,G,K] [--knowledge off] [--verbose]
 */
import { parseArgs } from "node:util";
import { labelRealWeb } from "../lib/realweb/build";
import { realWebPages } from "./realweb-pages";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { f1At, rocAuc } from "./csl";

const { values } = parseArgs({ options: { data: { type: "string" }, targets: { type: "string" }, verbose: { type: "boolean" }, knowledge: { type: "string" } } });
const IS_KNOWLEDGE = values.knowledge !== "off";
const { web, pages } = realWebPages(values.data ?? "../shared/data");
const targets = (values.targets ?? "TP,R,F,S,G").split(",");
console.log(`${pages.length} HTML pages`);
for (const target of targets) {
  const labels = labelRealWeb(web, target);
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [target], classKnowledge: IS_KNOWLEDGE })));
  const scores = pages.map((x) => scorePage(scorer, x.title, x.text).relevance);
  const truth = pages.map((x) => labels.pages[x.url]?.relevant ?? false);
  const grid = Array.from({ length: 200 }, (_, i) => 0.0025 * (i + 1));
  const best = grid.map((t) => ({ t, ...f1At(scores, truth, t) })).reduce((a, b) => (b.f1 > a.f1 ? b : a));
  const at = f1At(scores, truth, DEFAULT_PAGE_THRESHOLD);
  const own = (IS_KNOWLEDGE ? classesThreshold([target]) : undefined) ?? DEFAULT_PAGE_THRESHOLD;
  const atOwn = f1At(scores, truth, own);
  console.log(`${target}: relevant ${truth.filter(Boolean).length}, AUC ${rocAuc(scores, truth).toFixed(3)}, F1@${DEFAULT_PAGE_THRESHOLD} ${at.f1.toFixed(3)} (P ${at.precision.toFixed(2)} R ${at.recall.toFixed(2)}), ` +
    `F1 at the topic's own threshold ${own} ${atOwn.f1.toFixed(3)} (P ${atOwn.precision.toFixed(2)} R ${atOwn.recall.toFixed(2)}), best F1 ${best.f1.toFixed(3)} @ ${best.t.toFixed(4)}`);
  console.log("   F1 at", [0.005, 0.01, 0.015, 0.02, 0.025, 0.03].map((t) => `${t}:${f1At(scores, truth, t).f1.toFixed(3)}`).join(" "));
  const sorted = [...scores].sort((a, b) => a - b);
  const q = (x: number) => sorted[Math.min(sorted.length - 1, Math.floor(x * sorted.length))];
  const otsu = otsuLog(scores.filter((s) => s > 0.001));
  const fo = f1At(scores, truth, otsu);
  console.log(`   quantiles p50 ${q(0.5).toFixed(4)} p75 ${q(0.75).toFixed(4)} p90 ${q(0.9).toFixed(4)} p95 ${q(0.95).toFixed(4)} p99 ${q(0.99).toFixed(4)}; otsu ${otsu.toFixed(4)} F1 ${fo.f1.toFixed(3)}`);
  if (values.verbose) {
    const rows = pages.map((x, i) => ({ url: x.url, s: scores[i], rel: truth[i] })).sort((a, b) => b.s - a.s);
    for (const r of rows.slice(0, 25)) console.log(`  ${r.rel ? "+" : " "} ${r.s.toFixed(3)} ${r.url}`);
    const byHost = new Map<string, { n: number; rel: number; sum: number; relSum: number }>();
    rows.forEach((r) => { const h = new URL(r.url).host; const e = byHost.get(h) ?? { n: 0, rel: 0, sum: 0, relSum: 0 }; e.n++; e.sum += r.s; if (r.rel) { e.rel++; e.relSum += r.s; } byHost.set(h, e); });
    for (const [h, e] of byHost) console.log(`  ${h.padEnd(32)} n=${e.n} mean=${(e.sum / e.n).toFixed(3)} rel=${e.rel} relMean=${e.rel ? (e.relSum / e.rel).toFixed(3) : "-"}`);
  }
}

/** The threshold that best splits the log scores into two classes (Otsu's between-class variance). */
function otsuLog(xs: number[]): number {
  const l = xs.map((x) => Math.log(x)).sort((a, b) => a - b);
  let best = { v: -1, t: l[0] };
  const n = l.length; const total = l.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let i = 0; i < n - 1; i++) {
    sum += l[i];
    const w0 = (i + 1) / n, w1 = 1 - w0, m0 = sum / (i + 1), m1 = (total - sum) / (n - i - 1);
    const v = w0 * w1 * (m0 - m1) ** 2;
    if (v > best.v) best = { v, t: (l[i] + l[i + 1]) / 2 };
  }
  return Math.exp(best.t);
}
