import assert from "node:assert/strict";
import { test } from "node:test";
import { idf } from "./idf";
import { feedbackCentroid, NON_RELEVANT_WEIGHT, PageCentroid, refineTopic, RELEVANT_WEIGHT } from "./feedback";
import { selectLearnedTerms } from "./learned-terms";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "./topic";

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

test("the centroid is the mean of the pages' unit vectors, negative terms left out", () => {
  const topic = topicOf({ keywords: "玉米", negative: "饲料" });
  // One page, "品种 品种 育种" with title "玉米": tf 品种 2, 育种 1, 玉米 3 (title ×3).
  const c = feedbackCentroid(topic, [{ title: "玉米", text: "品种 品种 育种 饲料" }]);
  const raw = { 品种: (1 + Math.log(2)) * idf("品种"), 育种: idf("育种"), 玉米: (1 + Math.log(3)) * idf("玉米") };
  const n = Math.hypot(...Object.values(raw), idf("饲料")); // the page's own norm counts every word it has
  assert.deepEqual([...c.keys()].sort(), ["品种", "玉米", "育种"].sort());
  for (const [t, w] of Object.entries(raw)) assert.ok(Math.abs(c.get(t)! - w / n) < 1e-12, t);
  // Two pages: each contributes half its unit vector.
  const two = feedbackCentroid(topic, [{ title: "", text: "品种" }, { title: "", text: "育种" }]);
  assert.ok(Math.abs(two.get("品种")! - 0.5) < 1e-12 && Math.abs(two.get("育种")! - 0.5) < 1e-12);
});

test("refining: refined = L2(top K(base + β · relevant centroid − γ · non-relevant centroid)); refining again replaces the feedback", () => {
  const topic = topicOf({ keywords: "玉米,小麦", topK: 10 });
  // 14 words of which the topic keeps its 10 strongest.
  const pages = [{ title: "", text: "品种 选育 产量 抗病性 区域 试验 杂交 自交系 籽粒 灌浆 株高 穗长 品种 选育" }];
  // A page below the threshold shares 试验 and 区域 with the relevant one: they should weigh less.
  const others = [{ title: "", text: "软件 试验 区域 网络" }];
  const nonRelevant = new PageCentroid(topic).add(others[0]);
  const refined = refineTopic(topic, pages, { nonRelevant });
  const c = feedbackCentroid(topic, pages);
  const sum = new Map(topic.terms);
  for (const [t, w] of c) sum.set(t, (sum.get(t) ?? 0) + RELEVANT_WEIGHT * w);
  for (const [t, w] of feedbackCentroid(topic, others)) if (sum.has(t)) sum.set(t, sum.get(t)! - NON_RELEVANT_WEIGHT * w);
  // The top 10, core terms (玉米, 小麦) kept and pieces of longer learned words (自交 of 自交系) left out: lib/topic/learned-terms.test.ts.
  const top = selectLearnedTerms(sum, new Map(topic.terms), new Set(["玉米", "小麦"]), 10);
  assert.ok(!top.some(([t]) => t === "自交" || t === "抗病"), "pieces of 自交系 and 抗病性 are not learned");
  assert.ok(sum.size > 10, "the page brings more words than the topic keeps");
  const n = Math.hypot(...top.map(([, w]) => w));
  assert.deepEqual(refined.terms.map(([t]) => t), top.map(([t]) => t));
  refined.terms.forEach(([t, w], i) => assert.ok(Math.abs(w - top[i][1] / n) < 1e-12, t));
  assert.ok(!refined.terms.some(([t]) => t === "软件" || t === "网络"), "words only the counter-example has never enter");
  const plain = new Map(refineTopic(topic, pages).terms);
  const weight = (t: string) => new Map(refined.terms).get(t) ?? 0;
  assert.ok(weight("试验") < (plain.get("试验") ?? 0) || !new Map(refined.terms).has("试验"), "a word the counter-example shares weighs less");
  assert.deepEqual(refined.baseTerms, topic.terms);
  assert.deepEqual(refined.feedback, { pages: 1, judged: 0, nonRelevant: 1, added: refined.terms.map(([t]) => t).filter((t) => !["玉米", "小麦"].includes(t)) });
  // Refining the refined topic from the same pages gives the same topic (feedback is replaced, not added).
  assert.deepEqual(refineTopic(refined, pages, { nonRelevant }).terms, refined.terms);
});

test("a page like the feedback pages scores higher after refining; pages without words are refused", () => {
  const topic = topicOf({ keywords: "玉米" });
  const page = { title: "杂交种选育", text: "新品种 选育 产量 抗病性 试验" };
  const before = scorePage(topicScorer(topic), page.title, page.text).relevance;
  const refined = refineTopic(topic, [{ title: "玉米新品种选育", text: "玉米 新品种 选育 产量 抗病性 区域试验" }]);
  const after = scorePage(topicScorer(refined), page.title, page.text).relevance;
  assert.equal(before, 0);
  assert.ok(after > 0.15, String(after));
  assert.throws(() => refineTopic(topic, [{ title: "", text: "的 了 和 123" }]), /no words to learn from/);
});

test("a centroid that keeps its pages' words tells the share of them a refined topic scores at or above a threshold", () => {
  const topic = topicOf({ keywords: "玉米" });
  const refined = refineTopic({ ...topic, adaptDeferred: { retryAtPages: 200, reason: "few-pages" } }, [{ title: "玉米", text: "玉米 品种 选育" }]);
  assert.equal(refined.adaptDeferred, undefined, "a topic that learned no longer says learning was put off");
  const pages = [{ title: "", text: "品种 选育" }, { title: "", text: "软件 程序" }, { title: "", text: "软件 品种" }, { title: "", text: "网络" }];
  const scores = pages.map((p) => scorePage(topicScorer(refined), p.title, p.text).relevance);
  assert.ok(scores[0] > scores[2] && scores[2] > 0 && scores[1] === 0 && scores[3] === 0, scores.join(","));
  const below = new PageCentroid(topic, { keepTerms: true });
  for (const p of pages) below.add(p);
  assert.equal(below.shareAtOrAbove(refined, scores[2]), 0.5);
  assert.equal(below.shareAtOrAbove(refined, (scores[0] + scores[2]) / 2), 0.25);
  assert.equal(below.shareAtOrAbove(refined, 1.01), 0);
  assert.equal(below.shareAtOrAbove(topic, 0.0001), 0, "the topic as built lets none through");
  assert.equal(new PageCentroid(topic, { keepTerms: true }).shareAtOrAbove(refined, 0), 0);
  assert.throws(() => new PageCentroid(topic).add(pages[0]).shareAtOrAbove(refined, 0), /needs \{ keepTerms: true \}/);
});

test("a topic learns whole words only: never search mode's fragments, never filler", () => {
  const topic = topicOf({ keywords: "计算机" });
  const pages = Array.from({ length: 5 }, () => ({ title: "分布式数据库", text: "本文基于分布式数据库提出一种查询优化算法，算法是关键。地震预警系统的数据库设计。" }));
  const added = new Set(refineTopic(topic, pages).terms.map(([t]) => t));
  for (const word of ["分布式", "数据库", "查询", "优化", "算法"]) assert.ok(added.has(word), `${word} is a word of the pages`);
  for (const fragment of ["据库", "布式", "法是", "算机"]) assert.ok(!added.has(fragment), `fragment ${fragment} learned`);
  for (const filler of ["本文", "基于", "提出"]) assert.ok(!added.has(filler), `filler ${filler} learned`);
});

test("a class topic that learns from a person's judgments drops the field posterior's lift; learning by itself keeps it", () => {
  const topic = topicOf({ clc: ["F8"] });
  assert.equal(topic.fieldLift, "by-length");
  const pages = [{ title: "银行理财产品收益率下降", text: "商业银行 理财 产品 收益率 存款 利率 货币 政策" }];
  const nonRelevant = new PageCentroid(topic).add({ title: "", text: "篮球 比赛 球队" });
  assert.equal(refineTopic(topic, pages, { nonRelevant, isAuto: true }).fieldLift, "by-length", "the crawler's own learning keeps it");
  assert.equal(refineTopic(topic, pages, { nonRelevant }).fieldLift, "by-length", "best-scoring pages alone are no judgment");
  const judged = refineTopic(topic, pages, { nonRelevant, judged: 1 });
  assert.equal(judged.fieldLift, undefined, "a page judged relevant");
  assert.equal(refineTopic(topic, pages, { nonRelevant, judgedIrrelevant: 1 }).fieldLift, undefined, "a page judged irrelevant");
  const page = { title: "银行理财产品收益率下降 股市震荡", text: "" };
  const lifted = scorePage(topicScorer(judged), page.title, page.text);
  assert.equal(lifted.field?.posterior, undefined, "scored by its words and the rival weighing alone");
  assert.ok(lifted.field && Math.abs(lifted.relevance - Math.min(1, lifted.field.before * lifted.field.factor)) < 1e-12);
});
