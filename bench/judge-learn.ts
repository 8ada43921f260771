/**
 * Does judging 30 pages of a crawl and learning from them raise the page filter's F1? On the
 * realistic web (lib/realweb), its HTML pages standing for a finished crawl that stored them all,
 * a topic of one CLC class alone (with its class knowledge and threshold) scores every page; a
 * person judges 30 content pages, answered by the web's ground truth; the topic then learns from them as the job page's "refine"
 * does (lib/maintenance/refine.ts, lib/topic/feedback-pages.ts: the judged-relevant pages, filled up
 * to 10 with the best-scoring unjudged ones while fewer than 3; against the judged-irrelevant pages,
 * with 200 unjudged content pages below the threshold while fewer than 3), and the threshold the judgments suggest is taken when its cross-validated F1
 * beats the learned topic's at the current threshold (the form's default). The person judges the
 * 30 content pages nearest the threshold (15 over, 15 under: those the filter is least sure of,
 * as the results page's "nearest the threshold" order lists them), or with `--pick best` the 30
 * best-scoring ones. F1 is measured on every page but the 30 judged.
 *   npm run bench:judge-learn -- --data DIR [--targets TP,R,F,S,G,K] [--judge 30]
 */
import { parseArgs } from "node:util";
import { buildRealWeb, labelRealWeb, type RealPage } from "../lib/realweb/build";
import { loadCorpus } from "../lib/realweb/corpora";
import { decodeBody } from "../lib/rules/decode";
import { classifyPageKind, parseHtml } from "../lib/rules/parse";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema, type TopicVector } from "../lib/topic/topic";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { DEFAULT_FEEDBACK_PAGES, MAX_NON_RELEVANT_PAGES, PageCentroid, refineTopic, type FeedbackPage } from "../lib/topic/feedback";
import { pickCounterExamples, pickRelevantPages } from "../lib/topic/feedback-pages";
import { chooseJudgedThreshold, f1AtThreshold, judgedFoldLearner, type JudgedPage } from "../lib/topic/judged-threshold";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";

const { values } = parseArgs({ options: { data: { type: "string" }, targets: { type: "string" }, judge: { type: "string" }, pick: { type: "string" } } });
const JUDGED = Number(values.judge ?? 30);
const JUDGE_MODE = values.pick === "best" ? "best" : "near";
const web = buildRealWeb(loadCorpus(values.data ?? "../shared/data"));
const htmlOf = (p: RealPage) => ("html" in p ? p.html() : p.type.includes("html") ? decodeBody(p.file, p.type).text : undefined);
const pages = [...web.pages].flatMap(([url, p]) => {
  const html = htmlOf(p);
  if (html === undefined) return [];
  const x = parseHtml(html, url);
  return [{ url, title: x.title, text: x.mainText.slice(0, 10_000), kind: classifyPageKind(url, x.anchorTextShare) }];
});
console.log(`${pages.length} HTML pages; ${JUDGED} judged per class`);
console.log("| class | threshold | F1 before | learned, same threshold | learned, threshold from judgments | judged relevant / irrelevant |");
console.log("|---|---:|---:|---:|---:|---|");
for (const target of (values.targets ?? "TP,R,F,S,G,K").split(",")) {
  const labels = labelRealWeb(web, target);
  const topic = buildTopic(TopicDefinitionSchema.parse({ clc: [target] }));
  const threshold = classesThreshold([target]) ?? DEFAULT_PAGE_THRESHOLD;
  const scoresOf = (t: TopicVector) => { const s = topicScorer(t); return pages.map((p) => scorePage(s, p.title, p.text).relevance); };
  const before = scoresOf(topic);
  const order = pages.map((_, i) => i).sort((a, b) => before[b] - before[a] || a - b);
  // Half just over the threshold, half just under: the pages whose judgment the filter is least sure of.
  const content = order.filter((i) => pages[i].kind === "content" && before[i] > 0);
  const firstBelow = content.findIndex((i) => before[i] < threshold);
  const judgedIdx = JUDGE_MODE === "best" ? content.slice(0, JUDGED)
    : [...content.slice(Math.max(0, firstBelow - JUDGED / 2), firstBelow), ...content.slice(firstBelow, firstBelow + JUDGED / 2)];
  const isJudged = new Set(judgedIdx);
  const judged: JudgedPage[] = judgedIdx.map((i) => ({ ...pages[i], isRelevant: labels.pages[pages[i].url]?.relevant ?? false }));
  // As refineJobTopic picks them (lib/topic/feedback-pages.ts): the judgments, filled in by the filter's own picks while they are few.
  const bestUnjudged = order.filter((i) => !isJudged.has(i) && pages[i].kind === "content" && before[i] > 0).slice(0, DEFAULT_FEEDBACK_PAGES).map((i) => pages[i]);
  const belowUnjudged = pages.map((_, i) => i).filter((i) => !isJudged.has(i) && pages[i].kind === "content" && before[i] < threshold)
    .slice(-MAX_NON_RELEVANT_PAGES).map((i) => pages[i]);
  const relevantPages = pickRelevantPages<FeedbackPage>(judged.filter((p) => p.isRelevant), bestUnjudged, DEFAULT_FEEDBACK_PAGES);
  const counter = new PageCentroid(topic);
  for (const p of pickCounterExamples<FeedbackPage>(judged.filter((p) => !p.isRelevant), belowUnjudged)) counter.add(p);
  const below = new PageCentroid(topic);
  for (const p of belowUnjudged) below.add(p);
  const learned = relevantPages.length === 0 ? topic : refineTopic(topic, relevantPages, { judged: judged.filter((p) => p.isRelevant).length, nonRelevant: counter });
  const suggestion = chooseJudgedThreshold(judged, judgedFoldLearner(topic, { pages: DEFAULT_FEEDBACK_PAGES, bestUnjudged, below }), { topic, threshold });
  const after = scoresOf(learned);
  const rest = pages.map((_, i) => i).filter((i) => !isJudged.has(i));
  const truth = rest.map((i) => labels.pages[pages[i].url]?.relevant ?? false);
  const f1 = (s: number[], t: number) => f1AtThreshold(rest.map((i) => s[i]), truth, t).toFixed(3);
  const taken = suggestion && suggestion.cvF1 > suggestion.keptF1 ? suggestion.threshold : threshold;
  const nRel = judged.filter((p) => p.isRelevant).length;
  console.log(`| ${target} | ${threshold} | ${f1(before, threshold)} | ${f1(after, threshold)} | ${f1(after, taken)} (${taken}${suggestion ? `; CV F1 now ${suggestion.currentF1}, learned ${suggestion.keptF1} → ${suggestion.cvF1}` : ""}) | ${nRel} / ${judged.length - nRel} |`);
}
