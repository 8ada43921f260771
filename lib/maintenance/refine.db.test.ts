import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { adaptDueTopics, canUndoTopicRefinement, refineJobTopic, undoTopicRefinement } from "./refine";
import { rescoreBatch } from "./rescore";

const ctx = useTestDatabase();

/** Store pages (title, text, relevance) as a crawl would, under the job's current topic revision. */
async function addPages(jobId: number, pages: [string, string, number][]) {
  const [{ stored }] = await ctx.db.sql`select count(*)::int as stored from pages where job_id = ${jobId}`;
  for (const [k, [title, text, relevance]] of pages.entries()) {
    const i = stored + k;
    const [f] = await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status) values (${jobId}, ${`http://x.test/${i}`}, ${`http://x.test/${i}`}, 'x.test', 1, 'done') returning id`;
    await ctx.db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, title, main_text, relevance, is_relevant, depth)
      values (${jobId}, ${f.id}, ${`http://x.test/${i}`}, ${`http://x.test/${i}`}, 200, ${title}, ${text}, ${relevance}, false, 1)`;
  }
}

test("refining a job's topic learns from judged pages first, then the best-scoring ones, against those below the threshold, and re-scores the stored pages", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "玉米", pageThreshold: "0.05" });
  const [before] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${job.id}`;
  assert.deepEqual(await refineJobTopic(ctx.db.sql, job.id, { pages: 3 }), { ok: false, kind: "conflict", reason: "no-pages",
    message: "the job has no pages to learn from yet: wait until it stored some that match the topic, or judge some relevant" });
  await addPages(job.id, [
    ["玉米新品种选育", "玉米 新品种 选育 产量 抗病性", 0.3], // judged relevant
    ["玉米栽培", "玉米 密植 施肥 灌溉", 0.9], // best-scoring
    ["玉米饲料", "玉米 饲料 加工", 0.8], // judged irrelevant: a counter-example, never learned from
    ["杂交种选育", "新品种 选育 产量 抗病性 试验", 0.06], // shares words with the judged page only
    ["软件工程", "软件 计算机 程序", 0], // below the threshold: a counter-example
  ]);
  await ctx.db.sql`update pages set judgement = case title when '玉米新品种选育' then 'relevant' when '玉米饲料' then 'irrelevant' end where job_id = ${job.id}`;

  const r = await refineJobTopic(ctx.db.sql, job.id, { pages: 2 });
  assert.ok(r.ok);
  assert.deepEqual([r.pages, r.judged, r.nonRelevant], [2, 1, 2]);
  assert.ok(r.added.includes("选育") && r.added.includes("密植"), r.added.join(","));
  assert.ok(!r.added.includes("饲料") && !r.added.includes("软件"), "counter-examples are never learned from");
  const [after] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${job.id}`;
  assert.equal(after.topic_revision, before.topic_revision + 1);
  assert.deepEqual(after.topic_snapshot.baseTerms, before.topic_snapshot.terms);
  assert.deepEqual(after.topic_snapshot.feedback, { pages: 2, judged: 1, nonRelevant: 2, added: r.added });
  const [event] = await ctx.db.sql`select message from job_events where job_id = ${job.id} and kind = 'topic-refined'`;
  assert.match(event.message, /^Topic refined from 2 pages \(1 judged relevant\) and 2 below the threshold/);

  while (await rescoreBatch(ctx.db.sql, 10));
  const rows = await ctx.db.sql`select title, is_relevant from pages where job_id = ${job.id} order by id`;
  assert.deepEqual(Object.fromEntries(rows.map((p) => [p.title, p.is_relevant])),
    { 玉米新品种选育: true, 玉米栽培: true, 玉米饲料: true, 杂交种选育: true, 软件工程: false });

  assert.equal((await refineJobTopic(ctx.db.sql, job.id, { pages: 0 })).ok, false);
  assert.deepEqual(await refineJobTopic(ctx.db.sql, 987654, { pages: 5 }), { ok: false, kind: "not-found", reason: "no-job", message: "job 987654 does not exist" });
});

test("a running job's topic adapts by itself once it has fetched adaptTopicAfter pages of which 3 passed its threshold, and only once", async () => {
  const crops = Array.from({ length: 12 }, (_, i) => [`玉米品种${i}`, `玉米 品种 选育 产量 试验 第${i}组`, 0.5] as [string, string, number]);
  const noise = Array.from({ length: 8 }, (_, i) => [`软件${i}`, `软件 计算机 程序 测试 第${i}版`, 0] as [string, string, number]);
  const due = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "20" });
  const early = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "50" });
  const never = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "0" });
  const offTopic = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "20" });
  // Threshold 0: every page counts as relevant, but none shares a word with the topic.
  const wordless = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "20", pageThreshold: "0" });
  for (const job of [due, early, never, offTopic]) {
    await addPages(job.id, [...crops, ...noise]);
    await ctx.db.sql`update jobs set pages_fetched = 20, pages_relevant = ${job.id === offTopic.id ? 2 : 12} where id = ${job.id}`;
  }
  await addPages(wordless.id, noise);
  await ctx.db.sql`update jobs set pages_fetched = 20, pages_relevant = 20 where id = ${wordless.id}`;
  const logged: string[] = [];
  const adapted = await adaptDueTopics(ctx.db.sql, (l) => logged.push(l));
  assert.deepEqual(adapted.filter((id) => [due.id, early.id, never.id, offTopic.id, wordless.id].includes(id)), [due.id],
    "not before adaptTopicAfter pages, never with 0, not with fewer than 3 relevant pages, not without a page to learn from");
  assert.deepEqual(logged, []);
  const [j] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${due.id}`;
  assert.equal(j.topic_revision, 2);
  assert.equal(j.topic_snapshot.feedback.isAuto, true);
  assert.deepEqual([j.topic_snapshot.feedback.pages, j.topic_snapshot.feedback.nonRelevant], [10, 8]);
  assert.ok(j.topic_snapshot.feedback.added.includes("选育"), j.topic_snapshot.feedback.added.join(","));
  const [event] = await ctx.db.sql`select message from job_events where job_id = ${due.id} and kind = 'topic-adapted'`;
  assert.match(event.message, /^Topic adapted by itself from 10 pages/);
  // Once adapted (and re-scored), it does not adapt again.
  while (await rescoreBatch(ctx.db.sql, 50));
  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === due.id), []);
  // A job not running does not adapt either.
  await ctx.db.sql`update jobs set status = 'paused' where id = ${early.id}`;
  await ctx.db.sql`update jobs set pages_fetched = 60 where id = ${early.id}`;
  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === early.id), []);
});

test("learning by itself reads content pages only, is put off while fewer than 3 pass the threshold, and tries again at twice the pages", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "20", pageThreshold: "0.1" });
  // Two content pages over the threshold and many list pages that score higher still (their titles name the topic).
  await addPages(job.id, [
    ...Array.from({ length: 6 }, (_, i) => [`玉米 list ${i}`, `玉米 list html 首页 栏目 第${i}页`, 0.9] as [string, string, number]),
    ["玉米品种", "玉米 品种 选育 产量", 0.5], ["玉米栽培", "玉米 密植 施肥 灌溉", 0.4],
    ...Array.from({ length: 6 }, (_, i) => [`软件${i}`, `软件 计算机 程序 第${i}版`, 0] as [string, string, number]),
  ]);
  await ctx.db.sql`update pages set page_kind = 'hub' where job_id = ${job.id} and title like '%list%'`;
  await ctx.db.sql`update jobs set pages_fetched = 30, pages_relevant = 8 where id = ${job.id}`;

  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === job.id), []);
  const [j] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${job.id}`;
  assert.equal(j.topic_revision, 1, "the topic is not replaced");
  assert.deepEqual(j.topic_snapshot.adaptDeferred, { retryAtPages: 60, reason: "few-pages" });
  const events = await ctx.db.sql`select message from job_events where job_id = ${job.id} and kind = 'topic-adapt-deferred'`;
  assert.deepEqual(events.map((e) => e.message), ["Topic learning put off until 60 pages: fewer than 3 content pages over the threshold to learn from"]);

  // Not again before 60 pages, even with enough pages now.
  await addPages(job.id, [["玉米育种", "玉米 育种 杂交 选育", 0.6]]);
  await ctx.db.sql`update jobs set pages_fetched = 59 where id = ${job.id}`;
  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === job.id), []);
  assert.equal((await ctx.db.sql`select count(*)::int as n from job_events where job_id = ${job.id} and kind = 'topic-adapt-deferred'`)[0].n, 1);

  await ctx.db.sql`update jobs set pages_fetched = 60 where id = ${job.id}`;
  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === job.id), [job.id]);
  const [after] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${job.id}`;
  assert.equal(after.topic_revision, 2);
  assert.equal(after.topic_snapshot.adaptDeferred, undefined, "the learned topic no longer says it was put off");
  assert.deepEqual([after.topic_snapshot.feedback.pages, after.topic_snapshot.feedback.nonRelevant], [3, 6]);
  const terms = new Map<string, number>(after.topic_snapshot.terms);
  assert.ok(terms.has("选育") && terms.has("密植"), "learned from the content pages");
  assert.ok(!terms.has("list") && !terms.has("栏目"), "never from the list pages");
});

test("learning by itself is put off when the learned topic would let through more than 5% of the pages below the threshold", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "玉米", adaptTopicAfter: "20", pageThreshold: "0.1" });
  await addPages(job.id, [
    ...Array.from({ length: 4 }, (_, i) => [`玉米${i}`, `玉米 品种 选育 产量 第${i}批`, 0.5] as [string, string, number]),
    // Below the threshold under the topic as built; two of them share the relevant pages' other words.
    ["品种选育", "品种 选育 产量", 0], ["产量", "品种 选育 产量 统计", 0],
    ...Array.from({ length: 8 }, (_, i) => [`软件${i}`, `软件 计算机 程序 第${i}版`, 0] as [string, string, number]),
  ]);
  await ctx.db.sql`update jobs set pages_fetched = 20, pages_relevant = 4 where id = ${job.id}`;
  const manual = await refineJobTopic(ctx.db.sql, job.id, { isAuto: true });
  assert.equal(manual.ok, false);
  assert.equal(!manual.ok && manual.reason, "unsafe");
  assert.match(!manual.ok ? manual.message : "", /would let through 20\.0% of the 10 pages below the threshold \(at most 5%\)/);

  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === job.id), []);
  const [j] = await ctx.db.sql`select topic_revision, topic_snapshot from jobs where id = ${job.id}`;
  assert.equal(j.topic_revision, 1);
  assert.deepEqual(j.topic_snapshot.adaptDeferred, { retryAtPages: 40, reason: "unsafe" });
  // A person may still refine it on request: the guard is for learning by itself.
  assert.equal((await refineJobTopic(ctx.db.sql, job.id)).ok, true);
});

test("a refinement can be previewed without writing, takes the threshold the judgments suggest when asked, and is undone exactly", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "玉米", pageThreshold: "0.05", adaptTopicAfter: "10" });
  await addPages(job.id, [
    ...Array.from({ length: 4 }, (_, i) => [`玉米品种${i}`, `玉米 品种 选育 产量 抗病性 第${i}组`, 0.4] as [string, string, number]),
    ...Array.from({ length: 4 }, (_, i) => [`期货行情${i}`, `期货 价格 行情 交易 玉米 第${i}周`, 0.3] as [string, string, number]),
    ...Array.from({ length: 4 }, (_, i) => [`软件${i}`, `软件 计算机 程序 第${i}版`, 0] as [string, string, number]),
  ]);
  await ctx.db.sql`update pages set judgement = case when title like '玉米品种%' then 'relevant' when title like '期货行情%' then 'irrelevant' end where job_id = ${job.id}`;
  const [before] = await ctx.db.sql`select topic_revision, topic_snapshot, page_threshold from jobs where id = ${job.id}`;
  assert.equal(await canUndoTopicRefinement(ctx.db.sql, job.id), false);
  assert.deepEqual(await undoTopicRefinement(ctx.db.sql, job.id), { ok: false, kind: "conflict", reason: "nothing-to-undo", message: "the job's topic has not learned anything to undo" });

  const preview = await refineJobTopic(ctx.db.sql, job.id, { pages: 4, isPreview: true });
  assert.ok(preview.ok);
  assert.equal(preview.applied, false);
  assert.ok(preview.diff.added.some((c) => c.term === "选育" && c.before === 0 && c.after > 0), JSON.stringify(preview.diff.added));
  assert.ok(!preview.diff.added.some((c) => c.term === "期货"), "a page judged irrelevant is never learned from");
  const suggested = preview.threshold.suggested;
  assert.ok(suggested, "4 pages judged on each side are enough to choose a threshold");
  assert.deepEqual([suggested.relevant, suggested.irrelevant], [4, 4]);
  assert.ok(suggested.threshold > 0 && suggested.threshold <= 0.3 && suggested.cvF1 >= 0 && suggested.cvF1 <= 1);
  const [unchanged] = await ctx.db.sql`select topic_revision, topic_snapshot, page_threshold from jobs where id = ${job.id}`;
  assert.deepEqual(unchanged, before, "a preview writes nothing");

  const applied = await refineJobTopic(ctx.db.sql, job.id, { pages: 4, isThresholdApplied: true });
  assert.ok(applied.ok && applied.applied);
  const [after] = await ctx.db.sql`select topic_revision, page_threshold from jobs where id = ${job.id}`;
  assert.deepEqual([after.topic_revision, after.page_threshold], [before.topic_revision + 1, applied.threshold.suggested!.threshold]);
  assert.equal(await canUndoTopicRefinement(ctx.db.sql, job.id), true);

  const undone = await undoTopicRefinement(ctx.db.sql, job.id);
  assert.deepEqual(undone, { ok: true, restoredRevision: before.topic_revision, threshold: 0.05 });
  const [restored] = await ctx.db.sql`select topic_revision, topic_snapshot, page_threshold from jobs where id = ${job.id}`;
  assert.deepEqual(restored.topic_snapshot, before.topic_snapshot, "the topic is back exactly");
  assert.deepEqual([restored.topic_revision, restored.page_threshold], [before.topic_revision + 2, 0.05], "as a new revision, so stored pages are re-scored");
  assert.equal((await undoTopicRefinement(ctx.db.sql, job.id)).ok, false, "one learning, one undo");
  const [event] = await ctx.db.sql`select message from job_events where job_id = ${job.id} and kind = 'topic-restored'`;
  assert.match(event.message, /^Topic learning undone/);

  // A job whose learning was undone does not learn again by itself.
  await ctx.db.sql`update jobs set status = 'running', pages_fetched = 50, pages_relevant = 10 where id = ${job.id}`;
  while (await rescoreBatch(ctx.db.sql, 50));
  assert.deepEqual((await adaptDueTopics(ctx.db.sql, () => {})).filter((id) => id === job.id), []);
});

test("a threshold the judgments do not improve is not taken even when asked; two learnings undone give the topic and threshold back byte for byte", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "玉米", pageThreshold: "0.05" });
  await addPages(job.id, [
    ...Array.from({ length: 4 }, (_, i) => [`玉米品种${i}`, `玉米 品种 选育 产量 抗病性 第${i}组`, 0.4] as [string, string, number]),
    ...Array.from({ length: 4 }, (_, i) => [`期货行情${i}`, `期货 价格 行情 交易 玉米 第${i}周`, 0.3] as [string, string, number]),
  ]);
  await ctx.db.sql`update pages set judgement = case when title like '玉米品种%' then 'relevant' else 'irrelevant' end where job_id = ${job.id}`;
  const exact = async () => (await ctx.db.sql`select topic_snapshot::text as topic, float8send(page_threshold) as threshold from jobs where id = ${job.id}`)[0];
  const original = await exact();

  const first = await refineJobTopic(ctx.db.sql, job.id, { pages: 4, isThresholdApplied: true });
  assert.ok(first.ok && first.threshold.suggested?.isProposed, "0.05 lets every judged page through: a threshold between them is proposed");
  assert.equal(first.thresholdApplied, true);
  const learned = await exact();
  // Now the threshold already tells the judged pages apart: the one chosen again may differ, but F1 cannot rise.
  const again = await refineJobTopic(ctx.db.sql, job.id, { pages: 4, isPreview: true });
  assert.ok(again.ok && again.threshold.suggested);
  assert.equal(again.threshold.suggested.isProposed, false, JSON.stringify(again.threshold.suggested));
  assert.ok(again.threshold.suggested.cvF1 <= again.threshold.suggested.keptF1);
  const second = await refineJobTopic(ctx.db.sql, job.id, { pages: 4, isThresholdApplied: true });
  assert.ok(second.ok && second.applied);
  assert.equal(second.thresholdApplied, false);
  assert.equal((await ctx.db.sql`select page_threshold from jobs where id = ${job.id}`)[0].page_threshold, first.threshold.suggested!.threshold);

  assert.ok((await undoTopicRefinement(ctx.db.sql, job.id)).ok);
  assert.deepEqual(await exact(), learned, "the first learning's topic and threshold, byte for byte");
  assert.ok((await undoTopicRefinement(ctx.db.sql, job.id)).ok);
  assert.deepEqual(await exact(), original, "the topic and threshold as built, byte for byte");
});

test("a class topic that learns from judged pages loses the field posterior's lift, says so, and gets it back on undo", async () => {
  const job = await makeJob(ctx.db.url, { clc: "F8", keywords: "" });
  const snapshot = async () => (await ctx.db.sql`select topic_snapshot from jobs where id = ${job.id}`)[0].topic_snapshot;
  assert.equal((await snapshot()).fieldLift, "by-length", "a class topic is built with the lift");
  await addPages(job.id, [
    ["银行理财产品收益率下降", "商业银行 理财 产品 收益率 存款 利率 货币 政策", 0.3],
    ["央行货币政策", "货币 政策 利率 银行 信贷", 0.2],
    ["篮球比赛", "球队 比赛 篮球 联赛", 0],
  ]);
  const unjudged = await refineJobTopic(ctx.db.sql, job.id, { pages: 2, isPreview: true });
  assert.ok(unjudged.ok && !unjudged.isLiftDropped, "best-scoring pages alone are no judgment");
  await ctx.db.sql`update pages set judgement = 'relevant' where job_id = ${job.id} and title = '银行理财产品收益率下降'`;
  const r = await refineJobTopic(ctx.db.sql, job.id, { pages: 2 });
  assert.ok(r.ok && r.isLiftDropped);
  assert.equal((await snapshot()).fieldLift, undefined);
  const [event] = await ctx.db.sql`select message from job_events where job_id = ${job.id} and kind = 'topic-refined'`;
  assert.match(event.message, /without the field posterior's lift/);
  assert.ok((await undoTopicRefinement(ctx.db.sql, job.id)).ok);
  assert.equal((await snapshot()).fieldLift, "by-length");
});
