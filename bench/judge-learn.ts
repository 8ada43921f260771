/**
 * Does judging a few pages of a crawl and learning from them raise the page filter's F1? On the
 * realistic web (lib/realweb), its HTML pages standing for a finished crawl that stored them all,
 * a topic of one CLC class alone (with its class knowledge and threshold) scores every page; a
 * person judges `--judge` pages, answered by the web's ground truth; the topic then learns from
 * them as the job page's "refine" does (lib/maintenance/refine.ts, lib/topic/feedback-pages.ts:
 * the judged-relevant pages, filled up to 10 with the best-scoring unjudged ones while fewer
 * than 3; against the judged-irrelevant pages, with 200 unjudged content pages below the
 * threshold while fewer than 3), and takes the threshold the judgments propose (one is proposed
 * only when its cross-validated F1 rises, lib/topic/judged-threshold.ts). F1 is measured on every
 * page but the judged ones.
 *
 * Which pages are judged (`--pick`):
 *   product  the results page's "judge these" (lib/results/judge-batch.ts), batch after batch of 5
 *            over the unjudged pages with main text; with `--relearn` the topic learns (and takes
 *            a proposed threshold) after each batch, so the next batch is chosen by what it learned
 *   random   pages with main text drawn at random (`--seed`, default 1)
 *   near     the content pages nearest the threshold, half over and half under
 *   best     the best-scoring content pages
 * The web's texts are spread over its hosts by `--layout` (lib/realweb/build.ts): `sites` (default,
 * about twenty hosts) or `long-tail` (several hundred), which changes the pages' site names and
 * so which pages a batch spread over sites takes.
 *   npm run bench:judge-learn -- --data DIR [--targets TP,R,F,S,G,K] [--judge 20] [--pick product|random|near|best] [--relearn] [--seed 1] [--layout sites|long-tail]
 */
import { parseArgs } from "node:util";
import { isRealWebLayout, labelRealWeb, REALWEB_LAYOUTS } from "../lib/realweb/build";
import { classifyPageKind } from "../lib/rules/parse";
import { realWebPages } from "./realweb-pages";
import { createRng } from "../lib/rules/random";
import { buildTopic, pageTerms, scoreTerms, topicScorer, TopicDefinitionSchema, type TopicVector } from "../lib/topic/topic";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { DEFAULT_FEEDBACK_PAGES, MAX_NON_RELEVANT_PAGES, PageCentroid, refineTopic, type FeedbackPage } from "../lib/topic/feedback";
import { pickCounterExamples, pickRelevantPages } from "../lib/topic/feedback-pages";
import { chooseJudgedThreshold, f1AtThreshold, judgedFoldLearner, type JudgedPage, type JudgedThreshold } from "../lib/topic/judged-threshold";
import { JUDGE_BATCH_SIZE, pickJudgeBatch } from "../lib/results/judge-batch";
import { DEFAULT_PAGE_THRESHOLD } from "../lib/jobs/input";

const { values } = parseArgs({ options: {
  data: { type: "string" }, targets: { type: "string" }, judge: { type: "string" }, pick: { type: "string" }, seed: { type: "string" }, relearn: { type: "boolean" }, layout: { type: "string" },
} });
const JUDGED = Number(values.judge ?? 30);
const PICK = values.pick ?? "near";
if (!["product", "random", "near", "best"].includes(PICK)) throw new Error(`--pick: product, random, near or best, not ${PICK}`);
const SEED = Number(values.seed ?? 1);
const LAYOUT = values.layout ?? "sites";
if (!isRealWebLayout(LAYOUT)) throw new Error(`--layout: ${REALWEB_LAYOUTS.join(" or ")}, not ${LAYOUT}`);
const { web, pages: webPages } = realWebPages(values.data ?? "../shared/data", { layout: LAYOUT });
const pages = webPages.map((x) => ({ url: x.url, host: new URL(x.url).host, title: x.title, text: x.text.slice(0, 10_000), kind: classifyPageKind(x.url, x.anchorTextShare) }));
const ALL = pages.map((_, i) => i);
// Every page segmented once (class topics have no user dictionary, so one segmentation serves them all).
const noDict = topicScorer({ terms: [] });
const segmented = pages.map((p) => ({ title: pageTerms(noDict, p.title), text: pageTerms(noDict, p.text) }));

/** The topic and threshold after learning from `judgedIdx` as refineJobTopic does, with the threshold taken when proposed. */
function learnFrom(topic: TopicVector, threshold: number, scores: number[], judgedIdx: number[], truth: (i: number) => boolean) {
  const isJudged = new Set(judgedIdx);
  const judged: JudgedPage[] = judgedIdx.map((i) => ({ ...pages[i], isRelevant: truth(i) }));
  const order = [...ALL].sort((a, b) => scores[b] - scores[a] || a - b);
  const bestUnjudged = order.filter((i) => !isJudged.has(i) && pages[i].kind === "content" && scores[i] > 0).slice(0, DEFAULT_FEEDBACK_PAGES).map((i) => pages[i]);
  const belowUnjudged = ALL.filter((i) => !isJudged.has(i) && pages[i].kind === "content" && scores[i] < threshold).slice(-MAX_NON_RELEVANT_PAGES).map((i) => pages[i]);
  const relevantPages = pickRelevantPages<FeedbackPage>(judged.filter((p) => p.isRelevant), bestUnjudged, DEFAULT_FEEDBACK_PAGES);
  const counter = new PageCentroid(topic);
  for (const p of pickCounterExamples<FeedbackPage>(judged.filter((p) => !p.isRelevant), belowUnjudged)) counter.add(p);
  const below = new PageCentroid(topic);
  for (const p of belowUnjudged) below.add(p);
  const learned = relevantPages.length === 0 ? topic : refineTopic(topic, relevantPages, { judged: judged.filter((p) => p.isRelevant).length, judgedIrrelevant: judged.filter((p) => !p.isRelevant).length, nonRelevant: counter });
  const suggestion = chooseJudgedThreshold(judged, judgedFoldLearner(topic, { pages: DEFAULT_FEEDBACK_PAGES, bestUnjudged, below }), { topic, threshold });
  return { learned, suggestion, taken: suggestion?.isProposed ? suggestion.threshold : threshold };
}

/** The state the last judgments are learned from: the topic and threshold in use and its scores. */
interface Learning { topic: TopicVector; threshold: number; scores: number[] }

/** The pages a person judges, by `PICK`, and (with `--relearn`) what the topic had learned before the last batch. */
function pickJudged(topic: TopicVector, threshold: number, truth: (i: number) => boolean, scoresOf: (t: TopicVector) => number[]): { judged: number[]; state: Learning } {
  const scores = scoresOf(topic);
  const start = { topic, threshold, scores };
  if (PICK === "random") {
    const rng = createRng(SEED);
    const pool = ALL.filter((i) => pages[i].text !== "");
    for (let i = pool.length - 1; i > 0; i--) { const j = rng.int(i + 1); [pool[i], pool[j]] = [pool[j], pool[i]]; }
    return { judged: pool.slice(0, JUDGED), state: start };
  }
  if (PICK === "product") {
    const judged: number[] = [];
    let state = start;
    while (judged.length < JUDGED) {
      const isJudged = new Set(judged);
      const candidates = ALL.filter((i) => !isJudged.has(i) && pages[i].text !== "").map((i) => ({ id: String(i), host: pages[i].host, kind: pages[i].kind, relevance: state.scores[i] }));
      const batch = pickJudgeBatch(candidates, state.threshold, Math.min(JUDGE_BATCH_SIZE, JUDGED - judged.length));
      if (batch.length === 0) break;
      judged.push(...batch.map((c) => Number(c.id)));
      // "Learn, then next batch": the topic learns from every judgment so far (from its base terms, as a refinement does).
      if (values.relearn && judged.length < JUDGED) {
        const next = learnFrom(state.topic, state.threshold, state.scores, judged, truth);
        state = { topic: next.learned, threshold: next.taken, scores: scoresOf(next.learned) };
      }
    }
    return { judged, state };
  }
  const order = [...ALL].sort((a, b) => scores[b] - scores[a] || a - b);
  const content = order.filter((i) => pages[i].kind === "content" && scores[i] > 0);
  if (PICK === "best") return { judged: content.slice(0, JUDGED), state: start };
  // Half just over the threshold, half just under: the pages whose judgment the filter is least sure of.
  const firstBelow = content.findIndex((i) => scores[i] < threshold);
  return { judged: [...content.slice(Math.max(0, firstBelow - JUDGED / 2), firstBelow), ...content.slice(firstBelow, firstBelow + JUDGED / 2)], state: start };
}

const describe = (s: JudgedThreshold | undefined) => !s ? "no proposal: fewer than 3 judged on a side"
  : `${s.isProposed ? "proposed" : `kept (${s.keptBecause})`} ${s.threshold}; CV F1 ${s.keptF1} → ${s.cvF1} [${s.interval[0]}–${s.interval[1]}]`;

console.log(`${pages.length} HTML pages (${LAYOUT} layout); ${JUDGED} judged per class, picked by ${PICK}${PICK === "random" ? ` (seed ${SEED})` : ""}${values.relearn ? ", learning after each batch" : ""}`);
console.log("| class | threshold | F1 before | learned, same threshold | learned + threshold when proposed | judged relevant / irrelevant (hosts) | threshold from judgments |");
console.log("|---|---:|---:|---:|---:|---|---|");
for (const target of (values.targets ?? "TP,R,F,S,G,K").split(",")) {
  const labels = labelRealWeb(web, target);
  const truth = (i: number) => labels.pages[pages[i].url]?.relevant ?? false;
  const topic = buildTopic(TopicDefinitionSchema.parse({ clc: [target] }));
  const threshold = classesThreshold([target]) ?? DEFAULT_PAGE_THRESHOLD;
  const scoresOf = (t: TopicVector) => { const s = topicScorer(t); return segmented.map((p) => scoreTerms(s, p.title, p.text).relevance); };
  const before = scoresOf(topic);
  const { judged: judgedIdx, state } = pickJudged(topic, threshold, truth, scoresOf);
  const { learned, suggestion, taken } = learnFrom(state.topic, state.threshold, state.scores, judgedIdx, truth);
  const after = scoresOf(learned);
  const isJudged = new Set(judgedIdx);
  const rest = ALL.filter((i) => !isJudged.has(i));
  const f1 = (s: number[], t: number) => f1AtThreshold(rest.map((i) => s[i]), rest.map(truth), t).toFixed(3);
  // "learned, same threshold": the threshold in use when the last judgments were learned (the class's own, unless an earlier batch's learning took a proposed one).
  const nRel = judgedIdx.filter(truth).length;
  const hosts = new Set(judgedIdx.map((i) => pages[i].host)).size;
  console.log(`| ${target} | ${threshold} | ${f1(before, threshold)} | ${f1(after, state.threshold)} | **${f1(after, taken)}** (${taken}) | ${nRel} / ${judgedIdx.length - nRel} (${hosts}) | ${describe(suggestion)} |`);
}
