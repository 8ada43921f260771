/**
 * Page-filter accuracy on real news headlines (THUCNews, 10,000 headlines of 10 classes, from the
 * lab's data folder; never used to learn the class knowledge): each class's topic built from its
 * CLC class alone, every headline scored as a page title with no body.
 *   npm run bench:relevance-news -- [--data ../shared/data] [--knowledge off]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";
import { f1At, rocAuc } from "./csl";
import { loadThucNewsDev } from "./thucnews";

const { values } = parseArgs({ options: { data: { type: "string" }, knowledge: { type: "string" } } });
const { news, targets } = loadThucNewsDev(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const isKnowledge = values.knowledge !== "off";
console.log(`${news.length} headlines; class knowledge ${isKnowledge ? "on" : "off"}`);
console.log("| CLC | positives | ROC-AUC | own threshold | F1 at it (P / R) | F1 at 0.035 | best F1 in hindsight |\n|---|---:|---:|---:|---|---:|---|");
const rows = targets.map((code) => {
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [code], classKnowledge: isKnowledge })));
  const scores = news.map((n) => scorePage(scorer, n.title, "").relevance);
  const labels = news.map((n) => n.codes.some((c) => c.startsWith(code)));
  const own = (isKnowledge ? classesThreshold([code]) : undefined) ?? DEFAULT_PAGE_THRESHOLD;
  const at = f1At(scores, labels, own);
  const grid = Array.from({ length: 200 }, (_, i) => 0.0025 * (i + 1));
  const best = grid.map((t) => ({ t, ...f1At(scores, labels, t) })).reduce((a, b) => (b.f1 > a.f1 ? b : a));
  const auc = rocAuc(scores, labels);
  console.log(`| ${code} | ${labels.filter(Boolean).length} | ${auc.toFixed(3)} | ${own} | ${at.f1.toFixed(3)} (${at.precision.toFixed(2)} / ${at.recall.toFixed(2)}) | ${f1At(scores, labels, DEFAULT_PAGE_THRESHOLD).f1.toFixed(3)} | ${best.f1.toFixed(3)} at ${best.t.toFixed(4)} |`);
  return { auc, f1: at.f1 };
});
console.log(`\nmean ROC-AUC ${(rows.reduce((s, r) => s + r.auc, 0) / rows.length).toFixed(3)}, mean F1 at the topics' own thresholds ${(rows.reduce((s, r) => s + r.f1, 0) / rows.length).toFixed(3)}`);
